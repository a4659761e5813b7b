/**
 * Issue 24, finding 6: hidden products and plans (the staff rate `digital-staff` at 1.00 € instead
 * of 9.99 €, the invitation-only `demo-insider`) are listed and sold only to the accounts their
 * `visibleToRoles` name: not to a visitor asking with showHidden=true, not to an account without
 * the role, in version 2 orders, the version 1 basket and the version 1 transaction.
 */
import { randomUUID } from 'node:crypto';
import { productGroupSchema, productSchema, type V1Basket } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig, type SeedConfig } from '../../src/seed-config';
import { storedCatalogue } from '../../src/widget/catalogue';
import { loginOk, testClock, testServer } from '../helpers';
import { call, seededPerson } from './helpers';

const clock = testClock(Date.UTC(2030, 0, 10, 12));
let server: PreparedServer;

const person = seededPerson;

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: {
      ...seedConfig,
      accounts: [
        ...seedConfig.accounts,
        person('reader@foyer.test', ['reader']),
        person('insider@foyer.test', ['insider']),
        person('staff@foyer.test', ['staff']),
      ],
    },
  });
});
afterAll(() => server.close());

async function sessionOf(email: string): Promise<{ session: string; guid: string }> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

async function listed(session?: string): Promise<{ products: string[]; plans: string[] }> {
  const response = await call(server, 'GET', '/widget/productgroup/demo', {
    query: { showHidden: 'true' },
    ...(session ? { session } : {}),
  });
  expect(response.statusCode).toBe(200);
  const group = productGroupSchema.parse(response.json());
  return {
    products: group.products.map((product) => product.name),
    plans: group.products.flatMap((product) => [...product.paymentPlans, ...product.bundlePlans].map((p) => p._id)),
  };
}

function order(session: string, product: string, paymentPlan: string) {
  return call(server, 'POST', '/widget/order', {
    session,
    payload: { orderItems: [{ product, paymentPlan }], paymentType: 'CARD' },
  });
}

const meta = { printDeliveryCode: '-1', seller: '1', purchaseReason: '1' };
function v1Basket(guid: string, productId: string, planId: string): V1Basket {
  return {
    _id: randomUUID(),
    accountId: guid,
    paymentType: 'online-CAU',
    startDate: clock.now(),
    products: [
      {
        productId,
        name: 'Anything',
        description: 'Anything',
        price: 1,
        planId,
        currency: 'EUR',
        quantity: 1,
        productMetaData: meta,
      },
    ],
    productMetaData: meta,
  };
}

function transact(account: { session: string; guid: string }, productId: string, planId: string) {
  return call(server, 'POST', '/transaction', {
    session: account.session,
    query: { channel: 'web', op: 'P_SUB', returnUrl: 'http://localhost:8080/shop-v1.html' },
    payload: v1Basket(account.guid, productId, planId),
  });
}

describe('listing with showHidden=true', () => {
  it('shows a visitor and an account without the role nothing hidden', async () => {
    const { session } = await sessionOf('reader@foyer.test');
    for (const seen of [await listed(), await listed(session)]) {
      expect(seen.products).not.toContain('demo-insider');
      expect(seen.plans).not.toContain('digital-staff');
      expect(seen.plans).toContain('digital-yearly-eur');
    }
    const product = await call(server, 'GET', '/widget/product/demo-insider', {
      session,
      query: { showHidden: 'true' },
    });
    expect(product.json()).toMatchObject({ code: 'bex0004' });
    const digital = productSchema.parse(
      (await call(server, 'GET', '/widget/product/demo-digital', { query: { showHidden: 'true' } })).json(),
    );
    expect(digital.paymentPlans.map((plan) => plan._id)).not.toContain('digital-staff');
  });

  it('shows each role what it opens, and only with showHidden', async () => {
    const insider = await sessionOf('insider@foyer.test');
    const staff = await sessionOf('staff@foyer.test');
    expect(await listed(insider.session)).toMatchObject({
      products: expect.arrayContaining(['demo-insider']) as unknown,
      plans: expect.not.arrayContaining(['digital-staff']) as unknown,
    });
    const forStaff = await listed(staff.session);
    expect(forStaff.products).not.toContain('demo-insider');
    expect(forStaff.plans).toContain('digital-staff');
    const shown = await call(server, 'GET', '/widget/product/demo-insider', {
      session: insider.session,
      query: { showHidden: 'true' },
    });
    expect(productSchema.parse(shown.json()).hidden).toBe(true);
    // Without showHidden the page shows the public catalogue to them as well.
    const plain = productGroupSchema.parse(
      (await call(server, 'GET', '/widget/productgroup/demo', { session: insider.session })).json(),
    );
    expect(plain.products.map((product) => product.name)).not.toContain('demo-insider');
  });
});

describe('ordering a hidden product or plan', () => {
  it('version 2: refused (as unknown) without the role, taken with it', async () => {
    const demo = await sessionOf('reader@foyer.test');
    const staffRate = await order(demo.session, 'demo-digital', 'digital-staff');
    expect(staffRate.statusCode).toBe(404);
    expect(staffRate.json()).toMatchObject({ code: 'bex0004' });
    expect((await order(demo.session, 'demo-insider', 'insider-biannual-eur')).json()).toMatchObject({
      code: 'bex0004',
    });
    const insider = await sessionOf('insider@foyer.test');
    expect((await order(insider.session, 'demo-digital', 'digital-staff')).json()).toMatchObject({ code: 'bex0004' });
    expect((await order(insider.session, 'demo-insider', 'insider-biannual-eur')).statusCode).toBe(201);
    const staff = await sessionOf('staff@foyer.test');
    const created = await order(staff.session, 'demo-digital', 'digital-staff');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ total: { amount: 100, currency: 'EUR' } });
  });

  it('version 1: the basket and the transaction refuse it without the role', async () => {
    const reader = await sessionOf('reader@foyer.test');
    const basket = await call(server, 'POST', '/order', {
      session: reader.session,
      payload: v1Basket(reader.guid, 'demo-digital', 'digital-staff'),
    });
    expect(basket.json()).toMatchObject({ code: 'bex0004' });
    for (const [product, plan] of [
      ['demo-digital', 'digital-staff'],
      ['demo-insider', 'insider-biannual-eur'],
    ] as const) {
      const refused = await transact(reader, product, plan);
      expect(refused.statusCode, `${product}/${plan}`).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'bex0004' });
    }
    const staff = await sessionOf('staff@foyer.test');
    expect((await transact(staff, 'demo-digital', 'digital-staff')).statusCode).toBe(201);
  });
});

describe('the catalogue setting', () => {
  const withInsider = (change: Partial<SeedConfig['catalogue']>) => ({ ...seedConfig.catalogue!, ...change });

  it('is refused on a visible product and for a role users may give themselves', () => {
    const [digital, ...rest] = seedConfig.catalogue!.products;
    expect(() =>
      storedCatalogue(withInsider({ products: [{ ...digital!, visibleToRoles: ['staff'] }, ...rest] })),
    ).toThrow(/demo-digital has visibleToRoles but is not hidden/);
    expect(() => storedCatalogue(seedConfig.catalogue!, ['newsletter', 'insider'])).toThrow(
      /demo-insider is sold to roles users may give themselves .*insider/,
    );
  });
});

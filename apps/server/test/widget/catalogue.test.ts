import { paymentPlanSchema, productGroupSchema, productSchema, type Product } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { testServer } from '../helpers';
import { call, demoSession } from './helpers';

let server: PreparedServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const plansOf = (product: Product) => [...product.paymentPlans, ...product.bundlePlans];

describe('GET /widget/productgroup/:group', () => {
  it('lists the demo group without hidden products or plans, prices in minor units', async () => {
    const response = await call(server, 'GET', '/widget/productgroup/demo');
    expect(response.statusCode).toBe(200);
    const group = productGroupSchema.parse(response.json());
    expect(group.products.map((product) => product.name)).toEqual([
      'demo-digital',
      'demo-print',
      'demo-archive',
      'demo-bundle',
    ]);
    expect(group.recommended).toEqual(['demo-digital']);
    const digital = group.products[0]!;
    expect(digital.recommended).toBe(true);
    expect(digital.paymentPlans.map((plan) => plan._id)).not.toContain('digital-staff');
    const monthly = digital.paymentPlans.find((plan) => plan._id === 'digital-monthly-eur')!;
    expect(monthly.finalPrice).toEqual({ amount: 999, currency: 'EUR', display: '9.99' });
    expect(monthly.trialPrice).toEqual({ amount: 100, currency: 'EUR', display: '1.00' });
    expect(monthly.currency).toEqual({ code: 'EUR', symbol: '€', decimalDigits: 2 });
    expect(monthly.frequency).toEqual({ id: 'MONTH1' });
    expect(monthly.subscribed).toBe(false);
  });

  it('covers three decimal conventions, several frequencies, a bundle and a delivery product', async () => {
    const group = productGroupSchema.parse((await call(server, 'GET', '/widget/productgroup/demo')).json());
    const plans = group.products.flatMap(plansOf);
    const byId = new Map(plans.map((plan) => [plan._id, plan]));
    expect(byId.get('archive-once-jpy')!.finalPrice).toEqual({ amount: 1200, currency: 'JPY', display: '1200' });
    expect(byId.get('print-yearly-kwd')!.finalPrice).toEqual({ amount: 95250, currency: 'KWD', display: '95.250' });
    expect(byId.get('bundle-monthly-clp')!.finalPrice).toEqual({ amount: 9990, currency: 'CLP', display: '9990' });
    expect(new Set(plans.map((plan) => plan.currency.code)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(plans.map((plan) => plan.frequency.id))).toEqual(
      new Set(['MONTH1', 'MONTH12', 'MONTH3', 'NONE', 'WEEK1']),
    );
    const bundle = group.products.find((product) => product.type === 'BUNDLE')!;
    expect(bundle.paymentPlans).toEqual([]);
    expect(bundle.bundlePlans[0]!.products).toEqual(['demo-digital', 'demo-print', 'demo-archive']);
    expect(group.products.find((product) => product.name === 'demo-print')!.requiresDeliveryAddress).toBe(true);
    expect(group.products.find((product) => product.name === 'demo-print')!.boosted).toBe(true);
  });

  // Issue 32, item 8: the spec's product price and currency, the plan's price and planPrice.
  it('gives each plan its price (the first charge) and planPrice, each product its lowest price and currency', async () => {
    const group = productGroupSchema.parse((await call(server, 'GET', '/widget/productgroup/demo')).json());
    const digital = group.products.find((product) => product.name === 'demo-digital')!;
    const monthly = digital.paymentPlans.find((plan) => plan._id === 'digital-monthly-eur')!;
    // A trial: the first charge is the trial price, each period the plan's own price.
    expect(monthly.price).toEqual({ amount: 100, currency: 'EUR', display: '1.00' });
    expect(monthly.planPrice).toEqual({ amount: 999, currency: 'EUR', display: '9.99' });
    const yearly = digital.paymentPlans.find((plan) => plan._id === 'digital-yearly-eur')!;
    expect(yearly.price).toEqual(yearly.finalPrice);
    expect(yearly.planPrice).toEqual(yearly.finalPrice);
    // The product: its lowest first charge in its first plan's currency (the USD plan is not compared).
    expect(digital.price).toEqual({ amount: 100, currency: 'EUR', display: '1.00' });
    expect(digital.currency).toEqual({ code: 'EUR', symbol: '€', decimalDigits: 2 });
    const archive = group.products.find((product) => product.name === 'demo-archive')!;
    expect(archive.price).toEqual({ amount: 1200, currency: 'JPY', display: '1200' });
    expect(archive.currency).toMatchObject({ code: 'JPY', decimalDigits: 0 });
    const bundle = group.products.find((product) => product.type === 'BUNDLE')!;
    expect(bundle.price).toEqual(bundle.bundlePlans[0]!.price);
    // Only the plans asked for count (GET /widget/product with paymentPlan).
    const one = productSchema.parse(
      (
        await call(server, 'GET', '/widget/product/demo-digital', { query: { paymentPlan: 'digital-yearly-eur' } })
      ).json(),
    );
    expect(one.price).toEqual({ amount: 9900, currency: 'EUR', display: '99.00' });
  });

  it('shows a visitor nothing hidden, even with showHidden=true (who sees them: hidden-catalogue.test.ts)', async () => {
    const response = await call(server, 'GET', '/widget/productgroup/demo', { query: { showHidden: 'true' } });
    const group = productGroupSchema.parse(response.json());
    expect(group.products.map((product) => product.name)).not.toContain('demo-insider');
    expect(group.products[0]!.paymentPlans.map((plan) => plan._id)).not.toContain('digital-staff');
  });

  it('answers bex0004 for an unknown group', async () => {
    const response = await call(server, 'GET', '/widget/productgroup/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'bex0004', message: 'Product not found' });
  });

  it('refuses an unknown session given as ev_ss with not_logged_in', async () => {
    const response = await call(server, 'GET', '/widget/productgroup/demo', { session: 'not-a-session' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'not_logged_in' });
  });
});

describe('GET /widget/product/:name', () => {
  it('answers one product, optionally only the given payment plans', async () => {
    const all = productSchema.parse((await call(server, 'GET', '/widget/product/demo-digital')).json());
    expect(all.paymentPlans).toHaveLength(3);
    const some = await call(server, 'GET', '/widget/product/demo-digital', {
      query: { paymentPlan: ['digital-yearly-eur', 'digital-monthly-usd'] },
    });
    const product = productSchema.parse(some.json());
    expect(product.paymentPlans.map((plan) => plan._id)).toEqual(['digital-yearly-eur', 'digital-monthly-usd']);
    const one = productSchema.parse(
      (
        await call(server, 'GET', '/widget/product/demo-digital', { query: { paymentPlan: 'digital-yearly-eur' } })
      ).json(),
    );
    expect(one.paymentPlans.map((plan) => plan._id)).toEqual(['digital-yearly-eur']);
  });

  it('hides a hidden product from a visitor, with showHidden=true as well', async () => {
    expect((await call(server, 'GET', '/widget/product/demo-insider')).json()).toMatchObject({ code: 'bex0004' });
    const asked = await call(server, 'GET', '/widget/product/demo-insider', { query: { showHidden: 'true' } });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ code: 'bex0004' });
  });

  it('answers bex0004 for an unknown product', async () => {
    const response = await call(server, 'GET', '/widget/product/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('bex0004');
  });

  it('accepts the session in the Authorization header as well as ev_ss', async () => {
    const session = await demoSession(server);
    for (const via of ['query', 'header'] as const) {
      const response = await call(server, 'GET', '/widget/product/demo-archive', { session, via });
      expect(response.statusCode).toBe(200);
      expect(paymentPlanSchema.parse(response.json().paymentPlans[0]).subscribed).toBe(false);
    }
  });
});

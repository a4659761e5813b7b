/**
 * Issue 25: provider events in and reconciliation. A webhook whose signature does not verify is
 * refused (400) and changes nothing; a replayed event changes nothing; a refund ends the
 * subscription (FOYER_ON_REFUND=expire, the default), a dispute suspends it (FOYER_ON_DISPUTE=
 * suspend), and the `keep` policies keep the access while the refund is still recorded. A renewal whose answer was lost (the
 * provider charged, the server never heard) is UNKNOWN, never failed and never charged again,
 * and reconciliation settles it from the provider's record. A service's pendingAccessDays grants
 * access to a purchase awaiting its money for that long.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { providersFromEnv } from '../../src/widget/providers';
import {
  ProviderUnavailable,
  WebhookRefused,
  type CardProvider,
  type ProviderEvent,
  type WebhookReader,
} from '../../src/widget/providers/types';
import { entitledProductIds } from '../../src/account/entitlements';
import { seedConfig } from '../../src/seed-config';
import { seededPerson } from '../widget/helpers';
import { advance, billingServer, buy, chargesOf, eventsOf, PEOPLE, sessionOf, subscriptionState } from './helpers';

const SECRET = 'webhook-test-secret';

/** A provider's reader as the adapters have them: an HMAC over the raw body, then JSON events. */
const fakeReader: WebhookReader = {
  async read(rawBody, headers) {
    const expected = createHmac('sha256', SECRET).update(rawBody).digest('hex');
    if (headers['x-test-signature'] !== expected) throw new WebhookRefused('signature does not match');
    return JSON.parse(rawBody) as ProviderEvent[];
  },
};

/** The test cards, losing the answer of the first off-session charge they make (they did charge). */
function losingFirstAnswer(card: CardProvider) {
  let lost = false;
  const calls = { chargeSaved: 0 };
  const provider: CardProvider = {
    ...card,
    // A payment collected later, as a direct debit's: accepted now, money on the provider's event.
    async charge(input) {
      if (input.token !== 'collected_later') return card.charge(input);
      return { status: 'succeeded', reference: `later_${input.paymentId}`, settled: false };
    },
    async chargeSaved(input) {
      calls.chargeSaved += 1;
      const outcome = await card.chargeSaved(input);
      if (!lost) {
        lost = true;
        throw new ProviderUnavailable('timed out after the charge');
      }
      return outcome;
    },
  };
  return { provider, calls };
}

let server: PreparedServer;
const providers = providersFromEnv({ FOYER_CARD_PROVIDER: 'manual', FOYER_PAYMENT_TYPES: 'CARD,BANK_TRANSFER' });
const lossy = losingFirstAnswer(providers.card!);

beforeAll(async () => {
  // The test cards under Stripe's name: their charges are recorded as Stripe's, as the webhook names them.
  server = await billingServer({
    paymentProviders: { ...providers, card: { ...lossy.provider, name: 'STRIPE' } },
    // The demo service grants 3 days of access to purchases awaiting their money.
    seed: {
      ...seedConfig,
      services: seedConfig.services.map((service) =>
        service.name === 'demo' ? { ...service, pendingAccessDays: 3 } : service,
      ),
      accounts: [...seedConfig.accounts, ...PEOPLE.map((email) => seededPerson(email))],
    },
  });
  server.deps.webhookReaders = { stripe: fakeReader };
});
afterAll(() => server.close());

function deliver(events: unknown, signature?: string) {
  const body = JSON.stringify(events);
  return server.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'x-test-signature': signature ?? createHmac('sha256', SECRET).update(body).digest('hex'),
    },
    payload: body,
  });
}

async function storedEvents(): Promise<number> {
  const rows = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM provider_events');
  return Number(rows[0]?.n);
}

describe('reconciliation', () => {
  it('settles a renewal whose answer was lost from the provider’s record, without charging again', async () => {
    const { session } = await sessionOf(server, 'lost@foyer.test');
    const { subscriptionId } = await buy(server, session, 'digital-monthly-eur');
    await advance(server, 'P1M');
    // The provider charged, the answer never came: UNKNOWN, the subscription unchanged.
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.status)).toEqual(['UNKNOWN']);
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE', periods_paid: 1 });
    expect(lossy.calls.chargeSaved).toBe(1);

    // Past the reconciliation delay the provider is asked by its key: the charge it made.
    await advance(server, 'PT11M');
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.status)).toEqual(['SUCCEEDED']);
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE', periods_paid: 2 });
    expect(lossy.calls.chargeSaved).toBe(1);
  });
});

describe('POST /webhooks/:provider', () => {
  it('refuses a bad signature with 400 and changes nothing; answers 404 for a provider not configured', async () => {
    const refused = await deliver([{ id: 'evt_bad', type: 'payment.refunded', reference: 'x' }], 'not-the-signature');
    expect(refused.statusCode).toBe(400);
    expect(await storedEvents()).toBe(0);
    const unknown = await server.app.inject({ method: 'POST', url: '/webhooks/gocardless', payload: '[]' });
    expect(unknown.statusCode).toBe(404);
    const nonsense = await server.app.inject({ method: 'POST', url: '/webhooks/paypal', payload: '[]' });
    expect(nonsense.statusCode).toBe(404);
  });

  it('applies a refund once: the subscription ends; the replay changes nothing', async () => {
    const { session } = await sessionOf(server, 'refunds@foyer.test');
    const { subscriptionId } = await buy(server, session, 'digital-monthly-usd');
    await advance(server, 'P1M');
    const rows = await server.db.query<{ provider_reference: string }>(
      `SELECT provider_reference FROM renewal_charges WHERE subscription_id = $1 AND status = 'SUCCEEDED'`,
      [subscriptionId],
    );
    const reference = rows[0]!.provider_reference;
    const event = { id: 'evt_refund_1', type: 'payment.refunded', reference };

    const first = await deliver([event]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: 1, applied: 1 });
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED' });
    expect((await chargesOf(server, subscriptionId)).map((charge) => charge.status)).toEqual(['REFUNDED']);
    const events = await eventsOf(server, subscriptionId);

    const replay = await deliver([event]);
    expect(replay.json()).toEqual({ received: 1, applied: 0 });
    expect(await eventsOf(server, subscriptionId)).toEqual(events);
    expect(events.filter((stored) => stored.type === 'payment.refunded')).toHaveLength(1);
    expect(events.find((stored) => stored.type === 'subscription.expired')).toMatchObject({
      data: { reason: 'refunded' },
    });
  });
});

/** The provider reference of the first payment of `orderId` (its card charge). */
async function firstPaymentReference(orderId: string): Promise<string> {
  const rows = await server.db.query<{ provider_reference: string }>(
    `SELECT provider_reference FROM payments WHERE order_id = $1 AND status = 'SUCCEEDED'`,
    [orderId],
  );
  return rows[0]!.provider_reference;
}

describe("the owner's refund and dispute policies", () => {
  it('a dispute of the first payment suspends what it bought (FOYER_ON_DISPUTE=suspend, the default)', async () => {
    const { session, guid } = await sessionOf(server, 'disputes@foyer.test');
    const { orderId, subscriptionId } = await buy(server, session, 'digital-monthly-eur');
    const disputed = await deliver([
      { id: 'evt_dispute_1', type: 'payment.disputed', reference: await firstPaymentReference(orderId) },
    ]);
    expect(disputed.json()).toEqual({ received: 1, applied: 1 });
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED' });
    const now = Date.parse(await advance(server, 'PT0S'));
    expect(await entitledProductIds(server.db, guid, now)).not.toContain('demo-digital');
    const events = await eventsOf(server, subscriptionId);
    // (The test clock stands still: events of one instant have no order, so it is found by type.)
    expect(events.find((event) => event.type === 'subscription.expired')).toMatchObject({
      data: { reason: 'disputed' },
    });
    // A dispute is not a refund: no receipt of one.
    expect(events.filter((event) => event.type === 'payment.refunded')).toEqual([]);
  });

  it('keeps the access with FOYER_ON_REFUND=keep and FOYER_ON_DISPUTE=keep, and still records the refund', async () => {
    const policy = server.deps.ownerPolicy;
    server.deps.ownerPolicy = { onRefund: 'keep', onDispute: 'keep' };
    try {
      const { session } = await sessionOf(server, 'keeps@foyer.test');
      const { orderId, subscriptionId } = await buy(server, session, 'digital-monthly-eur');
      const reference = await firstPaymentReference(orderId);
      const applied = await deliver([
        { id: 'evt_keep_refund', type: 'payment.refunded', reference },
        { id: 'evt_keep_dispute', type: 'payment.disputed', reference },
      ]);
      expect(applied.json()).toEqual({ received: 2, applied: 2 });
      expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE' });
      expect((await eventsOf(server, orderId)).filter((event) => event.type === 'payment.refunded')).toEqual([
        { type: 'payment.refunded', data: expect.objectContaining({ orderId, reference }) },
      ]);
    } finally {
      server.deps.ownerPolicy = policy;
    }
  });
});

describe('a service with pendingAccessDays', () => {
  it('grants a purchase awaiting its transfer access for that many days only', async () => {
    const { session, guid } = await sessionOf(server, 'early-access@foyer.test');
    const { subscriptionId } = await buy(server, session, 'digital-monthly-eur', 'manual', 'BANK_TRANSFER');
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    const now = Date.parse(await advance(server, 'PT0S'));
    expect(await entitledProductIds(server.db, guid, now)).toContain('demo-digital');
    expect(await entitledProductIds(server.db, guid, now + 3 * 86_400_000)).toContain('demo-digital');
    expect(await entitledProductIds(server.db, guid, now + 4 * 86_400_000)).not.toContain('demo-digital');
  });
});

describe('a first payment collected later (a direct debit)', () => {
  it('is ACTIVE once the provider says it was collected, EXPIRED when it failed', async () => {
    const { session, guid } = await sessionOf(server, 'twice@foyer.test');
    const collected = await buy(server, session, 'digital-monthly-eur', 'collected_later');
    expect(await subscriptionState(server, collected.subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    const now = Date.parse(await advance(server, 'PT0S'));
    const paid = await deliver([
      { id: 'evt_collected', type: 'payment.succeeded', reference: `later_${collected.result.paymentId}` },
    ]);
    expect(paid.json()).toEqual({ received: 1, applied: 1 });
    expect(await subscriptionState(server, collected.subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    expect(await entitledProductIds(server.db, guid, now)).toContain('demo-digital');
    expect((await eventsOf(server, collected.orderId)).map((event) => event.type).sort()).toEqual([
      'order.confirmed',
      'payment.succeeded',
      'subscription.created',
    ]);

    const failing = await buy(server, session, 'digital-monthly-usd', 'collected_later');
    const failed = await deliver([
      {
        id: 'evt_failed',
        type: 'payment.failed',
        reference: `later_${failing.result.paymentId}`,
        code: 'insufficient_funds',
      },
    ]);
    expect(failed.json()).toEqual({ received: 1, applied: 1 });
    expect(await subscriptionState(server, failing.subscriptionId)).toMatchObject({ status: 'EXPIRED' });
  });
});

/**
 * The Stripe adapter (official SDK) against the strict Stripe stand-in: saving a card for
 * renewals, off-session renewals with each test card, a renewal looked up while Stripe's search
 * lags, lost answers and `idempotency_error` as "unknown", webhooks verified with the SDK, and
 * issue 25's double charge reproduced through the server and shown gone.
 */
import { paymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { providersFromEnv } from '../../src/widget/providers';
import { SEARCH_SETTLED_MS, stripeProvider } from '../../src/widget/providers/stripe';
import type { ChargeInput, RenewalChargeInput } from '../../src/widget/providers/types';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from './helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe';

/** The test clock the stand-in and the adapter share (epoch ms). */
const clock = { offset: 0, now: () => Date.now() + clock.offset };
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ now: clock.now });
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.loseAnswers = 0;
});

const adapter = (extra: { secret?: string } = {}) =>
  stripeProvider({
    apiUrl: stripe.apiUrl,
    secretKey: stripe.secretKey,
    webhookSecret: extra.secret ?? stripe.webhookSecret,
    now: clock.now,
    // A lost answer (the stand-in's loseAnswers) ends in this timeout.
    timeoutMs: 500,
  });

let sequence = 0;
const purchase = (token: string, extra: Partial<ChargeInput> = {}): ChargeInput => {
  sequence += 1;
  return {
    paymentId: `pay-${sequence}`,
    idempotencyKey: `order-${sequence}:0`,
    orderId: `order-${sequence}`,
    amountMinor: 100,
    currency: 'EUR',
    token,
    description: `Order order-${sequence}`,
    payerEmail: 'demo@foyer.test',
    saveForRenewals: true,
    ...extra,
  };
};

async function savedCard(token: string) {
  const provider = adapter();
  let outcome = await provider.charge(purchase(token));
  if (outcome.status === 'requires_action') {
    stripe.completeChallenge(outcome.reference, true);
    outcome = await provider.confirm(outcome.reference);
  }
  if (outcome.status !== 'succeeded' || outcome.saved?.provider !== 'STRIPE') {
    throw new Error(`no saved card: ${JSON.stringify(outcome)}`);
  }
  return outcome.saved;
}

const renewal = (saved: RenewalChargeInput['saved'], key: string): RenewalChargeInput => ({
  idempotencyKey: key,
  subscriptionId: `sub-${key}`,
  amountMinor: 999,
  currency: 'EUR',
  description: 'Monthly, period 2',
  saved,
});

describe('saving a card for renewals', () => {
  it('creates a customer and keeps the card on it (setup_future_usage), once for a retried attempt', async () => {
    const provider = adapter();
    const input = purchase('pm_card_visa');
    const outcome = await provider.charge(input);
    expect(outcome).toEqual({
      status: 'succeeded',
      reference: expect.stringMatching(/^pi_/),
      saved: {
        provider: 'STRIPE',
        customer: expect.stringMatching(/^cus_/),
        paymentMethod: expect.stringMatching(/^pm_/),
      },
    });
    const intent = stripe.intents.find((candidate) => candidate.id === (outcome as { reference: string }).reference)!;
    expect(intent).toMatchObject({ setup_future_usage: 'off_session', amount: 100, currency: 'eur' });
    const customers = stripe.customers.length;
    // The same attempt again (another click, same key): the same customer, the same intent.
    expect(await provider.charge({ ...input, paymentId: 'another-attempt-row' })).toEqual(outcome);
    expect(stripe.customers).toHaveLength(customers);
    expect(stripe.intents.filter((candidate) => candidate.metadata.order_id === input.orderId)).toHaveLength(1);
  });

  it('a plan bought without saving answers no saved method', async () => {
    const outcome = await adapter().charge(purchase('pm_card_visa', { saveForRenewals: false }));
    expect(outcome).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) });
  });

  it('pm_card_authenticationRequired is saved once the visitor passed 3-D Secure', async () => {
    const provider = adapter();
    const first = await provider.charge(purchase('pm_card_authenticationRequired'));
    expect(first).toMatchObject({ status: 'requires_action', clientSecret: expect.stringContaining('_secret_') });
    stripe.completeChallenge((first as { reference: string }).reference, true);
    expect(await provider.confirm((first as { reference: string }).reference)).toMatchObject({
      status: 'succeeded',
      saved: { provider: 'STRIPE' },
    });
  });
});

describe('renewals charged off session (chargeSaved)', () => {
  it('pm_card_visa pays every renewal; a repeated key replays instead of charging again', async () => {
    const saved = await savedCard('pm_card_visa');
    const provider = adapter();
    const paid = await provider.chargeSaved(renewal(saved, 'renew:visa:1:0'));
    expect(paid).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) });
    expect(stripe.intents.at(-1)).toMatchObject({
      amount: 999,
      customer: saved.customer,
      payment_method: saved.paymentMethod,
      metadata: { renewal_key: 'renew:visa:1:0' },
    });
    expect(await provider.chargeSaved(renewal(saved, 'renew:visa:1:0'))).toEqual(paid);
    expect(stripe.intents.filter((intent) => intent.metadata.renewal_key === 'renew:visa:1:0')).toHaveLength(1);
  });

  it('pm_card_chargeCustomerFail pays on session, then every off-session renewal is declined', async () => {
    const saved = await savedCard('pm_card_chargeCustomerFail');
    const provider = adapter();
    expect(await provider.chargeSaved(renewal(saved, 'renew:fail:1:0'))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
    expect(await provider.chargeSaved(renewal(saved, 'renew:fail:1:1'))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
  });

  it('pm_card_authenticationRequired: a renewal needs the visitor (requires_action with the intent’s secret)', async () => {
    const saved = await savedCard('pm_card_authenticationRequired');
    const provider = adapter();
    const outcome = await provider.chargeSaved(renewal(saved, 'renew:3ds:1:0'));
    expect(outcome).toEqual({
      status: 'requires_action',
      reference: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringContaining('_secret_'),
    });
    const reference = (outcome as { reference: string }).reference;
    // The visitor follows the mailed link and authenticates in the frame.
    stripe.completeChallenge(reference, true);
    expect(await provider.confirm(reference)).toMatchObject({ status: 'succeeded', reference });
  });

  it('a renewal’s challenge left unanswered is cancelled before a retry; one paid meanwhile reads as paid', async () => {
    const saved = await savedCard('pm_card_authenticationRequired');
    const provider = adapter();
    const open = await provider.chargeSaved(renewal(saved, 'renew:3ds-abandoned:1:0'));
    const openReference = (open as { reference: string }).reference;
    expect(await provider.abandon!(openReference)).toMatchObject({
      status: 'failed',
      code: 'authentication_abandoned',
    });
    // Cancelled: the visitor can no longer pay it.
    expect(await provider.confirm(openReference)).toMatchObject({ status: 'failed' });

    const paid = await provider.chargeSaved(renewal(saved, 'renew:3ds-paid:1:0'));
    const paidReference = (paid as { reference: string }).reference;
    stripe.completeChallenge(paidReference, true);
    // Stripe refuses to cancel a succeeded intent: the adapter reads it back as paid.
    expect(await provider.abandon!(paidReference)).toMatchObject({ status: 'succeeded', reference: paidReference });
  });

  it('pm_card_chargeDeclined is refused on session and never saved', async () => {
    expect(await adapter().charge(purchase('pm_card_chargeDeclined'))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
    });
  });

  it('a lost answer is unknown (ProviderUnavailable); the same request later replays the charge', async () => {
    const saved = await savedCard('pm_card_visa');
    const provider = adapter();
    stripe.loseAnswers = 1;
    await expect(provider.chargeSaved(renewal(saved, 'renew:lost:1:0'))).rejects.toMatchObject({
      name: 'ProviderUnavailable',
    });
    // Stripe charged all the same.
    expect(stripe.intents.filter((intent) => intent.metadata.renewal_key === 'renew:lost:1:0')).toHaveLength(1);
    expect(await provider.chargeSaved(renewal(saved, 'renew:lost:1:0'))).toMatchObject({ status: 'succeeded' });
    expect(stripe.intents.filter((intent) => intent.metadata.renewal_key === 'renew:lost:1:0')).toHaveLength(1);
  });

  it('a key reused with other parameters (idempotency_error) is unknown, never a failure', async () => {
    const saved = await savedCard('pm_card_visa');
    const provider = adapter();
    await provider.chargeSaved(renewal(saved, 'renew:changed:1:0'));
    await expect(
      provider.chargeSaved({ ...renewal(saved, 'renew:changed:1:0'), amountMinor: 1000 }),
    ).rejects.toMatchObject({ name: 'ProviderUnavailable', message: expect.stringContaining('idempotency_error') });
  });

  it('an outage is unknown', async () => {
    const saved = await savedCard('pm_card_visa');
    stripe.down = true;
    try {
      await expect(adapter().chargeSaved(renewal(saved, 'renew:down:1:0'))).rejects.toMatchObject({
        name: 'ProviderUnavailable',
      });
    } finally {
      stripe.down = false;
    }
  });
});

describe('lookupRenewal while Stripe’s search lags', () => {
  it('a miss within the indexing delay is unknown; once indexed the charge is found; long after, a miss is none', async () => {
    const saved = await savedCard('pm_card_visa');
    const provider = adapter();
    const createdAt = clock.now();
    const paid = await provider.chargeSaved(renewal(saved, 'renew:lag:1:0'));
    const lookup = { idempotencyKey: 'renew:lag:1:0', subscriptionId: 'sub-renew:lag:1:0', createdAt };
    await expect(provider.lookupRenewal(lookup)).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    clock.offset += stripe.searchLagMs + 1_000;
    expect(await provider.lookupRenewal(lookup)).toEqual(paid);
    // A key Stripe never saw: unknown until the index has surely caught up, then none.
    const never = { idempotencyKey: 'renew:never:1:0', subscriptionId: 'sub-never', createdAt: clock.now() };
    await expect(provider.lookupRenewal(never)).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    clock.offset += SEARCH_SETTLED_MS;
    expect(await provider.lookupRenewal(never)).toBeNull();
  });

  it('finds a declined renewal as failed and one awaiting the visitor as requires_action', async () => {
    const provider = adapter();
    const failing = await savedCard('pm_card_chargeCustomerFail');
    const challenged = await savedCard('pm_card_authenticationRequired');
    const createdAt = clock.now();
    await provider.chargeSaved(renewal(failing, 'renew:found-fail:1:0'));
    await provider.chargeSaved(renewal(challenged, 'renew:found-3ds:1:0'));
    clock.offset += stripe.searchLagMs;
    expect(
      await provider.lookupRenewal({ idempotencyKey: 'renew:found-fail:1:0', subscriptionId: 's', createdAt }),
    ).toMatchObject({ status: 'failed', code: 'card_declined' });
    expect(
      await provider.lookupRenewal({ idempotencyKey: 'renew:found-3ds:1:0', subscriptionId: 's', createdAt }),
    ).toMatchObject({ status: 'requires_action' });
  });
});

describe('Stripe webhooks (stripe.webhooks.constructEvent, STRIPE_WEBHOOK_SECRET)', () => {
  const intent = { id: 'pi_hook', object: 'payment_intent', last_payment_error: { code: 'card_declined' } };
  const charge = { id: 'ch_hook', object: 'charge', payment_intent: 'pi_hook' };

  it('reads the four events the lifecycle acts on, and nothing of the others', async () => {
    const reader = adapter().webhooks!;
    const read = async (type: string, object: Record<string, unknown>) => {
      const { body, headers } = stripe.webhook(type, object, { id: `evt_${type}` });
      return reader.read(body, headers);
    };
    expect(await read('payment_intent.succeeded', intent)).toEqual([
      { id: 'evt_payment_intent.succeeded', type: 'payment.succeeded', reference: 'pi_hook' },
    ]);
    expect(await read('payment_intent.payment_failed', intent)).toEqual([
      { id: 'evt_payment_intent.payment_failed', type: 'payment.failed', reference: 'pi_hook', code: 'card_declined' },
    ]);
    expect(await read('charge.refunded', { ...charge, refunded: true })).toEqual([
      { id: 'evt_charge.refunded', type: 'payment.refunded', reference: 'pi_hook' },
    ]);
    // A partial refund (the charge not refunded whole) ends nothing: the console recorded it.
    expect(await read('charge.refunded', { ...charge, refunded: false, amount_refunded: 100 })).toEqual([]);
    expect(await read('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: 'pi_hook' })).toEqual([
      { id: 'evt_charge.dispute.created', type: 'payment.disputed', reference: 'pi_hook' },
    ]);
    expect(await read('customer.created', { id: 'cus_1', object: 'customer' })).toEqual([]);
  });

  it('refuses a tampered body, another secret, a missing signature and an old delivery', async () => {
    const reader = adapter().webhooks!;
    const { body, headers } = stripe.webhook('payment_intent.succeeded', intent);
    await expect(reader.read(body.replace('pi_hook', 'pi_other'), headers)).rejects.toMatchObject({
      name: 'WebhookRefused',
    });
    const forged = stripe.webhook('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    await expect(reader.read(forged.body, forged.headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
    await expect(reader.read(body, {})).rejects.toMatchObject({ name: 'WebhookRefused' });
    expect(await reader.read(body, headers)).toHaveLength(1);
    // Replayed ten minutes later (the SDK's tolerance is five): refused.
    clock.offset += 10 * 60_000;
    await expect(reader.read(body, headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
  });

  it('has no reader without an endpoint secret', () => {
    expect(stripeProvider({ apiUrl: stripe.apiUrl, secretKey: stripe.secretKey }).webhooks).toBeUndefined();
  });
});

describe('issue 25: no double charge when Stripe answers late', () => {
  let server: PreparedServer;
  beforeAll(async () => {
    server = await testServer({
      loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
      // FOYER_CARD_PROVIDER=stripe, with a short timeout so the lost answer ends quickly.
      paymentProviders: { ...providersFromEnv({}), card: adapter(), paymentTypes: ['CARD', 'BANK_TRANSFER'] },
    });
  });
  afterAll(() => server.close());

  const intentsOf = (orderId: string) => stripe.intents.filter((intent) => intent.metadata.order_id === orderId);
  const pay = (session: string, orderId: string, key: string, token = 'pm_card_visa') =>
    call(server, 'POST', `/widget/payment/${orderId}`, {
      session,
      payload: { token },
      headers: { 'idempotency-key': key },
    });

  it('the first call times out but Stripe charged; the retry, whose search misses, replays that charge', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }]);
    stripe.loseAnswers = 1;
    const first = await pay(session, order.id, 'click-1');
    expect(first.json()).toMatchObject({ code: 'provider_unavailable' });
    expect(intentsOf(order.id)).toHaveLength(1);
    // The retry (a new attempt row) searches: Stripe's index does not have the charge yet, so it
    // sends the attempt's request again under the same key — the same request, so Stripe replays.
    const retry = await pay(session, order.id, 'click-2');
    expect(retry.statusCode).toBe(200);
    expect(paymentResultSchema.parse(retry.json())).toMatchObject({ status: 'SUCCEEDED' });
    const next = await pay(session, order.id, 'click-3');
    expect(paymentResultSchema.parse(next.json()).paymentId).toBe(paymentResultSchema.parse(retry.json()).paymentId);
    expect(intentsOf(order.id)).toHaveLength(1);
  });

  it('a retry with another card gets idempotency_error: unknown, the key is kept, and once indexed the charge is found', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-archive', paymentPlan: 'archive-once-jpy' }]);
    stripe.loseAnswers = 1;
    expect((await pay(session, order.id, 'click-1')).json()).toMatchObject({ code: 'provider_unavailable' });
    // The visitor reloads and types the card again: another PaymentMethod, so another request
    // under the attempt's key. Stripe refuses it (idempotency_error); that is not a refusal of the card.
    const retry = await pay(session, order.id, 'click-2', 'pm_card_chargeCustomerFail');
    expect(retry.json()).toMatchObject({ code: 'provider_unavailable' });
    // The next click still uses the same key (before the fix it got a new key and charged again).
    const again = await pay(session, order.id, 'click-3', 'pm_card_chargeCustomerFail');
    expect(again.json()).toMatchObject({ code: 'provider_unavailable' });
    expect(intentsOf(order.id)).toHaveLength(1);
    const keys = await server.db.query<{ provider_key: string; error_code: string | null }>(
      'SELECT provider_key, error_code FROM payments WHERE order_id = $1 ORDER BY created_at',
      [order.id],
    );
    expect(keys.map((row) => row.provider_key)).toEqual([`${order.id}:0`, `${order.id}:0`, `${order.id}:0`]);
    expect(keys.map((row) => row.error_code)).toEqual([
      'provider_unavailable',
      'provider_unavailable',
      'provider_unavailable',
    ]);
    // Stripe's index catches up: the next click finds the first call's charge and records it.
    clock.offset += stripe.searchLagMs;
    const found = await pay(session, order.id, 'click-4', 'pm_card_chargeCustomerFail');
    expect(found.statusCode).toBe(200);
    expect(paymentResultSchema.parse(found.json())).toMatchObject({ status: 'SUCCEEDED' });
    expect(intentsOf(order.id)).toHaveLength(1);
  });
});

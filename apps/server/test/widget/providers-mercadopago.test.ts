/**
 * The Mercado Pago adapter (official SDK) against the Mercado Pago stand-in: the card of a
 * recurring plan saved on a customer, renewals paid with a token of the saved card, a repeated key
 * replayed, lookupRenewal, and webhooks verified by x-signature with the payment read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCADO_SEARCH_SETTLED_MS, mercadoPagoProvider } from '../../src/widget/providers/mercadopago';
import type { ChargeInput, RenewalChargeInput, SavedPaymentMethod } from '../../src/widget/providers/types';
import { startMercadoStandIn, type MercadoStandIn } from './stand-ins/mercadopago';

const clock = { offset: 0, now: () => Date.now() + clock.offset };
let mercado: MercadoStandIn;

beforeAll(async () => {
  mercado = await startMercadoStandIn({ now: clock.now });
});
afterAll(() => mercado.close());

const adapter = (secret?: string) =>
  mercadoPagoProvider({
    apiUrl: mercado.apiUrl,
    accessToken: mercado.accessToken,
    webhookSecret: secret ?? mercado.webhookSecret,
    now: clock.now,
  });

let sequence = 0;
const purchase = (token: string, email = 'demo@foyer.test'): ChargeInput => {
  sequence += 1;
  return {
    paymentId: `pay-${sequence}`,
    idempotencyKey: `mp-order-${sequence}:0`,
    orderId: `mp-order-${sequence}`,
    amountMinor: 1000,
    currency: 'BRL',
    token,
    description: `Order mp-order-${sequence}`,
    payerEmail: email,
    paymentMethodId: 'visa',
    saveForRenewals: true,
  };
};

async function savedCard(email = 'demo@foyer.test') {
  const outcome = await adapter().charge(purchase('tok_APRO', email));
  if (outcome.status !== 'succeeded' || outcome.saved?.provider !== 'MERCADOPAGO') {
    throw new Error(`no saved card: ${JSON.stringify(outcome)}`);
  }
  return outcome.saved;
}

const renewal = (saved: SavedPaymentMethod, key: string): RenewalChargeInput => ({
  idempotencyKey: key,
  subscriptionId: `sub-${key.split(':')[1]}`,
  amountMinor: 1999,
  currency: 'BRL',
  description: 'Monthly, period 2',
  saved,
  payerEmail: 'demo@foyer.test',
});

describe('saving the card of a recurring plan', () => {
  it('saves it on the payer’s customer after an approved payment, reusing the customer next time', async () => {
    const first = await savedCard('saver@foyer.test');
    expect(first).toEqual({
      provider: 'MERCADOPAGO',
      customer: expect.any(String),
      cardId: expect.any(String),
      paymentMethodId: 'visa',
    });
    const second = await savedCard('saver@foyer.test');
    expect(second).toMatchObject({ customer: (first as { customer: string }).customer });
    expect(mercado.customers.filter((customer) => customer.email === 'saver@foyer.test')).toHaveLength(1);
  });

  it('saves nothing for a rejected or pending payment', async () => {
    expect(await adapter().charge(purchase('tok_FUND'))).toMatchObject({ status: 'failed' });
    expect(await adapter().charge(purchase('tok_CONT'))).toEqual({
      status: 'succeeded',
      reference: expect.any(String),
      settled: false,
    });
  });
});

describe('renewals with the saved card (chargeSaved)', () => {
  it('pays with a token of the saved card for the customer; the same key replays', async () => {
    const saved = await savedCard();
    const provider = adapter();
    const paid = await provider.chargeSaved(renewal(saved, 'renew:a:p1:0'));
    expect(paid).toEqual({ status: 'succeeded', reference: expect.any(String) });
    expect(mercado.payments.at(-1)!.body).toMatchObject({
      token: expect.stringMatching(/^tok_saved_/),
      payer: { type: 'customer', id: (saved as { customer: string }).customer },
      external_reference: 'sub-a',
      metadata: { renewal_key: 'renew:a:p1:0' },
    });
    expect(mercado.payments.at(-1)!.rawAmount).toBe('19.99');
    const count = mercado.payments.length;
    expect(await provider.chargeSaved(renewal(saved, 'renew:a:p1:0'))).toEqual(paid);
    expect(mercado.payments).toHaveLength(count);
  });

  it('a card that stopped paying is rejected with its status detail', async () => {
    const saved = await savedCard();
    mercado.cards.get((saved as { cardId: string }).cardId)!.outcome = 'tok_FUND';
    expect(await adapter().chargeSaved(renewal(saved, 'renew:b:p1:0'))).toMatchObject({
      status: 'failed',
      code: 'cc_rejected_insufficient_amount',
    });
  });

  it('an unreachable Mercado Pago is unknown', async () => {
    const saved = await savedCard();
    const unreachable = mercadoPagoProvider({ apiUrl: 'http://127.0.0.1:9', accessToken: mercado.accessToken });
    try {
      await expect(unreachable.chargeSaved(renewal(saved, 'renew:c:p1:0'))).rejects.toMatchObject({
        name: 'ProviderUnavailable',
      });
    } finally {
      // The SDK's base URL is the process's: back to the stand-in.
      adapter();
    }
  });
});

describe('lookupRenewal', () => {
  it('finds a renewal by its key; a miss is unknown until search has surely caught up, then none', async () => {
    const saved = await savedCard();
    const provider = adapter();
    const createdAt = clock.now();
    const paid = await provider.chargeSaved(renewal(saved, 'renew:d:p1:0'));
    expect(
      await provider.lookupRenewal({ idempotencyKey: 'renew:d:p1:0', subscriptionId: 'sub-d', createdAt }),
    ).toEqual(paid);
    const never = { idempotencyKey: 'renew:d:p2:0', subscriptionId: 'sub-d', createdAt: clock.now() };
    await expect(provider.lookupRenewal(never)).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    clock.offset += MERCADO_SEARCH_SETTLED_MS;
    expect(await provider.lookupRenewal(never)).toBeNull();
  });
});

describe('Mercado Pago webhooks (x-signature, MERCADOPAGO_WEBHOOK_SECRET)', () => {
  it('reads the payment the notification names and maps its status', async () => {
    const provider = adapter();
    const paid = await provider.charge({ ...purchase('tok_APRO'), saveForRenewals: false });
    const id = Number((paid as { reference: string }).reference);
    const read = async () => {
      const { body, headers } = mercado.webhook(id);
      return provider.webhooks!.read(body, headers);
    };
    expect(await read()).toEqual([{ id: `payment:${id}:approved`, type: 'payment.succeeded', reference: String(id) }]);
    mercado.setStatus(id, 'refunded');
    expect(await read()).toEqual([{ id: `payment:${id}:refunded`, type: 'payment.refunded', reference: String(id) }]);
    mercado.setStatus(id, 'charged_back');
    expect(await read()).toMatchObject([{ type: 'payment.disputed', reference: String(id) }]);
    mercado.setStatus(id, 'rejected', 'cc_rejected_other_reason');
    expect(await read()).toMatchObject([{ type: 'payment.failed', code: 'cc_rejected_other_reason' }]);
  });

  it('refuses another payment id under the signature, another secret, no signature and an old delivery', async () => {
    const reader = adapter().webhooks!;
    const { body, headers } = mercado.webhook(1000);
    await expect(reader.read(body.replace('"1000"', '"1001"'), headers)).rejects.toMatchObject({
      name: 'WebhookRefused',
    });
    const forged = mercado.webhook(1000, { secret: 'someone-else' });
    await expect(reader.read(forged.body, forged.headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
    await expect(reader.read(body, {})).rejects.toMatchObject({ name: 'WebhookRefused' });
    expect(await reader.read(body, headers)).toHaveLength(1);
    clock.offset += 10 * 60_000;
    await expect(reader.read(body, headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
  });
});

/**
 * The GoCardless adapter (official SDK) against the GoCardless stand-in: renewals collected on the
 * mandate (submitted, unsettled, until the banks confirm), a repeated key answered with the first
 * payment, a cancelled mandate, a lost answer, lookupRenewal by metadata, and webhooks verified
 * with the SDK's parse.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { goCardlessProvider } from '../../src/widget/providers/gocardless';
import type { RenewalChargeInput } from '../../src/widget/providers/types';
import { startGoCardlessStandIn, type GoCardlessEvent, type GoCardlessStandIn } from './stand-ins/gocardless';

const clock = { offset: 0, now: () => Date.now() + clock.offset };
let gocardless: GoCardlessStandIn;

beforeAll(async () => {
  gocardless = await startGoCardlessStandIn({ now: clock.now });
});
afterAll(() => gocardless.close());

const adapter = (extra: { secret?: string; timeoutMs?: number } = {}) =>
  goCardlessProvider({
    apiUrl: gocardless.apiUrl,
    accessToken: gocardless.accessToken,
    flow: 'billing_request',
    webhookSecret: extra.secret ?? gocardless.webhookSecret,
    timeoutMs: extra.timeoutMs ?? 5_000,
  });

async function mandate(): Promise<string> {
  const provider = adapter();
  const flow = await provider.requestMandate({
    orderId: 'order-mandate',
    sessionToken: 'session-token',
    successRedirectUrl: 'http://localhost:8080/direct-debit-complete',
    description: 'Monthly',
  });
  gocardless.sign(flow.redirectFlowId);
  return (await provider.completeMandate({ redirectFlowId: flow.redirectFlowId, sessionToken: 'session-token' }))
    .mandateId;
}

const renewal = (mandateId: string, key: string): RenewalChargeInput => ({
  idempotencyKey: key,
  subscriptionId: 'sub-1',
  amountMinor: 999,
  currency: 'EUR',
  description: 'Monthly, period 2',
  saved: { provider: 'GOCARDLESS', mandateId },
});

describe('renewals collected on the mandate (chargeSaved)', () => {
  it('submits a payment (unsettled); the same key again answers that payment, not a second one', async () => {
    const mandateId = await mandate();
    const provider = adapter();
    const submitted = await provider.chargeSaved(renewal(mandateId, 'renew:sub-1:p1:0'));
    expect(submitted).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^PM/), settled: false });
    expect(gocardless.payments.at(-1)).toMatchObject({
      amount: 999,
      currency: 'EUR',
      mandate: mandateId,
      metadata: { subscription_id: 'sub-1', renewal_key: 'renew:sub-1:p1:0' },
    });
    expect(await provider.chargeSaved(renewal(mandateId, 'renew:sub-1:p1:0'))).toEqual(submitted);
    expect(gocardless.payments.filter((payment) => payment.metadata.renewal_key === 'renew:sub-1:p1:0')).toHaveLength(
      1,
    );
  });

  it('a cancelled mandate refuses the renewal (mandate_is_inactive): nothing was taken', async () => {
    const mandateId = await mandate();
    gocardless.cancelMandate(mandateId);
    expect(await adapter().chargeSaved(renewal(mandateId, 'renew:cancelled:p1:0'))).toMatchObject({
      status: 'failed',
      code: 'mandate_is_inactive',
    });
  });

  it('a lost answer is unknown; once GoCardless has the payment, the same request answers it', async () => {
    const mandateId = await mandate();
    gocardless.delayMs = 300;
    try {
      await expect(
        adapter({ timeoutMs: 100 }).chargeSaved(renewal(mandateId, 'renew:lost:p1:0')),
      ).rejects.toMatchObject({ name: 'ProviderUnavailable' });
      // GoCardless finishes what it was asked.
      await vi.waitFor(() =>
        expect(gocardless.payments.some((payment) => payment.metadata.renewal_key === 'renew:lost:p1:0')).toBe(true),
      );
    } finally {
      gocardless.delayMs = 0;
    }
    const again = await adapter().chargeSaved(renewal(mandateId, 'renew:lost:p1:0'));
    expect(again).toMatchObject({ status: 'succeeded', settled: false });
    expect(gocardless.payments.filter((payment) => payment.metadata.renewal_key === 'renew:lost:p1:0')).toHaveLength(1);
  });
});

describe('lookupRenewal', () => {
  it('finds a renewal by its key as the banks have it: submitted, collected, failed; none when absent', async () => {
    const mandateId = await mandate();
    const provider = adapter();
    const createdAt = clock.now();
    const submitted = await provider.chargeSaved(renewal(mandateId, 'renew:look:p1:0'));
    const reference = (submitted as { reference: string }).reference;
    const lookup = { idempotencyKey: 'renew:look:p1:0', subscriptionId: 'sub-1', createdAt };
    expect(await provider.lookupRenewal(lookup)).toEqual(submitted);
    gocardless.setStatus(reference, 'paid_out');
    expect(await provider.lookupRenewal(lookup)).toEqual({ status: 'succeeded', reference });
    gocardless.setStatus(reference, 'failed');
    expect(await provider.lookupRenewal(lookup)).toMatchObject({ status: 'failed' });
    expect(await provider.lookupRenewal({ ...lookup, idempotencyKey: 'renew:never:p1:0' })).toBeNull();
    // Listed from the renewal's creation on: a payment made long before is not looked through.
    clock.offset += 30 * 86_400_000;
    expect(await provider.lookupRenewal({ ...lookup, createdAt: clock.now() })).toBeNull();
  });

  it('cannot tell when GoCardless cannot be reached', async () => {
    const unreachable = goCardlessProvider({ apiUrl: 'http://127.0.0.1:9', accessToken: 'x', flow: 'billing_request' });
    await expect(
      unreachable.lookupRenewal({ idempotencyKey: 'k', subscriptionId: 's', createdAt: Date.now() }),
    ).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });
});

describe('GoCardless webhooks (the SDK’s parse, GOCARDLESS_WEBHOOK_SECRET)', () => {
  const events: GoCardlessEvent[] = [
    { resource_type: 'payments', action: 'confirmed', links: { payment: 'PM1' } },
    { resource_type: 'payments', action: 'paid_out', links: { payment: 'PM2' } },
    {
      resource_type: 'payments',
      action: 'failed',
      links: { payment: 'PM3' },
      details: { cause: 'insufficient_funds' },
    },
    { resource_type: 'payments', action: 'charged_back', links: { payment: 'PM4' } },
    { resource_type: 'mandates', action: 'cancelled', links: { mandate: 'MD1' } },
    { resource_type: 'payments', action: 'submitted', links: { payment: 'PM5' } },
    { resource_type: 'payouts', action: 'paid', links: { payout: 'PO1' } },
  ];

  it('reads payments confirmed/paid_out, failed, charged_back and mandates cancelled; ignores the rest', async () => {
    const { body, headers } = gocardless.webhook(events);
    const read = await adapter().webhooks!.read(body, headers);
    expect(read).toEqual([
      { id: expect.stringMatching(/^EV/), type: 'payment.succeeded', reference: 'PM1' },
      { id: expect.stringMatching(/^EV/), type: 'payment.succeeded', reference: 'PM2' },
      { id: expect.stringMatching(/^EV/), type: 'payment.failed', reference: 'PM3', code: 'insufficient_funds' },
      { id: expect.stringMatching(/^EV/), type: 'payment.disputed', reference: 'PM4' },
      { id: expect.stringMatching(/^EV/), type: 'mandate.cancelled', reference: 'MD1' },
    ]);
    expect(new Set(read.map((event) => event.id)).size).toBe(5);
  });

  it('refuses a tampered body, another secret and a missing signature', async () => {
    const reader = adapter().webhooks!;
    const { body, headers } = gocardless.webhook(events.slice(0, 1));
    await expect(reader.read(body.replace('PM1', 'PM9'), headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
    const forged = gocardless.webhook(events.slice(0, 1), { secret: 'someone-else' });
    await expect(reader.read(forged.body, forged.headers)).rejects.toMatchObject({ name: 'WebhookRefused' });
    await expect(reader.read(body, {})).rejects.toMatchObject({ name: 'WebhookRefused' });
    expect(await reader.read(body, headers)).toHaveLength(1);
  });

  it('has no reader without an endpoint secret', () => {
    const provider = goCardlessProvider({ apiUrl: gocardless.apiUrl, accessToken: 'x', flow: 'billing_request' });
    expect(provider.webhooks).toBeUndefined();
  });
});

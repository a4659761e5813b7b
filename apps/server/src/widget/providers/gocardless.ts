/**
 * GoCardless direct debit (https://developer.gocardless.com/api-reference) through its official
 * SDK (`gocardless-nodejs`). Two ways to get a mandate, chosen by `flow`:
 * - `redirect_flow` (what the purchase spec describes; GoCardless closed it to new integrators):
 *   a redirect flow with a session token and success URL, the visitor signs on GoCardless's
 *   page, which sends them back with `redirect_flow_id`; completing it with the same session
 *   token gives the mandate.
 * - `billing_request` (the current API): a billing request with a mandate request, then a
 *   billing request flow for the hosted page; on return the billing request gives the mandate
 *   once fulfilled. The billing request id plays the part of redirect_flow_id.
 * The first payment, and every renewal (`chargeSaved`), is a payment on the mandate with our
 * idempotency key. GoCardless does not replay a repeated key: it answers 409
 * `idempotent_creation_conflict` naming the payment it created, which the SDK reads back
 * (raiseOnIdempotencyConflict false) — so a retry gets the first payment, not a second one.
 * Direct debit settles days later: a payment is `succeeded` with `settled: false` (submitted)
 * until GoCardless confirms it; the webhook's payments `confirmed`/`paid_out` settle it,
 * `failed`/`charged_back` undo it. `lookupPayment` / `lookupRenewal` list payments (GoCardless
 * cannot filter by metadata) and match the metadata the creating call set.
 */
import {
  ApiError,
  Environments,
  GoCardlessClient,
  GoCardlessInternalError,
  RateLimitError,
  parse,
  type Event,
  type Payment,
} from 'gocardless-nodejs';
import {
  ProviderUnavailable,
  WebhookRefused,
  type ChargeOutcome,
  type DirectDebitProvider,
  type ProviderEvent,
  type WebhookReader,
} from './types';

export interface GoCardlessOptions {
  /** https://api.gocardless.com (live), https://api-sandbox.gocardless.com, or a stand-in. */
  apiUrl: string;
  accessToken: string;
  flow: 'redirect_flow' | 'billing_request';
  /** The webhook endpoint's secret; without it no webhooks are read. */
  webhookSecret?: string | undefined;
  /** How long one call may take before its answer counts as lost (default 20 s, see STALE_ATTEMPT_MS). */
  timeoutMs?: number | undefined;
}

/** GoCardless's largest page (the list endpoints' `limit`). */
const PAGE_LIMIT = 500;
/** Statuses of a payment that will not collect money (https://developer.gocardless.com/api-reference#payments). */
const NOT_COLLECTED = new Set(['cancelled', 'customer_approval_denied', 'failed', 'charged_back']);
/** Statuses of a payment whose money GoCardless has collected. */
const COLLECTED = new Set(['confirmed', 'paid_out']);
/**
 * lookupRenewal lists the payments created since the charge row was written, less this margin
 * for the two clocks (ours and GoCardless's) disagreeing.
 */
const CLOCK_MARGIN_MS = 60 * 60_000;

/** A GoCardless payment as our outcome: submitted (settles days later), collected, or refused. */
function paymentOutcome(payment: Payment): ChargeOutcome {
  const status = payment.status ?? '';
  const id = payment.id;
  if (!id) throw new ProviderUnavailable('GoCardless answered no payment id');
  if (NOT_COLLECTED.has(status)) return { status: 'failed', code: 'payment_fail', message: `GoCardless: ${status}` };
  if (COLLECTED.has(status)) return { status: 'succeeded', reference: id };
  return { status: 'succeeded', reference: id, settled: false };
}

/** Raised for a refusal the visitor can act on (an unknown flow, a flow of another session). */
export class DirectDebitRefused extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'DirectDebitRefused';
  }
}

/** A refusal GoCardless answered (4xx): its first reason, e.g. mandate_is_inactive. */
function reasonOf(error: ApiError): string {
  const reason = (error.errors as { reason?: unknown }[] | undefined)?.[0]?.reason;
  return typeof reason === 'string' && reason ? reason : 'payment_fail';
}

/**
 * Runs one SDK call within the timeout. A refusal (4xx) is returned as the ApiError; anything
 * that leaves the outcome unknown (network, timeout, 5xx, 429, a malformed answer) throws
 * ProviderUnavailable.
 */
async function attempt<T>(run: () => Promise<T>, timeoutMs: number, what: string): Promise<T | ApiError> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProviderUnavailable(`GoCardless ${what}: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error;
    if (
      error instanceof ApiError &&
      !(error instanceof GoCardlessInternalError) &&
      !(error instanceof RateLimitError)
    ) {
      return error;
    }
    throw new ProviderUnavailable(`GoCardless ${what}: ${String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** GoCardless's events in the server's terms (others are not ours to act on). */
function providerEvent(event: Event): ProviderEvent | null {
  const id = event.id;
  if (!id) return null;
  if (event.resource_type === 'payments' && event.links?.payment) {
    const reference = event.links.payment;
    switch (event.action) {
      case 'confirmed':
      case 'paid_out':
        return { id, type: 'payment.succeeded', reference };
      case 'failed':
      case 'cancelled':
      case 'customer_approval_denied':
        return { id, type: 'payment.failed', reference, code: event.details?.cause ?? event.action };
      // The payer's bank took the money back after it was collected (an indemnity claim).
      case 'charged_back':
        return { id, type: 'payment.disputed', reference };
      default:
        return null;
    }
  }
  if (event.resource_type === 'mandates' && event.links?.mandate) {
    // No more payments can be taken on it: the subscription needs another way to pay.
    if (event.action === 'cancelled' || event.action === 'failed' || event.action === 'expired') {
      return { id, type: 'mandate.cancelled', reference: event.links.mandate };
    }
  }
  return null;
}

export function goCardlessProvider(options: GoCardlessOptions): DirectDebitProvider {
  const client = new GoCardlessClient(options.accessToken, Environments.Live, {});
  // The SDK knows only the live and sandbox hosts; its one base URL is pointed at ours (a stand-in
  // in tests, or either host as configured). There is no public setting for it.
  (client as unknown as { _api: { _baseUrl: string } })._api._baseUrl = options.apiUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const call = <T>(what: string, run: () => Promise<T>) => attempt(run, timeoutMs, what);
  /** A refusal of the mandate steps becomes DirectDebitRefused (the visitor can act on it). */
  const mandateStep = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const result = await call(what, run);
    if (result instanceof ApiError) throw new DirectDebitRefused(reasonOf(result));
    return result;
  };
  const text = (value: string | undefined | null, name: string): string => {
    if (!value) throw new ProviderUnavailable(`GoCardless answered no ${name}`);
    return value;
  };

  /** Every payment of a listing, following GoCardless's cursors. */
  const listAll = async (filter: Record<string, unknown>): Promise<Payment[]> => {
    const payments: Payment[] = [];
    let after: string | undefined;
    do {
      const page = await call('payments list', () =>
        client.payments.list({ ...filter, limit: PAGE_LIMIT, ...(after ? { after } : {}) }),
      );
      if (page instanceof ApiError || !Array.isArray(page.payments)) {
        throw new ProviderUnavailable(
          `GoCardless payments list: ${String(page instanceof ApiError ? page.message : 'no list')}`,
        );
      }
      payments.push(...page.payments);
      after = page.meta?.cursors?.after || undefined;
    } while (after);
    return payments;
  };

  /**
   * A refund paid to the payer (`refunds` `paid`, https://developer.gocardless.com/api-reference#event-types-refund),
   * whether made from the console or in GoCardless's dashboard: its payment read back (its
   * `amount_refunded`), and only a payment given back whole is `payment.refunded` — as with
   * Stripe, a partial refund ends nothing. Cannot read it: ProviderUnavailable (a 503, and
   * GoCardless delivers the event again).
   */
  const refundEvent = async (event: Event): Promise<ProviderEvent | null> => {
    const payment = event.links?.payment;
    if (event.resource_type !== 'refunds' || event.action !== 'paid' || !event.id || !payment) return null;
    const found = await call('payment', () => client.payments.find(payment));
    if (found instanceof ApiError) throw new ProviderUnavailable(`GoCardless payment ${payment}: ${found.message}`);
    const whole = Number(found.amount_refunded ?? 0) >= Number(found.amount);
    return whole ? { id: event.id, type: 'payment.refunded', reference: payment } : null;
  };

  const webhooks: WebhookReader | undefined = options.webhookSecret
    ? {
        async read(rawBody, headers) {
          let events: Event[];
          try {
            // Webhook-Signature: HMAC-SHA256 of the raw body with the endpoint secret (the SDK's parse).
            events = parse(rawBody, options.webhookSecret!, headers['webhook-signature'] ?? '');
          } catch {
            throw new WebhookRefused('GoCardless webhook: the signature does not verify');
          }
          const read: ProviderEvent[] = [];
          for (const event of Array.isArray(events) ? events : []) {
            const known = providerEvent(event) ?? (await refundEvent(event));
            if (known) read.push(known);
          }
          return read;
        },
      }
    : undefined;

  return {
    name: 'GOCARDLESS',
    webhooks,

    async requestMandate(input) {
      if (options.flow === 'redirect_flow') {
        const flow = await mandateStep('redirect flow', () =>
          client.redirectFlows.create({
            description: input.description,
            session_token: input.sessionToken,
            success_redirect_url: input.successRedirectUrl,
          }),
        );
        return { redirectFlowId: text(flow.id, 'id'), redirectUrl: text(flow.redirect_url, 'redirect_url') };
      }
      const created = await mandateStep('billing request', () =>
        client.billingRequests.create({
          mandate_request: { scheme: 'bacs' },
          metadata: { order_id: input.orderId, session: input.sessionToken.slice(0, 50) },
        }),
      );
      const billingRequestId = text(created.id, 'id');
      const back = new URL(input.successRedirectUrl);
      // The hosted page returns to redirect_uri as given: carry the id the completing widget reads.
      back.searchParams.set('redirect_flow_id', billingRequestId);
      const flow = await mandateStep('billing request flow', () =>
        client.billingRequestFlows.create({
          redirect_uri: back.toString(),
          links: { billing_request: billingRequestId },
        }),
      );
      return { redirectFlowId: billingRequestId, redirectUrl: text(flow.authorisation_url, 'authorisation_url') };
    },

    async completeMandate(input) {
      if (options.flow === 'redirect_flow') {
        const flow = await mandateStep('redirect flow completion', () =>
          client.redirectFlows.complete(input.redirectFlowId, { session_token: input.sessionToken }),
        );
        return { mandateId: text(flow.links?.mandate, 'mandate') };
      }
      const billingRequest = await mandateStep('billing request', () =>
        client.billingRequests.find(input.redirectFlowId),
      );
      if (billingRequest.status !== 'fulfilled') throw new DirectDebitRefused('mandate_not_fulfilled');
      return { mandateId: text(billingRequest.links?.mandate_request_mandate, 'mandate_request_mandate') };
    },

    async collect(input): Promise<ChargeOutcome> {
      const payment = await call('payment', () =>
        client.payments.create(
          {
            amount: input.amountMinor,
            currency: input.currency as never,
            description: input.description,
            links: { mandate: input.mandateId },
            // What `lookupPayment` matches when the answer to this call was lost.
            metadata: { order_id: input.orderId, attempt_key: input.idempotencyKey },
          },
          input.idempotencyKey,
        ),
      );
      if (payment instanceof ApiError) return { status: 'failed', code: reasonOf(payment), message: payment.message };
      // Submitted to the bank; it settles days later, so the purchases start as ACTIVE_PENDING.
      return paymentOutcome(payment);
    },

    async lookupPayment(input) {
      const payments = await listAll({ mandate: input.mandateId });
      const ofOrder = payments.filter((payment) => payment.metadata?.order_id === input.orderId);
      const found =
        ofOrder.find((payment) => !NOT_COLLECTED.has(String(payment.status))) ??
        ofOrder.find((payment) => payment.metadata?.attempt_key === input.idempotencyKey);
      return found ? paymentOutcome(found) : null;
    },

    async chargeSaved(input) {
      const saved = input.saved;
      if (saved.provider !== 'GOCARDLESS')
        throw new Error(`GoCardless cannot charge a ${saved.provider} payment method`);
      // Derived from the renewal only: a retry is the same request, answered with the same payment.
      const payment = await call('renewal payment', () =>
        client.payments.create(
          {
            amount: input.amountMinor,
            currency: input.currency as never,
            description: input.description,
            links: { mandate: saved.mandateId },
            metadata: { subscription_id: input.subscriptionId, renewal_key: input.idempotencyKey },
          },
          input.idempotencyKey,
        ),
      );
      // A cancelled or failed mandate (mandate_is_inactive …): nothing was taken.
      if (payment instanceof ApiError) return { status: 'failed', code: reasonOf(payment), message: payment.message };
      return paymentOutcome(payment);
    },

    async refund(input) {
      // The running total confirms the amount already given back (GoCardless refuses a mismatch),
      // so a refund made elsewhere meanwhile cannot be doubled by accident. The same key answers
      // the first refund: the SDK reads the conflicting one back.
      const refund = await call('refund', () =>
        client.refunds.create(
          {
            amount: input.amountMinor,
            total_amount_confirmation: input.refundedBeforeMinor + input.amountMinor,
            links: { payment: input.reference },
            metadata: { refund_key: input.idempotencyKey.slice(0, 50) },
          },
          input.idempotencyKey,
        ),
      );
      if (refund instanceof ApiError) return { status: 'failed', code: reasonOf(refund), message: refund.message };
      if (!refund.id) throw new ProviderUnavailable('GoCardless answered no refund id');
      // Submitted to the bank with the next collection run: the money is back days later.
      return { status: 'pending', reference: refund.id };
    },

    async lookupRenewal(input) {
      // GoCardless lists consistently (no search index), so a miss is a "none".
      const since = new Date(input.createdAt - CLOCK_MARGIN_MS).toISOString();
      const payments = await listAll({ created_at: { gte: since } });
      const found = payments.find((payment) => payment.metadata?.renewal_key === input.idempotencyKey);
      return found ? paymentOutcome(found) : null;
    },
  };
}

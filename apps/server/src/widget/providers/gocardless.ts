/**
 * GoCardless direct debit (https://developer.gocardless.com/api-reference). Two ways to get a
 * mandate, chosen by `flow`:
 * - `redirect_flow` (what the purchase spec describes; GoCardless closed it to new integrators):
 *   POST /redirect_flows with a session token and success URL, the visitor signs on GoCardless's
 *   page, which sends them back with `redirect_flow_id`; POST /redirect_flows/:id/actions/complete
 *   with the same session token gives the mandate.
 * - `billing_request` (the current API): POST /billing_requests with a mandate request, then POST
 *   /billing_request_flows for the hosted page; on return GET /billing_requests/:id gives the
 *   mandate once fulfilled. The billing request id plays the part of redirect_flow_id.
 * The first payment is POST /payments on the mandate, with our idempotency key. GoCardless does not
 * replay a repeated key: it answers 409 `idempotent_creation_conflict` naming the payment it
 * created, which is then read back (GET /payments/:id). `lookupPayment` finds an attempt whose
 * answer was lost (a stopped server) by listing the mandate's payments (GET /payments?mandate=)
 * and matching the metadata `collect` set (GoCardless cannot filter by metadata).
 */
import { providerRequest, type ProviderResponse } from './http';
import { ProviderUnavailable, type ChargeOutcome, type DirectDebitProvider } from './types';

export interface GoCardlessOptions {
  /** https://api.gocardless.com (live), https://api-sandbox.gocardless.com, or a stand-in. */
  apiUrl: string;
  accessToken: string;
  flow: 'redirect_flow' | 'billing_request';
}

const API_VERSION = '2015-07-06';
/** GoCardless's largest page (the list endpoints' `limit`). */
const PAGE_LIMIT = 500;
/** Statuses of a payment that will not collect money (https://developer.gocardless.com/api-reference#payments). */
const NOT_COLLECTED = new Set(['cancelled', 'customer_approval_denied', 'failed', 'charged_back']);

/** A GoCardless payment as our outcome: submitted (settles days later), or refused. */
function paymentOutcome(payment: Record<string, unknown>): ChargeOutcome {
  const status = typeof payment.status === 'string' ? payment.status : '';
  if (NOT_COLLECTED.has(status)) return { status: 'failed', code: 'payment_fail', message: `GoCardless: ${status}` };
  return { status: 'succeeded', reference: text(payment, 'id'), settled: false };
}

/** The payment GoCardless already created for a repeated Idempotency-Key (409), if that is the refusal. */
function conflictingPayment(response: ProviderResponse): string | null {
  if (response.status !== 409) return null;
  const error = (response.body.error ?? {}) as {
    errors?: { reason?: unknown; links?: { conflicting_resource_id?: unknown } }[];
  };
  const conflict = error.errors?.find((entry) => entry.reason === 'idempotent_creation_conflict');
  const id = conflict?.links?.conflicting_resource_id;
  return typeof id === 'string' && id ? id : null;
}

function refusal(response: ProviderResponse): { code: string; message?: string } {
  const error = (response.body.error ?? {}) as { errors?: { reason?: unknown }[]; message?: unknown };
  const reason = error.errors?.[0]?.reason;
  return {
    code: typeof reason === 'string' ? reason : 'payment_fail',
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
  };
}

function field(body: Record<string, unknown>, resource: string): Record<string, unknown> {
  const value = body[resource];
  if (typeof value !== 'object' || value === null) throw new ProviderUnavailable(`GoCardless answered no ${resource}`);
  return value as Record<string, unknown>;
}

function text(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  if (typeof value !== 'string' || !value) throw new ProviderUnavailable(`GoCardless answered no ${name}`);
  return value;
}

/** Raised for a refusal the visitor can act on (an unknown flow, a flow of another session). */
export class DirectDebitRefused extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'DirectDebitRefused';
  }
}

export function goCardlessProvider(options: GoCardlessOptions): DirectDebitProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const request = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
    providerRequest(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        'gocardless-version': API_VERSION,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    name: 'GOCARDLESS',

    // Issue 25 contract commit: implemented by the recurring-billing change that follows.
    async chargeSaved() {
      throw new ProviderUnavailable('GoCardless: renewals not implemented yet');
    },
    async lookupRenewal() {
      throw new ProviderUnavailable('GoCardless: renewals not implemented yet');
    },
    async requestMandate(input) {
      if (options.flow === 'redirect_flow') {
        const response = await request('POST', '/redirect_flows', {
          redirect_flows: {
            description: input.description,
            session_token: input.sessionToken,
            success_redirect_url: input.successRedirectUrl,
          },
        });
        if (response.status >= 400) throw new DirectDebitRefused(refusal(response).code);
        const flow = field(response.body, 'redirect_flows');
        return { redirectFlowId: text(flow, 'id'), redirectUrl: text(flow, 'redirect_url') };
      }
      const created = await request('POST', '/billing_requests', {
        billing_requests: {
          mandate_request: { scheme: 'bacs' },
          metadata: { order_id: input.orderId, session: input.sessionToken.slice(0, 50) },
        },
      });
      if (created.status >= 400) throw new DirectDebitRefused(refusal(created).code);
      const billingRequestId = text(field(created.body, 'billing_requests'), 'id');
      const back = new URL(input.successRedirectUrl);
      // The hosted page returns to redirect_uri as given: carry the id the completing widget reads.
      back.searchParams.set('redirect_flow_id', billingRequestId);
      const flow = await request('POST', '/billing_request_flows', {
        billing_request_flows: { redirect_uri: back.toString(), links: { billing_request: billingRequestId } },
      });
      if (flow.status >= 400) throw new DirectDebitRefused(refusal(flow).code);
      return {
        redirectFlowId: billingRequestId,
        redirectUrl: text(field(flow.body, 'billing_request_flows'), 'authorisation_url'),
      };
    },
    async completeMandate(input) {
      if (options.flow === 'redirect_flow') {
        const response = await request(
          'POST',
          `/redirect_flows/${encodeURIComponent(input.redirectFlowId)}/actions/complete`,
          { data: { session_token: input.sessionToken } },
        );
        if (response.status >= 400) throw new DirectDebitRefused(refusal(response).code);
        const links = field(field(response.body, 'redirect_flows'), 'links');
        return { mandateId: text(links, 'mandate') };
      }
      const response = await request('GET', `/billing_requests/${encodeURIComponent(input.redirectFlowId)}`);
      if (response.status >= 400) throw new DirectDebitRefused(refusal(response).code);
      const billingRequest = field(response.body, 'billing_requests');
      if (billingRequest.status !== 'fulfilled') throw new DirectDebitRefused('mandate_not_fulfilled');
      return { mandateId: text(field(billingRequest, 'links'), 'mandate_request_mandate') };
    },
    async collect(input): Promise<ChargeOutcome> {
      const response = await request(
        'POST',
        '/payments',
        {
          payments: {
            amount: input.amountMinor,
            currency: input.currency,
            description: input.description,
            links: { mandate: input.mandateId },
            // What `lookupPayment` matches when the answer to this call was lost.
            metadata: { order_id: input.orderId, attempt_key: input.idempotencyKey },
          },
        },
        input.idempotencyKey,
      );
      // This attempt's key was used before (the call whose answer a stopped server lost): that payment is ours.
      const created = conflictingPayment(response);
      if (created) {
        const existing = await request('GET', `/payments/${encodeURIComponent(created)}`);
        if (existing.status >= 400) throw new ProviderUnavailable(`GoCardless payment ${created}: ${existing.status}`);
        return paymentOutcome(field(existing.body, 'payments'));
      }
      if (response.status >= 400) return { status: 'failed', ...refusal(response) };
      // Submitted to the bank; it settles days later, so the purchases start as ACTIVE_PENDING.
      return paymentOutcome(field(response.body, 'payments'));
    },
    async lookupPayment(input) {
      const payments: Record<string, unknown>[] = [];
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ mandate: input.mandateId, limit: String(PAGE_LIMIT) });
        if (after) query.set('after', after);
        const response = await request('GET', `/payments?${query.toString()}`);
        const page = response.body.payments;
        if (response.status >= 400 || !Array.isArray(page)) {
          throw new ProviderUnavailable(`GoCardless payments list answered ${response.status}`);
        }
        payments.push(...(page as Record<string, unknown>[]));
        const cursors = ((response.body.meta ?? {}) as { cursors?: { after?: unknown } }).cursors;
        after = typeof cursors?.after === 'string' && cursors.after ? cursors.after : null;
      } while (after);
      const metadataOf = (payment: Record<string, unknown>) => (payment.metadata ?? {}) as Record<string, unknown>;
      const ofOrder = payments.filter((payment) => metadataOf(payment).order_id === input.orderId);
      const found =
        ofOrder.find((payment) => !NOT_COLLECTED.has(String(payment.status))) ??
        ofOrder.find((payment) => metadataOf(payment).attempt_key === input.idempotencyKey);
      return found ? paymentOutcome(found) : null;
    },
  };
}

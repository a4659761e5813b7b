/**
 * Mercado Pago (provider name MERCADO) through its Payments API
 * (https://www.mercadopago.com/developers/en/reference/payments/_payments/post): the frame's card
 * fields create a card token, the server posts `/v1/payments` with the order's amount, the card
 * type detected from the BIN and the payer. Mercado Pago takes `transaction_amount` in major
 * units: it is written from the exact decimal string of the minor units, never computed in floats.
 * approved succeeds; in_process / pending succeed unsettled (ACTIVE_PENDING); rejected fails with
 * its status_detail (cc_rejected_bad_filled_security_code …).
 */
import { fromMinorUnits } from '@foyer/api';
import { providerRequest, type ProviderResponse } from './http';
import { ProviderUnavailable, type CardProvider, type ChargeOutcome } from './types';

export interface MercadoPagoOptions {
  /** https://api.mercadopago.com, or a stand-in. */
  apiUrl: string;
  accessToken: string;
  publicKey?: string | undefined;
}

function outcome(response: ProviderResponse): ChargeOutcome {
  const { body } = response;
  if (response.status >= 400) {
    const cause = Array.isArray(body.cause) ? (body.cause[0] as { code?: unknown } | undefined) : undefined;
    return {
      status: 'failed',
      code: cause?.code !== undefined ? `mercado_${String(cause.code)}` : 'payment_fail',
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    };
  }
  const id = body.id;
  if (typeof id !== 'number' && typeof id !== 'string') throw new ProviderUnavailable('Mercado Pago answered no id');
  const reference = String(id);
  if (body.status === 'approved') return { status: 'succeeded', reference };
  if (body.status === 'in_process' || body.status === 'pending')
    return { status: 'succeeded', reference, settled: false };
  return { status: 'failed', code: typeof body.status_detail === 'string' ? body.status_detail : 'payment_fail' };
}

export function mercadoPagoProvider(options: MercadoPagoOptions): CardProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${options.accessToken}`,
    'content-type': 'application/json',
    ...extra,
  });
  return {
    name: 'MERCADO',

    // Issue 25 contract commit: implemented by the recurring-billing change that follows.
    async chargeSaved() {
      throw new ProviderUnavailable('Mercado Pago: renewals not implemented yet');
    },
    async lookupRenewal() {
      throw new ProviderUnavailable('Mercado Pago: renewals not implemented yet');
    },
    publishableKey: options.publicKey,
    async charge(input) {
      // The JSON number is written from the exact decimal string (e.g. 95.250 -> 95.25).
      const amount = fromMinorUnits(input.amountMinor, input.currency);
      const body = JSON.stringify({
        transaction_amount: 0,
        token: input.token,
        description: input.description,
        installments: 1,
        ...(input.paymentMethodId ? { payment_method_id: input.paymentMethodId } : {}),
        external_reference: input.orderId,
        payer: {
          ...(input.payerEmail ? { email: input.payerEmail } : {}),
          ...(input.payerIdentification ? { identification: input.payerIdentification } : {}),
        },
        // `attempt_key` is what `lookup` matches when the answer to this call was lost.
        metadata: { order_id: input.orderId, currency: input.currency, attempt_key: input.idempotencyKey },
      }).replace('"transaction_amount":0', `"transaction_amount":${amount}`);
      const response = await providerRequest(`${base}/v1/payments`, {
        method: 'POST',
        headers: headers({ 'x-idempotency-key': input.idempotencyKey }),
        body,
      });
      return outcome(response);
    },
    async confirm(reference) {
      const response = await providerRequest(`${base}/v1/payments/${encodeURIComponent(reference)}`, {
        method: 'GET',
        headers: headers(),
      });
      return outcome(response);
    },
    async lookup(attempt) {
      // https://www.mercadopago.com/developers/en/reference/payments/_payments_search/get
      const search = new URLSearchParams({ external_reference: attempt.orderId, sort: 'date_created' });
      const response = await providerRequest(`${base}/v1/payments/search?${search.toString()}`, {
        method: 'GET',
        headers: headers(),
      });
      if (response.status >= 400 || !Array.isArray(response.body.results)) {
        throw new ProviderUnavailable(`Mercado Pago search answered ${response.status}`);
      }
      const payments = response.body.results as Record<string, unknown>[];
      const live = (payment: Record<string, unknown>) =>
        payment.status === 'approved' || payment.status === 'in_process' || payment.status === 'pending';
      const metadataOf = (payment: Record<string, unknown>) => (payment.metadata ?? {}) as Record<string, unknown>;
      const found =
        payments.find((payment) => payment.status === 'approved') ??
        payments.find(live) ??
        payments.find((payment) => metadataOf(payment).attempt_key === attempt.idempotencyKey);
      return found ? outcome({ status: 200, body: found }) : null;
    },
  };
}

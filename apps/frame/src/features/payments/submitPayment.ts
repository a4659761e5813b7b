/**
 * POST /widget/payment/{orderId} (purchase spec §4, §5): payment requires a login, an order id and
 * no outstanding card field error. Each attempt carries an Idempotency-Key header: the same
 * attempt (same token: a retry, a double click, the second call after 3-D Secure) sends the same
 * key, so the server answers it with the first attempt's result and never charges twice.
 */
import type { FoyerError } from '@foyer/api';
import {
  catalogueError,
  IDEMPOTENCY_KEY_HEADER,
  normalizePaymentError,
  submitPayment as submitPaymentEndpoint,
  type PaymentToken,
  type TransferInstructions,
} from '@foyer/api/widget';
import type { AppThunk } from '../../app/store/thunk';
import { basketPaid } from '../../app/store/basketThunks';
import { callWidget } from '../../app/store/widgetClient';

export type PaymentOutcome =
  | {
      status: 'succeeded';
      /**
       * Bank transfer and cash: the order is placed, the money is still to be sent. The form shows
       * the instructions and calls `done` once the visitor has read them: only then is
       * payment.success published, which closes a checkout modal (the instructions are mailed too).
       */
      transfer?: { instructions: TransferInstructions; done(): void };
    }
  /** The provider asks for a challenge (3-D Secure): run it with the secret, then submit again. */
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: FoyerError };

/**
 * One key per attempt. An attempt is one token: the same token gets the same key again (retry,
 * double click, the confirmation after a challenge); a new token (another card) starts a new one.
 */
export class PaymentAttempts {
  private last: { token: string; key: string } | null = null;
  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}
  keyFor(token: string): string {
    if (this.last?.token !== token) this.last = { token, key: this.newKey() };
    return this.last.key;
  }
}

export interface SubmitInput extends PaymentToken {
  orderId: string | undefined;
  attempts: PaymentAttempts;
  /** A card field error still showing: no request (purchase spec §5). */
  fieldError?: FoyerError | null;
}

export const submitPayment =
  (input: SubmitInput): AppThunk<Promise<PaymentOutcome>> =>
  async (dispatch, getState, extra) => {
    const fail = (error: FoyerError): PaymentOutcome => {
      extra.host.publish({ name: 'payment.failed', payload: { code: error.code, statusCode: error.statusCode } });
      return { status: 'failed', error };
    };
    if (!getState().session.loggedIn) return fail(catalogueError('not_logged_in'));
    const { orderId, attempts, fieldError, ...token } = input;
    if (!orderId) return fail(catalogueError('undefined_order_id'));
    if (fieldError) return { status: 'failed', error: fieldError };
    // The runner of a checkout behind the modal shows its third step while the request runs.
    const processing = (running: boolean) =>
      extra.host.publish({ name: 'payment.processing', payload: { orderId, running } });
    processing(true);
    const result = await callWidget(
      { dispatch, getState, extra },
      submitPaymentEndpoint,
      { params: { orderId }, body: token },
      { normalize: normalizePaymentError, headers: { [IDEMPOTENCY_KEY_HEADER]: attempts.keyFor(token.token) } },
    );
    processing(false);
    if (!result.ok) return fail(result.error);
    if (result.data.status === 'REQUIRES_ACTION') {
      if (!result.data.clientSecret) return fail(catalogueError('payment_requires_action'));
      return { status: 'requires_action', clientSecret: result.data.clientSecret };
    }
    dispatch(basketPaid(orderId));
    const announce = () => extra.host.publish({ name: 'payment.success', payload: { orderId } });
    const instructions = result.data.transferInstructions;
    if (instructions) return { status: 'succeeded', transfer: { instructions, done: once(announce) } };
    announce();
    return { status: 'succeeded' };
  };

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

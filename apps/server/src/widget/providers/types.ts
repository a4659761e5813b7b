/**
 * One adapter per payment provider. The payment service talks only to these interfaces: it
 * records the attempt, asks the adapter, and records what the adapter answered. Adapters never
 * see card data, only the token the provider's own fields created in the frame.
 */
import type { PaymentType, ProviderName } from '@foyer/api';

export interface ChargeInput {
  paymentId: string;
  /**
   * The server's key of the order's attempt (never a client's key alone); adapters pass it on to
   * the provider and tag the payment with it, so a retry after a timeout or a crash replays the
   * provider's first answer instead of charging again, and `lookup` can find the payment.
   */
  idempotencyKey: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  token: string;
  description: string;
  /** The paying customer's e-mail address (Mercado Pago requires a payer). */
  payerEmail?: string | undefined;
  /** Card type and cardholder document the frame read (Mercado Pago). */
  paymentMethodId?: string | undefined;
  payerIdentification?: { type: string; number: string } | undefined;
  /**
   * The order holds a recurring plan: the adapter keeps the payment method for charges made
   * without the visitor (Stripe: a Customer and `setup_future_usage: off_session`; Mercado Pago:
   * a customer card) and answers it as `saved` with the success.
   */
  saveForRenewals?: boolean | undefined;
}

/**
 * What a provider keeps to charge a subscriber again without them (renewals, retries). Stored
 * with the subscription (subscriptions.payment_method, JSON); opaque references only, never card data.
 */
export type SavedPaymentMethod =
  | { provider: 'STRIPE'; customer: string; paymentMethod: string }
  | { provider: 'MERCADOPAGO'; customer: string; cardId: string; paymentMethodId?: string | undefined }
  | { provider: 'GOCARDLESS'; mandateId: string }
  /** The test card provider (FOYER_CARD_PROVIDER=manual): the test card's name decides the outcome. */
  | { provider: 'MANUAL'; paymentMethod: string };

/** One charge of a subscription made without the visitor (a renewal or one of its retries). */
export interface RenewalChargeInput {
  /**
   * `renew:<subscription>:<period end>:<attempt>`: the same request is sent again, byte for
   * byte, after a lost answer, so the provider replays instead of charging twice.
   */
  idempotencyKey: string;
  subscriptionId: string;
  amountMinor: number;
  currency: string;
  description: string;
  saved: SavedPaymentMethod;
  payerEmail?: string | undefined;
}

export type ChargeOutcome =
  /**
   * `settled: false`: submitted but not yet settled (direct debit); purchases start ACTIVE_PENDING.
   * `awaitingConfirmation`: nothing is paid until an operator confirms it (bank transfer, cash): the
   * order stays unpaid meanwhile.
   */
  | {
      status: 'succeeded';
      reference: string;
      settled?: boolean;
      awaitingConfirmation?: boolean;
      /** Asked with `saveForRenewals`: how to charge this payer again. */
      saved?: SavedPaymentMethod;
    }
  /** 3-D Secure or a similar challenge: the frame runs it with the client secret, then submits again. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  /** Refused by the provider; `code` is its app error code (card_declined …) or payment_fail. */
  | { status: 'failed'; code: string; message?: string };

export interface CardProvider extends RecurringCharges {
  readonly name: ProviderName | 'GOCARDLESS';
  /** The public key the frame's provider script needs (stripeKey / mercadoKey). */
  readonly publishableKey?: string | undefined;
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /** The state of a payment that required action, once the visitor has answered the challenge. */
  confirm(reference: string): Promise<ChargeOutcome>;
  /**
   * Closes a payment still waiting for its challenge so that it can no longer be paid (before a
   * retry charges the same period anew): `failed` once closed, or its outcome when the visitor
   * paid it meanwhile. Absent where a provider cannot close one (the server then only stops
   * offering it). Throws ProviderUnavailable when it cannot tell.
   */
  abandon?(reference: string): Promise<ChargeOutcome>;
  /**
   * What the provider knows of an attempt whose answer was lost (timeout, stopped server): a
   * payment of the order that succeeded, else the attempt's own payment (by its key), else null
   * when the provider has none. Throws ProviderUnavailable when it cannot tell.
   */
  lookup(attempt: PaymentLookup): Promise<ChargeOutcome | null>;
  /** The provider's own hosted payment page (version 1's checkout with a real card provider). */
  readonly hostedCheckout?: HostedCheckout | undefined;
  refund?: Refunder['refund'];
}

/** A provider that can give money back (the console's refunds, issue 28). */
export interface Refunder {
  /**
   * Gives back all or part of a payment; absent when this provider's refunds are not built. The
   * same key sends the same refund once, whatever happened to an earlier answer. Throws
   * ProviderUnavailable when the answer is lost or ambiguous.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
}

export interface RefundInput {
  idempotencyKey: string;
  /** The payment's reference at the provider (what `charge` answered). */
  reference: string;
  amountMinor: number;
  currency: string;
  /** What was given back of this payment before (GoCardless confirms the running total). */
  refundedBeforeMinor: number;
}

/** `pending`: accepted, the money not yet back (Stripe's pending refunds); settled by its webhook. */
export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; reference: string }
  | { status: 'failed'; code: string; message?: string | undefined };

/**
 * A payment taken on the provider's own hosted page (Stripe Checkout): the server opens it for an
 * order and sends the visitor there; the provider sends them back to `successUrl` or `cancelUrl`,
 * and `result` reads what happened (the visitor's return proves nothing by itself).
 */
export interface HostedCheckout {
  start(input: {
    /** The same key opens the same page: a retried start sends the visitor to one checkout. */
    idempotencyKey: string;
    orderId: string;
    amountMinor: number;
    currency: string;
    description: string;
    successUrl: string;
    cancelUrl: string;
    saveForRenewals?: boolean | undefined;
  }): Promise<{ url: string; reference: string }>;
  /** succeeded once paid (with `saved` when asked), failed once expired, requires_action while still open. */
  result(reference: string): Promise<ChargeOutcome>;
  /** Closes the page (the visitor cancelled): failed, or succeeded when it was paid meanwhile. */
  cancel(reference: string): Promise<ChargeOutcome>;
}

/**
 * A provider's webhook deliveries, verified by the provider's own scheme (Stripe-Signature,
 * GoCardless Webhook-Signature, Mercado Pago x-signature) and read into the server's own events.
 * A delivery whose signature does not verify throws WebhookRefused (answered 400, nothing changes).
 */
export interface WebhookReader {
  read(rawBody: string, headers: Record<string, string | undefined>): Promise<ProviderEvent[]>;
}

/**
 * A provider event in the server's terms. `id` is the provider's event id (stored: an event is
 * applied once, a replay is a no-op); `reference` is the provider's payment id, as recorded in
 * payments.provider_reference or renewal_charges.provider_reference.
 */
export interface ProviderEvent {
  id: string;
  /**
   * `checkout.completed`: a hosted checkout of version 1 was paid; `reference` is the checkout's
   * (Stripe's session id, as recorded on the payment before the visitor left for it) or the key
   * it was opened with (Mercado Pago's external reference).
   */
  type:
    | 'payment.succeeded'
    | 'payment.failed'
    | 'payment.refunded'
    | 'payment.disputed'
    | 'mandate.cancelled'
    | 'checkout.completed';
  reference: string;
  /** payment.failed: the provider's reason code. */
  code?: string | undefined;
}

export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

export interface PaymentLookup {
  orderId: string;
  /** The attempt's idempotency key, as given to `charge`. */
  idempotencyKey: string;
}

export interface MandateRequest {
  orderId: string;
  /** Ties the provider's flow to this visitor's session (GoCardless session_token). */
  sessionToken: string;
  successRedirectUrl: string;
  description: string;
}

/** Renewals on the mandate: RecurringCharges.chargeSaved collects on `saved.mandateId`. */
export interface DirectDebitProvider extends RecurringCharges {
  readonly name: 'GOCARDLESS';
  requestMandate(input: MandateRequest): Promise<{ redirectUrl: string; redirectFlowId: string }>;
  completeMandate(input: { redirectFlowId: string; sessionToken: string }): Promise<{ mandateId: string }>;
  collect(input: Omit<ChargeInput, 'token'> & { mandateId: string }): Promise<ChargeOutcome>;
  /** CardProvider.lookup for the payments collected on one mandate. */
  lookupPayment(input: PaymentLookup & { mandateId: string }): Promise<ChargeOutcome | null>;
  refund?: Refunder['refund'];
}

/** What every provider that renews subscriptions does: charge a saved method, find a charge, read its webhooks. */
export interface RecurringCharges {
  /**
   * Charges a saved payment method off session. `requires_action` means the bank wants the
   * visitor (3-D Secure on a renewal): the server mails them a link to the payment step.
   * Throws ProviderUnavailable when the answer is lost or ambiguous (a timeout, Stripe's
   * `idempotency_error`): the charge's state is then unknown, never failed.
   */
  chargeSaved(input: RenewalChargeInput): Promise<ChargeOutcome>;
  /**
   * What the provider knows of a renewal charge by its idempotency key: its outcome, null when
   * the provider surely has none. Throws ProviderUnavailable when it cannot tell yet (Stripe's
   * search lags: a miss within its indexing delay is not a "none").
   */
  lookupRenewal(input: {
    idempotencyKey: string;
    subscriptionId: string;
    createdAt: number;
  }): Promise<ChargeOutcome | null>;
  /** Verifies and reads a webhook delivery (see WebhookReader). Absent for the manual provider. */
  readonly webhooks?: WebhookReader | undefined;
}

/** Thrown by adapters when the provider cannot be reached or answers nonsense (not a refusal). */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export interface PaymentProviders {
  /** The provider of CARD orders; null when none is configured (CARD is then not offered). */
  card: CardProvider | null;
  /** BANK_TRANSFER and CASH orders are recorded by the manual provider, awaiting an operator's confirmation. */
  manual: CardProvider;
  directDebit: DirectDebitProvider | null;
  /** The active payment types, in the order the selector lists them. */
  paymentTypes: PaymentType[];
}

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
}

export type ChargeOutcome =
  /**
   * `settled: false`: submitted but not yet settled (direct debit); purchases start ACTIVE_PENDING.
   * `awaitingConfirmation`: nothing is paid until an operator confirms it (bank transfer, cash): the
   * order stays unpaid meanwhile.
   */
  | { status: 'succeeded'; reference: string; settled?: boolean; awaitingConfirmation?: boolean }
  /** 3-D Secure or a similar challenge: the frame runs it with the client secret, then submits again. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  /** Refused by the provider; `code` is its app error code (card_declined …) or payment_fail. */
  | { status: 'failed'; code: string; message?: string };

export interface CardProvider {
  readonly name: ProviderName | 'GOCARDLESS';
  /** The public key the frame's provider script needs (stripeKey / mercadoKey). */
  readonly publishableKey?: string | undefined;
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /** The state of a payment that required action, once the visitor has answered the challenge. */
  confirm(reference: string): Promise<ChargeOutcome>;
  /**
   * What the provider knows of an attempt whose answer was lost (timeout, stopped server): a
   * payment of the order that succeeded, else the attempt's own payment (by its key), else null
   * when the provider has none. Throws ProviderUnavailable when it cannot tell.
   */
  lookup(attempt: PaymentLookup): Promise<ChargeOutcome | null>;
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

export interface DirectDebitProvider {
  readonly name: 'GOCARDLESS';
  requestMandate(input: MandateRequest): Promise<{ redirectUrl: string; redirectFlowId: string }>;
  completeMandate(input: { redirectFlowId: string; sessionToken: string }): Promise<{ mandateId: string }>;
  collect(input: Omit<ChargeInput, 'token'> & { mandateId: string }): Promise<ChargeOutcome>;
  /** CardProvider.lookup for the payments collected on one mandate. */
  lookupPayment(input: PaymentLookup & { mandateId: string }): Promise<ChargeOutcome | null>;
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

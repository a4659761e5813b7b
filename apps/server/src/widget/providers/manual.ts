/**
 * The manual provider (provider name MANUAL), in two roles:
 *
 * - Bank transfer and cash (`awaitsConfirmation`): the order is accepted at once and settled
 *   outside the widgets. Its token is only the widget's confirmation click, so its purchases
 *   await payment (ACTIVE_PENDING) until an operator confirms the money arrived
 *   (POST /widget/admin/orders/:orderId/confirm-payment).
 * - The test card provider (FOYER_CARD_PROVIDER=manual, demos and tests only; a production
 *   server refuses it): the token names one of the TEST_CARDS, as Stripe's test PaymentMethods,
 *   and decides the outcome. pm_card_visa (and any other token) pays; pm_card_chargeDeclined is
 *   refused; pm_card_chargeCustomerFail pays when the visitor is there and is refused off session
 *   (renewals); pm_card_authenticationRequired asks for 3-D Secure every time: the client secret
 *   is `test_challenge_<reference>`, answered through POST /dev/test-challenge/:reference, after
 *   which the frame submits again and `confirm` answers. Its state lives in this process.
 */
import { createHash } from 'node:crypto';
import type { TestCard } from '@foyer/api';
import type { CardProvider, ChargeOutcome, RefundOutcome, SavedPaymentMethod } from './types';

export interface ManualOptions {
  /** Bank transfer and cash: nothing is paid until an operator confirms. False: the test cards. */
  awaitsConfirmation: boolean;
}

/** The test card provider: a card provider whose challenges a dev route answers. */
export interface TestCardProvider extends CardProvider {
  readonly testMode: true;
  /** Answers the 3-D Secure challenge of `reference`; false when there is none. */
  answerChallenge(reference: string, passed: boolean): boolean;
}

export function isTestCardProvider(provider: CardProvider | null | undefined): provider is TestCardProvider {
  return provider !== null && provider !== undefined && 'testMode' in provider && provider.testMode === true;
}

const CARD: Record<TestCard, TestCard> = {
  pm_card_visa: 'pm_card_visa',
  pm_card_chargeDeclined: 'pm_card_chargeDeclined',
  pm_card_chargeCustomerFail: 'pm_card_chargeCustomerFail',
  pm_card_authenticationRequired: 'pm_card_authenticationRequired',
};

export const TEST_CHALLENGE_PREFIX = 'test_challenge_';

function transferProvider(): CardProvider {
  const paid = { settled: false, awaitingConfirmation: true };
  return {
    name: 'MANUAL',
    async charge(input) {
      return { status: 'succeeded', reference: `manual_${input.paymentId}`, ...paid };
    },
    async confirm(reference) {
      return { status: 'succeeded', reference, ...paid };
    },
    // Nothing is charged outside the server: an unanswered manual attempt took no money.
    async lookup() {
      return null;
    },
    // A transfer is never charged without the payer: its renewals are notices (billing/renewals.ts).
    async chargeSaved() {
      return { status: 'failed', code: 'payment_method_missing' };
    },
    async lookupRenewal() {
      return null;
    },
  };
}

function testCardProvider(): TestCardProvider {
  /** Challenges asked and not yet confirmed, by reference; `passed` once answered. */
  const challenges = new Map<string, { saved?: SavedPaymentMethod | undefined; passed?: boolean }>();
  /** Off-session charges by idempotency key: a repeated request replays its first answer. */
  const renewals = new Map<string, ChargeOutcome>();
  /** Refunds by idempotency key (replayed like renewals), and the amount given back per payment. */
  const refunds = new Map<string, RefundOutcome>();
  const refunded = new Map<string, number>();
  const challenge = (reference: string, saved?: SavedPaymentMethod): ChargeOutcome => {
    if (!challenges.has(reference)) challenges.set(reference, { saved });
    return { status: 'requires_action', reference, clientSecret: `${TEST_CHALLENGE_PREFIX}${reference}` };
  };
  return {
    name: 'MANUAL',
    testMode: true,
    async charge(input) {
      const reference = `manual_${input.paymentId}`;
      const saved: SavedPaymentMethod | undefined = input.saveForRenewals
        ? { provider: 'MANUAL', paymentMethod: input.token }
        : undefined;
      if (input.token === CARD.pm_card_chargeDeclined) return { status: 'failed', code: 'card_declined' };
      if (input.token === CARD.pm_card_authenticationRequired) return challenge(reference, saved);
      return { status: 'succeeded', reference, ...(saved ? { saved } : {}) };
    },
    async confirm(reference) {
      const asked = challenges.get(reference);
      // No challenge was asked: the earlier answer was a payment.
      if (!asked) return { status: 'succeeded', reference };
      if (asked.passed === undefined) return challenge(reference);
      challenges.delete(reference);
      if (!asked.passed) return { status: 'failed', code: 'payment_fail' };
      return { status: 'succeeded', reference, ...(asked.saved ? { saved: asked.saved } : {}) };
    },
    async abandon(reference) {
      const asked = challenges.get(reference);
      challenges.delete(reference);
      // Passed meanwhile: paid, as the visitor's confirmation would have read it.
      if (asked?.passed) return { status: 'succeeded', reference, ...(asked.saved ? { saved: asked.saved } : {}) };
      return { status: 'failed', code: asked?.passed === false ? 'payment_fail' : 'authentication_abandoned' };
    },
    async lookup() {
      return null;
    },
    async chargeSaved(input) {
      const replay = renewals.get(input.idempotencyKey);
      if (replay) return replay;
      const card = input.saved.provider === 'MANUAL' ? input.saved.paymentMethod : null;
      const reference = `manual_renew_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      let outcome: ChargeOutcome;
      if (card === null) outcome = { status: 'failed', code: 'payment_method_missing' };
      else if (card === CARD.pm_card_chargeCustomerFail || card === CARD.pm_card_chargeDeclined)
        outcome = { status: 'failed', code: 'card_declined' };
      else if (card === CARD.pm_card_authenticationRequired) outcome = challenge(reference, input.saved);
      else outcome = { status: 'succeeded', reference };
      renewals.set(input.idempotencyKey, outcome);
      return outcome;
    },
    async lookupRenewal(input) {
      return renewals.get(input.idempotencyKey) ?? null;
    },
    async refund(input) {
      const replay = refunds.get(input.idempotencyKey);
      if (replay) return replay;
      // The test cards' refunds always go through; the server checks the amount left first.
      refunded.set(input.reference, (refunded.get(input.reference) ?? 0) + input.amountMinor);
      const outcome: RefundOutcome = {
        status: 'succeeded',
        reference: `manual_refund_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`,
      };
      refunds.set(input.idempotencyKey, outcome);
      return outcome;
    },
    answerChallenge(reference, passed) {
      const asked = challenges.get(reference);
      if (!asked) return false;
      asked.passed = passed;
      return true;
    },
  };
}

export function manualProvider(options: ManualOptions): CardProvider {
  return options.awaitsConfirmation ? transferProvider() : testCardProvider();
}

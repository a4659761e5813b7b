/**
 * The owner paying a PAST_DUE subscription with a new card (the purchases list's "Update
 * payment", the payment-failed mail's link): GET /widget/account/subscription/:id/payment says
 * what is due, POST charges it through the card provider, keeping the new card for the renewals.
 * Like every charge of a subscription, a renewal_charges row (kind `visitor`, its own attempt
 * number) is written before the provider is asked; the Idempotency-Key (else the token's hash)
 * finds a retried submission's attempt. A 3-D Secure challenge answers REQUIRES_ACTION with its
 * client secret; the frame runs it and submits again, which confirms the same charge.
 */
import { createHash } from 'node:crypto';
import type { PaymentToken, SubscriptionPaymentPage, SubscriptionPaymentResult } from '@foyer/api';
import { subscriptionView } from '../account/purchases';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { money } from '../widget/catalogue';
import { refusal } from '../widget/payments';
import { isTestCardProvider } from '../widget/providers/manual';
import {
  ProviderUnavailable,
  type CardProvider,
  type ChargeOutcome,
  type PaymentProviders,
} from '../widget/providers/types';
import {
  CHARGE_COLUMNS,
  chargeOf,
  closeChallenge,
  loadSubscription,
  settleCharge,
  type ChargeRow,
  type SettleOutcome,
  type SubscriptionRow,
} from './lifecycle';
import { hasOpenCharge, insertCharge, priceOf } from './renewals';

function cardOf(providers: PaymentProviders): CardProvider {
  if (!providers.card) throw new ApiError('card_provider_not_configured');
  return providers.card;
}

/** The owner's subscription; anyone else's answers as an unknown one. */
async function ownSubscription(db: Db, guid: string, subscriptionId: string): Promise<SubscriptionRow> {
  const sub = await loadSubscription(db, subscriptionId);
  if (!sub || sub.guid !== guid) throw new ApiError('subscription_not_found');
  return sub;
}

function view(sub: SubscriptionRow): SubscriptionPaymentResult['subscription'] {
  return subscriptionView({ ...sub });
}

export async function subscriptionPaymentPage(
  db: Db,
  providers: PaymentProviders,
  guid: string,
  subscriptionId: string,
): Promise<SubscriptionPaymentPage> {
  const sub = await ownSubscription(db, guid, subscriptionId);
  // Only a PAST_DUE subscription owes anything.
  if (sub.status !== 'PAST_DUE') throw new ApiError('subscription_not_found');
  const card = cardOf(providers);
  const price = await priceOf(db, sub);
  if (!price) throw new ApiError('subscription_not_found');
  const waiting = await challengedRenewal(db, sub, card);
  const saved = sub.payment_method;
  return {
    subscriptionId: sub.id,
    providerName: card.name,
    amountDue: money(price.amountMinor, price.currency),
    ...(card.publishableKey ? { publishableKey: card.publishableKey } : {}),
    ...(isTestCardProvider(card) ? { testMode: true } : {}),
    ...(waiting?.client_secret
      ? {
          authentication: {
            clientSecret: waiting.client_secret,
            // Stripe confirms an off-session intent again on session with the card it was for.
            ...(saved?.provider === 'STRIPE' ? { paymentMethod: saved.paymentMethod } : {}),
          },
        }
      : {}),
  };
}

/**
 * The renewal charge of the period now due that waits for the visitor's bank (an off-session
 * 3-D Secure), made through this card provider: the one the page offers to authenticate.
 */
async function challengedRenewal(db: Db, sub: SubscriptionRow, card: CardProvider): Promise<ChargeRow | null> {
  return readCharge(
    db,
    `subscription_id = $1 AND kind = 'renewal' AND status = 'REQUIRES_ACTION' AND provider = $2
       AND client_secret IS NOT NULL AND period_end > COALESCE($3::date, '-infinity'::date)
     ORDER BY attempt DESC LIMIT 1`,
    [sub.id, card.name, sub.end_date],
  );
}

/**
 * The visitor answered their bank for the renewal's own charge (the page's `authentication`): that
 * charge is read back from the provider. Paid: settled as any renewal (ACTIVE, next period), once
 * however often this is posted. Still waiting: REQUIRES_ACTION again. Refused: the charge is
 * closed without counting as a retry (the subscription's schedule goes on) and the visitor is told.
 */
export async function authenticateRenewal(
  db: Db,
  providers: PaymentProviders,
  request: { guid: string; subscriptionId: string; now: () => number },
): Promise<SubscriptionPaymentResult> {
  const card = cardOf(providers);
  const sub = await ownSubscription(db, request.guid, request.subscriptionId);
  if (sub.status !== 'PAST_DUE') throw new ApiError('subscription_not_found');
  const charge = await challengedRenewal(db, sub, card);
  if (!charge?.provider_reference) throw new ApiError('subscription_not_found');
  const outcome = await ask(() => card.confirm(charge.provider_reference ?? ''));
  if (outcome.status === 'unknown') throw new ApiError('provider_unavailable');
  if (outcome.status === 'requires_action')
    return {
      status: 'REQUIRES_ACTION',
      clientSecret: outcome.clientSecret || charge.client_secret!,
      subscription: view(sub),
    };
  if (outcome.status === 'failed') {
    await closeChallenge(db, charge.id, outcome.code, request.now());
    throw refusal(outcome.code);
  }
  await db.transaction((tx) => settleCharge(tx, charge.id, outcome, request.now()));
  return answer(db, charge.id);
}

export interface SubscriptionPaymentRequest {
  guid: string;
  subscriptionId: string;
  payment: PaymentToken;
  payerEmail?: string | undefined;
  clientKey: string | undefined;
  now: () => number;
}

async function ask(run: () => Promise<ChargeOutcome>): Promise<SettleOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { status: 'unknown' };
    throw error;
  }
}

async function readCharge(db: Db, sql: string, params: unknown[]): Promise<ChargeRow | null> {
  const rows = await db.query(`SELECT ${CHARGE_COLUMNS} FROM renewal_charges WHERE ${sql}`, params as never[]);
  return rows[0] ? chargeOf(rows[0]) : null;
}

export async function paySubscription(
  db: Db,
  providers: PaymentProviders,
  request: SubscriptionPaymentRequest,
): Promise<SubscriptionPaymentResult> {
  const card = cardOf(providers);
  const sub = await ownSubscription(db, request.guid, request.subscriptionId);
  const key = (
    request.clientKey?.trim() || createHash('sha256').update(request.payment.token, 'utf8').digest('hex')
  ).slice(0, 200);
  const settle = async (charge: ChargeRow, outcome: SettleOutcome) => {
    await db.transaction((tx) => settleCharge(tx, charge.id, outcome, request.now()));
    return answer(db, charge.id);
  };
  const confirm = (charge: ChargeRow) => ask(() => card.confirm(charge.provider_reference ?? ''));

  // A retried submission (the frame sends the same key for the same card): its attempt's answer,
  // or the challenge it was waiting for.
  const known = await readCharge(db, 'subscription_id = $1 AND client_key = $2', [sub.id, key]);
  if (known) {
    if (known.status === 'REQUIRES_ACTION') return settle(known, await confirm(known));
    if (known.status !== 'PENDING' && known.status !== 'UNKNOWN') return answer(db, known.id);
    throw new ApiError('payment_in_progress');
  }
  if (sub.status !== 'PAST_DUE') throw new ApiError('subscription_not_found');

  const charge = await db.transaction(async (tx) => {
    const locked = await loadSubscription(tx, sub.id, true);
    if (locked?.status !== 'PAST_DUE') throw new ApiError('subscription_not_found');
    // A retry of the renewal is with the provider right now: its answer comes first.
    if (await hasOpenCharge(tx, locked.id)) throw new ApiError('payment_in_progress');
    const price = await priceOf(tx, locked);
    if (!price) throw new ApiError('subscription_not_found');
    return insertCharge(tx, locked, 'visitor', price, card.name, request.now(), key);
  });
  if (!charge) throw new ApiError('payment_in_progress');
  const outcome = await ask(() =>
    card.charge({
      paymentId: charge.id,
      idempotencyKey: charge.idempotency_key,
      // No order: the subscription stands in for it in the provider's metadata.
      orderId: sub.id,
      amountMinor: charge.amount_minor,
      currency: charge.currency,
      token: request.payment.token,
      description: `Subscription ${sub.plan_id} until ${charge.period_end}`,
      saveForRenewals: true,
      payerEmail: request.payerEmail,
      paymentMethodId: request.payment.paymentMethodId,
      payerIdentification: request.payment.payerIdentification,
    }),
  );
  return settle(charge, outcome);
}

/** The stored answer of a visitor's charge: SUCCEEDED or REQUIRES_ACTION, else its refusal. */
async function answer(db: Db, chargeId: string): Promise<SubscriptionPaymentResult> {
  const charge = await readCharge(db, 'id = $1', [chargeId]);
  const sub = charge ? await loadSubscription(db, charge.subscription_id) : null;
  if (!charge || !sub) throw new ApiError('subscription_not_found');
  if (charge.status === 'SUCCEEDED') return { status: 'SUCCEEDED', subscription: view(sub) };
  if (charge.status === 'REQUIRES_ACTION')
    return {
      status: 'REQUIRES_ACTION',
      ...(charge.client_secret ? { clientSecret: charge.client_secret } : {}),
      subscription: view(sub),
    };
  if (charge.status === 'FAILED') throw refusal(charge.error_code);
  // The provider's answer was lost: reconciliation will settle it; the visitor may look again.
  throw new ApiError('provider_unavailable');
}

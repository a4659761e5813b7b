/**
 * `POST /transaction?channel=web&op=P_SUB` (purchase spec §4 "Version 1 checkout", §7) and the
 * hosted payment page's result. The transaction re-validates the basket (validateV1Order), prices
 * it from the catalogue into a version 2 order (widget/orders.ts: plans already subscribed,
 * dates, addresses and currencies are refused there), and opens one payment attempt awaiting the
 * hosted page (REQUIRES_ACTION, provider HOSTED_PAGE). Pay on the page charges the order through
 * its provider once (chargeTransaction: the card provider, or the manual provider for a bank
 * transfer); success creates the purchases and subscriptions the account area lists
 * (widget/payments.ts fulfil), CANCELLED leaves the order open for another try.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  TEST_CARDS,
  startDeliveryDateOf,
  type AddressGroupInput,
  validateV1Order,
  type PaymentType,
  type V1Basket,
  type V1PaymentMethod,
  type V1PaymentResult,
} from '@foyer/api';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { isUniqueViolation } from '../identity/accounts';
import { findProducts } from '../widget/catalogue';
import { createOrder, loadOrder } from '../widget/orders';
import { fulfil, STALE_ATTEMPT_MS } from '../widget/payments';
import { DirectDebitRefused } from '../widget/providers/gocardless';
import { mandateCollector } from '../widget/providers/mandate-collector';
import {
  ProviderUnavailable,
  type CardProvider,
  type ChargeOutcome,
  type PaymentProviders,
} from '../widget/providers/types';
import { transferInstructions, type TransferAccount } from '../billing/transfer';
import { minStartDeliveryDate } from './delivery';
import { lapseTransactions, makeOpenOrder } from './orders';
import { signPayload, type TransactionPayload } from './signing';

/** The provider name of the hosted page's payment attempts. */
export const HOSTED_PAGE_PROVIDER = 'HOSTED_PAGE';
/** How long the hosted page accepts a transaction's payload. */
export const TRANSACTION_TTL_MS = 60 * 60_000;

/** The order's payment type behind each v1 method code: card authorisation, direct debit (receipt), invoice. */
export const V1_PAYMENT_TYPE_OF: Record<V1PaymentMethod, PaymentType> = {
  CAU: 'CARD',
  REC: 'DIRECT_DEBIT',
  FAC: 'BANK_TRANSFER',
};

export interface TransactionRequest {
  guid: string;
  serviceName: string | null;
  basket: V1Basket;
  /** The checked page to come back to. */
  returnUrl: string;
  /** The visitor's language (Accept-Language): the order's mails are written in it, as in version 2. */
  locale?: string | null | undefined;
}

export interface OpenedTransaction {
  id: string;
  orderId: string;
  payload: string;
  quantity: number;
}

type AddressKey = 'deliveryAddress' | 'billingAddress';

/**
 * The order's address of one kind (purchase spec §3 product metadata): the lines' own, else the
 * basket's. The order is delivered and billed to one address each, so lines naming different
 * ones are refused.
 */
function orderAddress(basket: V1Basket, key: AddressKey): AddressGroupInput | undefined {
  const named = basket.products.flatMap((line) => line.productMetaData?.[key] ?? []);
  const distinct = new Set(named.map((address) => JSON.stringify(address)));
  if (distinct.size > 1) throw new ApiError('v1_order_invalid', [`products.productMetaData.${key}`]);
  return named[0] ?? basket.productMetaData?.[key];
}

/** Delivered products may not start before the day GET /spi/…/startDeliveryDate names. */
async function checkDeliveryDates(db: Db, basket: V1Basket, now: number): Promise<void> {
  const products = await findProducts(
    db,
    basket.products.map((line) => line.productId),
  );
  basket.products.forEach((line, index) => {
    const product = products.get(line.productId);
    if (!product?.requiresDeliveryAddress) return;
    const date = startDeliveryDateOf(basket, index);
    const earliest = minStartDeliveryDate(product, now);
    if (date === undefined) throw new ApiError('v1_order_invalid', [`startDeliveryDate.${line.productId}`]);
    if (date < earliest) throw new ApiError('start_date_out_of_range', [date]);
  });
}

export async function openTransaction(db: Db, key: Buffer, input: TransactionRequest, now: number) {
  const { basket, guid } = input;
  const problems = validateV1Order(basket, now);
  if (problems.length) throw new ApiError('v1_order_invalid', [problems.map((problem) => problem.field).join(', ')]);
  if (basket.accountId !== guid) throw new ApiError('FORBIDDEN');
  await checkDeliveryDates(db, basket, now);
  // One database transaction, under the account's open-order lock (makeOpenOrder takes it):
  // the open order, its priced order and its payment page change together, so concurrent
  // checkouts of one account (two tabs) leave exactly one open order and one payable page, the
  // later one; the earlier page lapses.
  const opened = await db.transaction(async (tx) => {
    // The visitor checks out the basket they see: a differing open order (another tab's basket,
    // synced at a later login) is deleted and replaced by it, as the login's sync does (purchase
    // spec §4). Refusing it would leave this tab's checkout failing until the basket is emptied.
    await makeOpenOrder(tx, guid, basket, now, 'replace');

    const method = basket.paymentType!.split('-')[1] as V1PaymentMethod;
    const deliveryAddress = orderAddress(basket, 'deliveryAddress');
    const billingAddress = orderAddress(basket, 'billingAddress');
    const startDate = basket.startDate === undefined ? undefined : new Date(Math.max(basket.startDate, now));
    // Priced from the catalogue; the client's prices, names and descriptions are not read.
    const order = await createOrder(
      tx,
      {
        guid,
        serviceName: input.serviceName,
        order: {
          paymentType: V1_PAYMENT_TYPE_OF[method],
          orderItems: basket.products.map((line, index) => {
            const startDeliveryDate = startDeliveryDateOf(basket, index);
            return {
              product: line.productId,
              paymentPlan: line.planId,
              ...(startDate ? { startDate: startDate.toISOString().slice(0, 10) } : {}),
              ...(startDeliveryDate ? { startDeliveryDate } : {}),
            };
          }),
          ...(deliveryAddress ? { deliveryAddressGroup: deliveryAddress } : {}),
          ...(billingAddress ? { billingAddressGroup: billingAddress } : {}),
        },
        allowedTypes: Object.values(V1_PAYMENT_TYPE_OF),
        locale: input.locale,
      },
      now,
    );
    const stored = (await loadOrder(tx, order.id))!;
    const id = randomUUID();
    const payload: TransactionPayload = {
      t: id,
      o: basket._id,
      a: stored.totalMinor,
      c: stored.currency,
      e: now + TRANSACTION_TTL_MS,
    };
    // An earlier transaction of this order (the visitor went back and checked out again) lapses.
    await lapseTransactions(tx, basket._id, now);
    const paymentId = randomUUID();
    await tx.query(
      `INSERT INTO payments (id, order_id, idempotency_key, provider, status, amount_minor, currency, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'REQUIRES_ACTION', $5, $6, $7, $7)`,
      [paymentId, order.id, `v1:${id}`, HOSTED_PAGE_PROVIDER, stored.totalMinor, stored.currency, now],
    );
    await tx.query(
      `INSERT INTO v1_transactions (id, v1_order_id, order_id, payment_id, return_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, basket._id, order.id, paymentId, input.returnUrl, now],
    );
    await tx.query(`UPDATE v1_orders SET status = 'PAYMENT_PENDING', updated_at = $2 WHERE id = $1`, [basket._id, now]);
    return { id, stored, payload };
  });
  const { id, stored, payload } = opened;
  return {
    id,
    orderId: basket._id,
    payload: signPayload(key, payload),
    quantity: basket.products.length,
    totalMinor: stored.totalMinor,
    currency: stored.currency,
  };
}

interface TransactionRow {
  id: string;
  v1_order_id: string;
  order_id: string;
  payment_id: string;
  return_url: string;
  payment_status: string;
  error_code: string | null;
  result: string | null;
}

export interface RecordedResult {
  /** What the visitor is told: PAID, CANCELLED or REFUSED (superseded, or the plan was bought meanwhile). */
  result: V1PaymentResult | 'REFUSED';
  returnUrl: string;
  orderId: string;
}

async function readTransaction(db: Db, id: string): Promise<TransactionRow | null> {
  const rows = await db.query<TransactionRow>(
    `SELECT t.id, t.v1_order_id, t.order_id, t.payment_id, t.return_url, t.result, p.status AS payment_status, p.error_code
       FROM v1_transactions t JOIN payments p ON p.id = t.payment_id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface TransactionPage {
  /** Where transaction `id` sends the visitor back after paying. */
  returnUrl: string;
  /** Its order was replaced, deleted or checked out again (lapseTransactions): it can no longer pay. */
  lapsed: boolean;
  paymentType: PaymentType;
  /** BANK_TRANSFER: where to send the money, when the owner configured it. */
  transfer?: ReturnType<typeof transferInstructions>;
}

/** What the hosted page needs of transaction `id` (null for an unknown transaction). */
export async function transactionPage(
  db: Db,
  id: string,
  account: TransferAccount | undefined,
): Promise<TransactionPage | null> {
  const row = await readTransaction(db, id);
  if (!row) return null;
  const order = await loadOrder(db, row.order_id);
  if (!order) return null;
  const paymentType = order.order.paymentType;
  const transfer =
    paymentType === 'BANK_TRANSFER' ? transferInstructions(account, order.order.id, order.order.total) : undefined;
  return {
    returnUrl: row.return_url,
    lapsed: row.result === 'SUPERSEDED',
    paymentType,
    ...(transfer ? { transfer } : {}),
  };
}

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;

/** The provider that takes the money of an order paid on the hosted page. */
function providerOf(providers: PaymentProviders, paymentType: PaymentType): CardProvider | null {
  if (paymentType === 'CARD') return providers.card;
  if (paymentType === 'BANK_TRANSFER' || paymentType === 'CASH') return providers.manual;
  // Direct debit: the mandate's collector, once the visitor set up the mandate (chargeByMandate).
  return null;
}

/**
 * Whether version 1 can take an order of this type with these providers (else the transaction is
 * refused). The page has card fields only for the test card provider: a real card provider's card
 * is typed on its own hosted checkout (Stripe Checkout), so a provider without one cannot take it.
 */
export function canTakeV1Payment(providers: PaymentProviders, paymentType: PaymentType): boolean {
  // The hosted page sends the visitor through the provider's mandate flow (openMandate).
  if (paymentType === 'DIRECT_DEBIT') return providers.directDebit !== null;
  const provider = providerOf(providers, paymentType);
  return provider !== null && (paymentType !== 'CARD' || provider.name === 'MANUAL' || !!provider.hostedCheckout);
}

/**
 * Claims the transaction's attempt for one charge (REQUIRES_ACTION → PENDING), so two Pay posts
 * (a double click, two tabs) never charge side by side. A claim left by a server that stopped
 * mid-call is looked up at the provider once stale, and released only if the provider has nothing.
 */
async function claim(
  db: Db,
  provider: CardProvider,
  row: TransactionRow,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<{ providerKey: string } | 'settled'> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const claimed = await db.query<{ provider_key: string | null }>(
      `UPDATE payments SET status = 'PENDING', updated_at = $2, provider = $3
        WHERE id = $1 AND status = 'REQUIRES_ACTION' RETURNING provider_key`,
      [row.payment_id, now(), provider.name],
    );
    if (claimed[0]) return { providerKey: claimed[0].provider_key ?? `v1:${row.id}:0` };
    const current = await db.query<{ status: string; provider_key: string | null; updated_at: unknown }>(
      'SELECT status, provider_key, updated_at FROM payments WHERE id = $1',
      [row.payment_id],
    );
    const attempt = current[0];
    if (!attempt || attempt.status !== 'PENDING') return 'settled';
    if (now() - Number(attempt.updated_at) >= STALE_ATTEMPT_MS) {
      const key = attempt.provider_key ?? `v1:${row.id}:0`;
      const known = await provider.lookup({ orderId: row.order_id, idempotencyKey: key }).catch((error: unknown) => {
        if (error instanceof ProviderUnavailable) return 'unknown' as const;
        throw error;
      });
      if (known === null)
        await db.query(`UPDATE payments SET status = 'REQUIRES_ACTION' WHERE id = $1 AND status = 'PENDING'`, [
          row.payment_id,
        ]);
      else if (known !== 'unknown') await settle(db, row, key, known, now(), transfer);
    }
    if (waited >= WAIT_LIMIT_MS) throw new ApiError('payment_in_progress');
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Records a charge's outcome on the claimed attempt. Success pays the order once (fulfil); a
 * refusal gives the attempt back to the page (REQUIRES_ACTION) with the next provider key, so
 * another card is a new request to the provider; an unanswered call keeps the key, so the next
 * Pay replays it rather than charging twice.
 */
async function settle(
  db: Db,
  row: TransactionRow,
  key: string,
  outcome: ChargeOutcome | 'unanswered',
  now: number,
  transfer: TransferAccount | undefined,
) {
  if (outcome !== 'unanswered' && outcome.status === 'succeeded') {
    const order = await loadOrder(db, row.order_id);
    if (!order) throw new ApiError('order_not_created');
    try {
      await fulfil(db, { id: row.payment_id }, outcome, order, now, { transfer });
    } catch (error) {
      // The plan was bought in another order meanwhile (the subscriptions' unique index).
      if (!isUniqueViolation(error)) throw error;
      await db.query(
        `UPDATE payments SET status = 'FAILED', error_code = 'plan_already_subscribed', updated_at = $2
          WHERE id = $1 AND status = 'PENDING'`,
        [row.payment_id, now],
      );
    }
    return;
  }
  const refused = outcome !== 'unanswered' && outcome.status === 'failed';
  const [prefix, n] = [key.slice(0, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))];
  await db.query(
    `UPDATE payments SET status = 'REQUIRES_ACTION', provider_key = $2, error_code = $3, updated_at = $4
      WHERE id = $1 AND status = 'PENDING'`,
    [row.payment_id, refused ? `${prefix}:${n + 1}` : key, refused ? outcome.code : 'provider_unavailable', now],
  );
}

/**
 * Pay on the hosted page: charges the transaction's order through its provider, once. Answers
 * null when there is nothing to charge (already paid, cancelled or lapsed: recordResult tells the
 * outcome), or the refusal's code when the provider refused (the page offers another try).
 */
export async function chargeTransaction(
  db: Db,
  providers: PaymentProviders,
  id: string,
  token: string | undefined,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<{ refused: string } | null> {
  const row = await payableTransaction(db, id);
  if (!row) return null;
  const order = await loadOrder(db, row.order_id);
  if (!order) throw new ApiError('order_not_created');
  const provider = providerOf(providers, order.order.paymentType);
  if (!provider) return { refused: 'provider_unavailable' };
  // The test card provider's page offers TEST_CARDS; a real provider's token comes from its own fields.
  const chosen = provider.name === 'MANUAL' ? (token ?? TEST_CARDS[0]) : token;
  if (!chosen || chosen.length > 500) return { refused: 'payment_fail' };
  return chargeWith(db, row, order, provider, chosen, now, transfer);
}

/** The transaction while it can still be paid (its attempt awaiting the page, no result yet). */
async function payableTransaction(db: Db, id: string): Promise<TransactionRow | null> {
  const row = await readTransaction(db, id);
  return row && row.payment_status === 'REQUIRES_ACTION' && row.result === null ? row : null;
}

/** Charges the transaction's order through `provider` with `chosen` as the token, once (claim, then settle). */
async function chargeWith(
  db: Db,
  row: TransactionRow,
  order: NonNullable<Awaited<ReturnType<typeof loadOrder>>>,
  provider: CardProvider,
  chosen: string,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<{ refused: string } | null> {
  const claimed = await claim(db, provider, row, now, transfer);
  if (claimed === 'settled') return null;
  const key = claimed.providerKey;
  let outcome: ChargeOutcome | 'unanswered';
  try {
    outcome = await provider.charge({
      paymentId: row.payment_id,
      idempotencyKey: key,
      orderId: row.order_id,
      amountMinor: order.totalMinor,
      currency: order.currency,
      token: chosen,
      description: `Order ${row.order_id}`,
      saveForRenewals: order.order.items.some((item) => item.frequency.id !== 'NONE'),
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    outcome = 'unanswered';
  }
  // A challenge (3-D Secure) cannot be run on this page: the visitor chooses another card.
  if (outcome !== 'unanswered' && outcome.status === 'requires_action')
    outcome = { status: 'failed', code: 'authentication_required' };
  await settle(db, row, key, outcome, now(), transfer);
  if (outcome === 'unanswered') return { refused: 'provider_unavailable' };
  return outcome.status === 'failed' ? { refused: outcome.code } : null;
}

function httpUrl(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A direct-debit order on the hosted page: asks the provider (GoCardless) for a mandate flow whose
 * success page is `successUrl` (our signed way back, to which GoCardless adds `redirect_flow_id`)
 * and keeps the flow beside the order, as version 2's direct-debit step does. Answers where to
 * send the visitor, or null when the transaction can no longer pay. Throws ProviderUnavailable or
 * DirectDebitRefused.
 */
export async function openMandate(
  db: Db,
  providers: PaymentProviders,
  id: string,
  successUrl: string,
  now: number,
): Promise<string | null> {
  const row = await payableTransaction(db, id);
  const provider = providers.directDebit;
  if (!row || !provider) return null;
  // Ties the provider's flow to this transaction; GoCardless checks it again on completion.
  const sessionToken = randomBytes(24).toString('base64url');
  const flow = await provider.requestMandate({
    orderId: row.order_id,
    sessionToken,
    successRedirectUrl: successUrl,
    description: `Order ${row.order_id}`,
  });
  if (!httpUrl(flow.redirectUrl)) throw new ProviderUnavailable('GoCardless answered no web address');
  await db.query(
    `INSERT INTO direct_debit_flows (redirect_flow_id, order_id, session_token, status, created_at)
     VALUES ($1, $2, $3, 'REQUESTED', $4)`,
    [flow.redirectFlowId, row.order_id, sessionToken, now],
  );
  return flow.redirectUrl;
}

/**
 * The visitor is back from the mandate flow `redirectFlowId`: the mandate is completed (once; a
 * second return finds it kept) and the first payment collected on it through the same claim as
 * a card, so a repeated return never collects twice. Answers as chargeTransaction.
 */
export async function chargeByMandate(
  db: Db,
  providers: PaymentProviders,
  id: string,
  redirectFlowId: string | undefined,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<{ refused: string } | null> {
  const row = await payableTransaction(db, id);
  if (!row) return null;
  const provider = providers.directDebit;
  if (!provider) return { refused: 'provider_unavailable' };
  if (!redirectFlowId) return { refused: 'mandate_not_found' };
  const flows = await db.query<{ session_token: string; mandate_id: string | null }>(
    'SELECT session_token, mandate_id FROM direct_debit_flows WHERE redirect_flow_id = $1 AND order_id = $2',
    [redirectFlowId, row.order_id],
  );
  const flow = flows[0];
  if (!flow) return { refused: 'mandate_not_found' };
  let mandateId = flow.mandate_id;
  if (!mandateId) {
    try {
      ({ mandateId } = await provider.completeMandate({
        redirectFlowId,
        sessionToken: flow.session_token,
      }));
    } catch (error) {
      if (error instanceof DirectDebitRefused) return { refused: error.code };
      if (error instanceof ProviderUnavailable) return { refused: 'provider_unavailable' };
      throw error;
    }
    await db.query(`UPDATE direct_debit_flows SET status = 'COMPLETED', mandate_id = $2 WHERE redirect_flow_id = $1`, [
      redirectFlowId,
      mandateId,
    ]);
  }
  const order = await loadOrder(db, row.order_id);
  if (!order) throw new ApiError('order_not_created');
  return chargeWith(db, row, order, mandateCollector(provider, mandateId), mandateId, now, transfer);
}

/**
 * The transaction's outcome, read from its payment attempt (the one record of it). A Cancel
 * posted from a page that lapsed while it was open is what the visitor did, and nothing was
 * charged: CANCELLED, not REFUSED. Pay on such a page is REFUSED.
 */
function outcome(row: TransactionRow, posted: V1PaymentResult): RecordedResult {
  const cancelled =
    row.payment_status === 'FAILED' &&
    (row.error_code === 'cancelled' || (row.error_code === 'superseded' && posted === 'CANCELLED'));
  const result = row.payment_status === 'SUCCEEDED' ? 'PAID' : cancelled ? 'CANCELLED' : 'REFUSED';
  return { result, returnUrl: row.return_url, orderId: row.v1_order_id };
}

/**
 * Records the hosted page's (already verified) result of transaction `id`, after Pay charged it
 * (chargeTransaction). The payment attempt moves out of REQUIRES_ACTION once, so the first result
 * wins: a replayed, concurrent or contradicting second post changes nothing and is told the first
 * outcome.
 */
export async function recordResult(
  db: Db,
  id: string,
  result: V1PaymentResult,
  now: number,
): Promise<RecordedResult | null> {
  const found = await readTransaction(db, id);
  if (!found) return null;
  if (result === 'CANCELLED') {
    const cancelled = await db.query(
      `UPDATE payments SET status = 'FAILED', error_code = 'cancelled', updated_at = $2
        WHERE id = $1 AND status = 'REQUIRES_ACTION' RETURNING id`,
      [found.payment_id, now],
    );
    if (cancelled.length) {
      await db.query(
        `UPDATE v1_orders SET status = 'OPEN', updated_at = $2 WHERE id = $1 AND status = 'PAYMENT_PENDING'`,
        [found.v1_order_id, now],
      );
    }
  }
  const after = (await readTransaction(db, id))!;
  const recorded = outcome(after, result);
  if (recorded.result === 'PAID')
    await db.query(`UPDATE v1_orders SET status = 'PAID', updated_at = $2 WHERE id = $1 AND status <> 'PAID'`, [
      after.v1_order_id,
      now,
    ]);
  await db.query(`UPDATE v1_transactions SET result = $2, answered_at = $3 WHERE id = $1 AND result IS NULL`, [
    id,
    recorded.result,
    now,
  ]);
  return recorded;
}

/** The key a transaction's hosted checkout is opened with (the same key opens the same page). */
export function hostedCheckoutKey(transactionId: string): string {
  return `v1:${transactionId}:checkout`;
}

/** The transaction a hosted checkout key names, or null when `key` is no such key. */
function transactionOfCheckoutKey(key: string): string | null {
  return /^v1:(.+):checkout$/.exec(key)?.[1] ?? null;
}

/**
 * A card order on the provider's hosted checkout (Stripe Checkout): opens it once per
 * transaction (the same key answers the same page) and keeps its reference on the attempt.
 * Answers where to send the visitor, or null when the transaction can no longer pay.
 */
export async function openHostedCheckout(
  db: Db,
  providers: PaymentProviders,
  id: string,
  urls: { successUrl: string; cancelUrl: string },
  now: number,
): Promise<string | null> {
  const row = await readTransaction(db, id);
  const checkout = providers.card?.hostedCheckout;
  if (!row || !checkout || row.payment_status !== 'REQUIRES_ACTION' || row.result !== null) return null;
  const order = await loadOrder(db, row.order_id);
  if (!order) throw new ApiError('order_not_created');
  let opened: { url: string; reference: string };
  try {
    opened = await checkout.start({
      idempotencyKey: hostedCheckoutKey(id),
      orderId: row.order_id,
      amountMinor: order.totalMinor,
      currency: order.currency,
      description: `Order ${row.order_id}`,
      ...urls,
      saveForRenewals: order.order.items.some((item) => item.frequency.id !== 'NONE'),
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new ApiError('provider_unavailable');
    throw error;
  }
  await db.query(
    `UPDATE payments SET provider = $2, provider_reference = $3, updated_at = $4 WHERE id = $1 AND status = 'REQUIRES_ACTION'`,
    [row.payment_id, providers.card!.name, opened.reference, now],
  );
  return opened.url;
}

/**
 * The visitor is back from the hosted checkout: what the provider says of it is recorded (its
 * word, not the return, decides). Paid → the order is paid once (fulfil); still open or expired →
 * nothing is recorded, and the return's outcome says the payment was not taken. `cancel` first
 * closes the provider's page, so it cannot be paid after the visitor cancelled (if it was paid
 * meanwhile, that payment is recorded).
 */
export async function settleHostedCheckout(
  db: Db,
  providers: PaymentProviders,
  id: string,
  now: () => number,
  transfer: TransferAccount | undefined,
  action: 'result' | 'cancel' = 'result',
): Promise<void> {
  const row = await readTransaction(db, id);
  const provider = providers.card;
  if (!row || !provider?.hostedCheckout || row.payment_status !== 'REQUIRES_ACTION') return;
  const [attempt] = await db.query<{ provider_reference: string | null }>(
    'SELECT provider_reference FROM payments WHERE id = $1',
    [row.payment_id],
  );
  if (!attempt?.provider_reference) return;
  const checkout = provider.hostedCheckout;
  const ask =
    action === 'cancel' ? checkout.cancel(attempt.provider_reference) : checkout.result(attempt.provider_reference);
  const outcome = await ask.catch((error: unknown) => {
    if (error instanceof ProviderUnavailable) return null;
    throw error;
  });
  if (outcome?.status !== 'succeeded') return;
  const claimed = await claim(db, provider, row, now, transfer);
  if (claimed === 'settled') return;
  await settle(db, row, claimed.providerKey, outcome, now(), transfer);
}

/**
 * The provider says the hosted checkout `reference` (or the one opened with that key) was paid
 * (its webhook, billing/routes.ts):
 * settled as the visitor's return would, asking the provider itself (the event only says when to
 * look). Nothing when no version 1 payment awaits that checkout, or it is settled already.
 */
export async function settleHostedCheckoutOf(
  db: Db,
  providers: PaymentProviders,
  reference: string,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `SELECT t.id FROM v1_transactions t JOIN payments pay ON pay.id = t.payment_id
      WHERE (pay.provider_reference = $1 OR t.id = $2) AND pay.status = 'REQUIRES_ACTION'`,
    [reference, transactionOfCheckoutKey(reference)],
  );
  for (const row of rows) await settleHostedCheckout(db, providers, row.id, now, transfer);
}

/**
 * A hosted checkout nobody came back from (the tab closed on the provider's page after paying, or
 * the way back was lost): the sweep (billing/sweep.ts) asks the provider again, so money taken is
 * recorded once even without the return. Still open: looked at again RECONCILE_AFTER_MS later, not
 * at every sweep (the payment's updated_at says when it was last asked).
 */
export async function reconcileHostedCheckout(
  db: Db,
  providers: PaymentProviders,
  id: string,
  now: () => number,
  transfer: TransferAccount | undefined,
): Promise<void> {
  await settleHostedCheckout(db, providers, id, now, transfer);
  await db.query(
    `UPDATE payments SET updated_at = $2
      WHERE id = (SELECT payment_id FROM v1_transactions WHERE id = $1) AND status = 'REQUIRES_ACTION'`,
    [id, now()],
  );
}

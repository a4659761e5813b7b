/**
 * The account's open version 1 order (purchase spec §4 "Version 1 basket"): the basket the frames
 * keep under `evBasketKey`, stored when they sync it at login. One open order per account (a
 * partial unique index, so concurrent creates give one row). Every line is priced again from the
 * catalogue here: the client's names, descriptions and prices are display copies.
 */
import {
  fromMinorUnits,
  GUID_PATTERN,
  orderTotal,
  V1_QUANTITY,
  type V1Basket,
  type V1BasketProduct,
  type V1Order,
} from '@foyer/api';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { isUniqueViolation } from '../identity/accounts';
import {
  catalogueRoles,
  findProducts,
  firstChargeMinor,
  offeredTo,
  type StoredPlan,
  type StoredProduct,
} from '../widget/catalogue';

export interface PricedLine {
  line: V1BasketProduct;
  product: StoredProduct;
  plan: StoredPlan;
  priceMinor: number;
}

/**
 * The basket's lines with the catalogue's product, plan and first charge; unknown ones refused,
 * and hidden ones the account `guid` is no audience of (catalogue.ts offeredTo).
 */
export async function priceBasket(db: Db, guid: string, basket: V1Basket): Promise<PricedLine[]> {
  const products = await findProducts(
    db,
    basket.products.map((line) => line.productId),
  );
  const roles = await catalogueRoles(db, guid);
  return basket.products.map((line): PricedLine => {
    const product = products.get(line.productId);
    if (!product || !offeredTo(product, roles)) throw new ApiError('bex0004', [line.productId]);
    const plan = product.plans.find((candidate) => candidate.id === line.planId);
    if (!plan || !offeredTo(plan, roles)) throw new ApiError('bex0004', [`${line.productId}/${line.planId}`]);
    return { line, product, plan, priceMinor: firstChargeMinor(plan) };
  });
}

/** The basket as the server stores and answers it: names, descriptions, prices from the catalogue. */
function pricedBasket(basket: V1Basket, lines: PricedLine[]): { basket: V1Basket; total: string } {
  const currencies = [...new Set(lines.map(({ plan }) => plan.currency))];
  if (currencies.length > 1) throw new ApiError('currency_mismatch', currencies);
  const products = lines.map(({ line, product, plan, priceMinor }): V1BasketProduct => ({
    ...line,
    name: product.displayName,
    description: plan.description,
    price: Number(fromMinorUnits(priceMinor, plan.currency)),
    currency: plan.currency,
    quantity: V1_QUANTITY,
  }));
  const currency = currencies[0];
  const total = currency
    ? fromMinorUnits(
        orderTotal(
          lines.map((line) => line.priceMinor),
          currency,
        ),
        currency,
      )
    : '0';
  return { basket: { ...basket, products }, total };
}

/** Checks what an order needs before it is stored (purchase spec §5: accountId, a product). */
async function checkedBasket(db: Db, guid: string, basket: V1Basket) {
  if (basket.accountId !== guid) throw new ApiError('FORBIDDEN');
  if (!GUID_PATTERN.test(basket._id)) throw new ApiError('v1_order_invalid', ['_id']);
  if (!basket.products.length) throw new ApiError('no_products_selected');
  const planIds = new Set(basket.products.map((line) => line.planId));
  if (planIds.size < basket.products.length) throw new ApiError('v1_order_invalid', ['products.planId']);
  return pricedBasket(basket, await priceBasket(db, guid, basket));
}

interface OrderRow {
  id: string;
  guid: string;
  status: V1Order['status'];
  basket: unknown;
}

function toOrder(row: OrderRow): V1Order {
  const stored = (typeof row.basket === 'string' ? JSON.parse(row.basket) : row.basket) as V1Basket & {
    total: string;
  };
  return { ...stored, status: row.status };
}

export async function openOrder(db: Db, guid: string): Promise<V1Order | null> {
  const rows = await db.query<OrderRow>(
    `SELECT id, guid, status, basket FROM v1_orders WHERE guid = $1 AND status IN ('OPEN', 'PAYMENT_PENDING')`,
    [guid],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Held to the end of the caller's transaction: one change of the account's open order at a time. */
const lockOpenOrder = (tx: Db, guid: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`v1-open-order\n${guid}`]);

const storedBasket = (priced: { basket: V1Basket; total: string }) =>
  JSON.stringify({ ...priced.basket, total: priced.total });

/**
 * What `makeOpenOrder` does with the account's open order: `refuse` answers v1_order_exists
 * (POST /order: the login sync deletes a differing one first, by its own call); `replace` updates
 * it, or deletes a differing one and lapses its unpaid payment pages (a checkout of the basket the
 * visitor sees).
 */
export type DifferingOpenOrder = 'refuse' | 'replace';

/**
 * Makes `basket` the account's open order, in one database transaction under the account's lock
 * (so two calls for one account never leave two open orders, or none). With `replace`, the open
 * order of the same id takes the basket and a differing one is deleted; with `refuse`, any open
 * order answers v1_order_exists. Then the basket's order is opened again when the account had
 * deleted it (another tab's sync or checkout did), else created. POST /order and the checkout's
 * transaction both open orders through here.
 */
export async function makeOpenOrder(
  db: Db,
  guid: string,
  basket: V1Basket,
  now: number,
  differing: DifferingOpenOrder,
): Promise<V1Order> {
  const priced = await checkedBasket(db, guid, basket);
  try {
    return await db.transaction(async (tx) => {
      await lockOpenOrder(tx, guid);
      const open = await openOrder(tx, guid);
      if (open && open._id === basket._id) {
        if (differing === 'refuse') throw new ApiError('v1_order_exists');
        return updateOpenOrder(tx, guid, basket._id, priced, now);
      }
      if (open) {
        if (differing === 'refuse') throw new ApiError('v1_order_exists');
        await closeOpenOrder(tx, guid, open._id, now);
      }
      const reopened = await tx.query<OrderRow>(
        `UPDATE v1_orders SET basket = $3, status = 'OPEN', updated_at = $4
          WHERE id = $1 AND guid = $2 AND status = 'DELETED'
          RETURNING id, guid, status, basket`,
        [basket._id, guid, storedBasket(priced), now],
      );
      if (reopened[0]) return toOrder(reopened[0]);
      const created = await tx.query<OrderRow>(
        `INSERT INTO v1_orders (id, guid, status, basket, created_at, updated_at)
         VALUES ($1, $2, 'OPEN', $3, $4, $4) RETURNING id, guid, status, basket`,
        [basket._id, guid, storedBasket(priced), now],
      );
      return toOrder(created[0]!);
    });
  } catch (error) {
    // The id is another account's order, or paid already: not this account's to open.
    if (isUniqueViolation(error)) throw new ApiError('v1_order_exists');
    throw error;
  }
}

/** POST /order: the account's new open order; v1_order_exists when it has one (or the id is taken). */
export async function createV1Order(db: Db, guid: string, basket: V1Basket, now: number): Promise<V1Order> {
  return makeOpenOrder(db, guid, basket, now, 'refuse');
}

async function updateOpenOrder(
  db: Db,
  guid: string,
  orderId: string,
  priced: { basket: V1Basket; total: string },
  now: number,
): Promise<V1Order> {
  const rows = await db.query<OrderRow>(
    `UPDATE v1_orders SET basket = $3, status = 'OPEN', updated_at = $4
      WHERE id = $1 AND guid = $2 AND status IN ('OPEN', 'PAYMENT_PENDING')
      RETURNING id, guid, status, basket`,
    [orderId, guid, storedBasket(priced), now],
  );
  if (!rows[0]) throw new ApiError('order_not_created');
  return toOrder(rows[0]);
}

/**
 * PUT /order: replaces the lines and metadata of the account's open order with this `_id`. A
 * pending payment keeps the lines it priced; the order is OPEN again until the next transaction.
 */
export async function updateV1Order(db: Db, guid: string, basket: V1Basket, now: number): Promise<V1Order> {
  return updateOpenOrder(db, guid, basket._id, await checkedBasket(db, guid, basket), now);
}

/**
 * The unanswered transactions of order `orderId` lapse: their hosted pages can no longer pay
 * (the page says it expired; a Cancel posted from a page already open is still CANCELLED), so an
 * order the visitor replaced or checked out again is never charged.
 */
export async function lapseTransactions(db: Db, orderId: string, now: number): Promise<void> {
  await db.query(
    `UPDATE payments SET status = 'FAILED', error_code = 'superseded', client_secret = NULL, updated_at = $2
      WHERE id IN (SELECT payment_id FROM v1_transactions WHERE v1_order_id = $1 AND result IS NULL)
        AND status = 'REQUIRES_ACTION'`,
    [orderId, now],
  );
  // A page whose charge is under way (PENDING) is not lapsed under it: the provider may have taken
  // the money, so its outcome is recorded as it comes (transaction.ts chargeTransaction).
  await db.query(
    `UPDATE v1_transactions SET result = 'SUPERSEDED', answered_at = $2 WHERE v1_order_id = $1 AND result IS NULL`,
    [orderId, now],
  );
}

/** The account's open order `orderId` marked DELETED and its unpaid pages lapsed (inside a transaction). */
async function closeOpenOrder(tx: Db, guid: string, orderId: string, now: number): Promise<void> {
  const rows = await tx.query(
    `UPDATE v1_orders SET status = 'DELETED', updated_at = $3
      WHERE id = $1 AND guid = $2 AND status IN ('OPEN', 'PAYMENT_PENDING') RETURNING id`,
    [orderId, guid, now],
  );
  if (!rows.length) throw new ApiError('order_not_created');
  await lapseTransactions(tx, orderId, now);
}

/** DELETE /order/user/{accountId}/order/{orderId}: the open order goes (its transactions lapse). */
export async function deleteV1Order(db: Db, guid: string, orderId: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenOrder(tx, guid);
    await closeOpenOrder(tx, guid, orderId, now);
  });
}

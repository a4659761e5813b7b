/**
 * Order creation (purchase spec §3 order create payload, §5): each line is priced from the
 * catalogue (trial price when the plan has one, else final price), the total is the exact integer
 * sum rounded to the currency's step, and nothing the client says about prices is read. Hidden
 * products and plans are sold only to accounts holding one of their `visibleToRoles`.
 */
import { randomUUID } from 'node:crypto';
import {
  isCurrencyCode,
  isDeliveryDay,
  nextDeliveryDay,
  orderTotal,
  type AddressGroupInput,
  type Order,
  type OrderCreate,
  type OrderItem,
  type PaymentType,
  type PlanFrequency,
} from '@foyer/api';
import type { Db } from '../db';
import { ApiError, validationFailed } from '../http/errors';
import { checkAddress, saveAddress, savedAddresses } from './addresses';
import {
  catalogueRoles,
  findProducts,
  firstChargeMinor,
  money,
  offeredTo,
  subscribedPlanIds,
  type StoredPlan,
  type StoredProduct,
} from './catalogue';
import { isoDay, latestStartDay, periodEnd, validDay } from './dates';
import { minStartDeliveryDate } from '../product-manager/delivery';

interface PricedLine {
  product: StoredProduct;
  plan: StoredPlan;
  planKind: 'paymentPlan' | 'bundlePlan';
  priceMinor: number;
  startDate: string;
  endDate: string | undefined;
  startDeliveryDate: string | undefined;
}

function nameOf(reference: string | { name: string }): string {
  return typeof reference === 'string' ? reference : reference.name;
}

function planIdOf(reference: string | { _id: string } | undefined): string | undefined {
  return reference === undefined ? undefined : typeof reference === 'string' ? reference : reference._id;
}

async function priceLines(db: Db, guid: string, input: OrderCreate, now: number): Promise<PricedLine[]> {
  const today = isoDay(now);
  const products = await findProducts(
    db,
    input.orderItems.map((item) => nameOf(item.product)),
  );
  const subscribed = await subscribedPlanIds(db, guid);
  const roles = await catalogueRoles(db, guid);
  const seen = new Set<string>();
  const latest = latestStartDay(today);
  return input.orderItems.map((item, index): PricedLine => {
    const name = nameOf(item.product);
    const product = products.get(name);
    // A hidden product or plan is sold only to its audience; to anyone else it does not exist.
    if (!product || !offeredTo(product, roles)) throw new ApiError('bex0004', [name]);
    // One plan per product (purchase spec §2).
    if (seen.has(name)) throw validationFailed([`orderItems.${index}.product`]);
    seen.add(name);
    const bundle = product.type === 'BUNDLE';
    const planId = planIdOf(bundle ? (item.bundlePlan ?? item.paymentPlan) : item.paymentPlan);
    if (!planId) throw new ApiError('nothing_selected');
    const plan = product.plans.find((candidate) => candidate.id === planId);
    if (!plan || !offeredTo(plan, roles)) throw new ApiError('bex0004', [`${name}/${planId}`]);
    if (subscribed.has(plan.id)) throw new ApiError('plan_already_subscribed', [plan.displayName]);
    const startDate = item.startDate ?? today;
    if (!validDay(startDate)) throw validationFailed([`orderItems.${index}.startDate`]);
    if (startDate < today || startDate > latest) throw new ApiError('start_date_out_of_range', [startDate]);
    let startDeliveryDate: string | undefined;
    if (product.requiresDeliveryAddress) {
      // The earliest delivery day version 1 uses (GET /spi/product/{id}/startDeliveryDate: two
      // working days ahead); not given, the first delivery is on that day or, if later, on the
      // first delivery day from the start date.
      const earliest = minStartDeliveryDate(product, now);
      startDeliveryDate = item.startDeliveryDate ?? nextDeliveryDay(startDate > earliest ? startDate : earliest);
      if (!validDay(startDeliveryDate)) throw validationFailed([`orderItems.${index}.startDeliveryDate`]);
      if (startDeliveryDate < earliest || startDeliveryDate > latest) {
        throw new ApiError('start_date_out_of_range', [startDeliveryDate]);
      }
      if (!isDeliveryDay(startDeliveryDate)) throw new ApiError('not_a_delivery_day', [startDeliveryDate]);
    }
    return {
      product,
      plan,
      planKind: bundle ? 'bundlePlan' : 'paymentPlan',
      priceMinor: firstChargeMinor(plan),
      startDate,
      // The server's period, whatever end date the client computed.
      endDate: periodEnd(startDate, plan.frequency),
      startDeliveryDate,
    };
  });
}

/** A saved address of the user (either kind may be reused) or a new one, checked and saved. */
async function resolveAddress(
  db: Db,
  guid: string,
  kind: 'delivery' | 'billing',
  input: AddressGroupInput | undefined,
  now: number,
): Promise<Record<string, string> | null> {
  if (!input || (!input.id && !input.values)) return null;
  if (input.id) {
    const found = (await savedAddresses(db, guid)).find((address) => address.id === input.id);
    if (!found) throw new ApiError('INVALID_FORM', [`${kind}Address`]);
    return found.values;
  }
  const checked = checkAddress(input.values ?? {});
  if (!checked.ok) throw new ApiError('INVALID_FORM', [checked.invalid.map((n) => `${kind}Address.${n}`).join(', ')]);
  await saveAddress(db, guid, kind, checked.values, now);
  return checked.values;
}

/** Names the advisory lock that makes one Idempotency-Key create one order. */
const ORDER_KEY_LOCK = 7_406_003;
/** Unpaid orders are cancelled after this long (env FOYER_ORDER_TTL_MINUTES). */
export const DEFAULT_ORDER_TTL_MS = 24 * 60 * 60_000;

async function orderByKey(db: Db, guid: string, key: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('SELECT id FROM orders WHERE guid = $1 AND idempotency_key = $2', [
    guid,
    key,
  ]);
  return rows[0]?.id ?? null;
}

export interface OrderRequest {
  guid: string;
  serviceName: string | null;
  order: OrderCreate;
  allowedTypes: readonly PaymentType[];
  /** The client's Idempotency-Key: the same key of the same account answers the same order. */
  idempotencyKey?: string | undefined;
  /** The visitor's language when ordering (Accept-Language): the order's mails are written in it. */
  locale?: string | null | undefined;
}

export async function createOrder(db: Db, input: OrderRequest, now: number): Promise<Order> {
  const key = input.idempotencyKey?.trim().slice(0, 200) || undefined;
  const known = key ? await orderByKey(db, input.guid, key) : null;
  if (known) return (await loadOrder(db, known))!.order;
  const { order } = input;
  if (!order.orderItems.length) throw new ApiError('no_products_selected');
  if (!input.allowedTypes.includes(order.paymentType))
    throw new ApiError('payment_type_not_allowed', [order.paymentType]);
  const lines = await priceLines(db, input.guid, order, now);
  const currencies = [...new Set(lines.map((line) => line.plan.currency))];
  const currency = currencies[0]!;
  if (currencies.length > 1 || !isCurrencyCode(currency)) throw new ApiError('currency_mismatch', currencies);

  const needsDelivery = lines.some((line) => line.product.requiresDeliveryAddress);
  const needsBilling = lines.some((line) => line.product.requiresBillingAddress);
  let delivery = await resolveAddress(db, input.guid, 'delivery', order.deliveryAddressGroup, now);
  let billing = await resolveAddress(db, input.guid, 'billing', order.billingAddressGroup, now);
  // Either address stands in for the other (the profile's two reuse checkboxes).
  if (needsDelivery && !delivery) delivery = billing;
  if (needsBilling && !billing) billing = delivery;
  const missing = [
    needsDelivery && !delivery ? 'deliveryAddress' : '',
    needsBilling && !billing ? 'billingAddress' : '',
  ];
  if (missing.some(Boolean)) throw new ApiError('INVALID_FORM', [missing.filter(Boolean).join(', ')]);

  const total = orderTotal(
    lines.map((line) => line.priceMinor),
    currency,
  );
  const id = await db.transaction(async (tx) => {
    if (key) {
      // A concurrent request with the same key may be creating it right now: one of them does.
      await tx.query(`SELECT pg_advisory_xact_lock(${ORDER_KEY_LOCK}, hashtext($1))`, [`${input.guid}:${key}`]);
      const raced = await orderByKey(tx, input.guid, key);
      if (raced) return raced;
    }
    const id = randomUUID();
    await tx.query(
      `INSERT INTO orders (id, guid, service_name, status, payment_type, currency, total_minor, delivery_address, billing_address, created_at, idempotency_key, locale)
       VALUES ($1, $2, $3, 'CREATED', $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        input.guid,
        input.serviceName,
        order.paymentType,
        currency,
        total,
        delivery ? JSON.stringify(delivery) : null,
        billing ? JSON.stringify(billing) : null,
        now,
        key ?? null,
        input.locale ?? null,
      ],
    );
    for (const [position, line] of lines.entries()) {
      await tx.query(
        `INSERT INTO order_items (id, order_id, position, product_name, plan_id, plan_kind, frequency, price_minor, currency,
                                  start_date, end_date, start_delivery_date, snapshot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          randomUUID(),
          id,
          position,
          line.product.name,
          line.plan.id,
          line.planKind,
          line.plan.frequency,
          line.priceMinor,
          currency,
          line.startDate,
          line.endDate ?? null,
          line.startDeliveryDate ?? null,
          JSON.stringify({
            displayName: line.product.displayName,
            planDisplayName: line.plan.displayName,
            description: line.plan.description,
          }),
        ],
      );
    }
    return id;
  });
  const created = await loadOrder(db, id);
  if (!created) throw new ApiError('ERROR_PROCESSING_ORDER');
  return created.order;
}

export interface StoredOrder {
  order: Order;
  guid: string;
  serviceName: string | null;
  totalMinor: number;
  currency: string;
}

/** Dates are selected as text: drivers would otherwise turn them into local-midnight Dates. */
function day(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value).slice(0, 10);
}

export async function loadOrder(db: Db, id: string): Promise<StoredOrder | null> {
  const rows = await db.query<{
    id: string;
    guid: string;
    service_name: string | null;
    status: Order['status'];
    payment_type: PaymentType;
    currency: string;
    total_minor: unknown;
  }>('SELECT id, guid, service_name, status, payment_type, currency, total_minor FROM orders WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) return null;
  const items = await db.query<{
    id: string;
    product_name: string;
    plan_id: string;
    plan_kind: OrderItem['planKind'];
    frequency: PlanFrequency;
    price_minor: unknown;
    start_date: unknown;
    end_date: unknown;
    start_delivery_date: unknown;
    snapshot: unknown;
  }>(
    `SELECT id, product_name, plan_id, plan_kind, frequency, price_minor, start_date::text AS start_date,
            end_date::text AS end_date, start_delivery_date::text AS start_delivery_date, snapshot
       FROM order_items WHERE order_id = $1 ORDER BY position`,
    [id],
  );
  const currency = row.currency.trim();
  const totalMinor = Number(row.total_minor);
  return {
    guid: row.guid,
    serviceName: row.service_name,
    totalMinor,
    currency,
    order: {
      id: row.id,
      paymentType: row.payment_type,
      status: row.status,
      total: money(totalMinor, currency),
      items: items.map((item): OrderItem => {
        const snapshot = (typeof item.snapshot === 'string' ? JSON.parse(item.snapshot) : item.snapshot) as {
          displayName: string;
          planDisplayName: string;
          description: string;
        };
        const shown: OrderItem = {
          id: item.id,
          product: item.product_name,
          displayName: snapshot.displayName,
          plan: item.plan_id,
          planDisplayName: snapshot.planDisplayName,
          planKind: item.plan_kind,
          frequency: { id: item.frequency },
          description: snapshot.description,
          price: money(Number(item.price_minor), currency),
          startDate: day(item.start_date)!,
        };
        const end = day(item.end_date);
        if (end) shown.endDate = end;
        const delivery = day(item.start_delivery_date);
        if (delivery) shown.startDeliveryDate = delivery;
        return shown;
      }),
    },
  };
}

/** The order of this user, or order_not_created (someone else's order is not told apart from none). */
export async function ownOrder(db: Db, id: string, guid: string): Promise<StoredOrder> {
  const found = await loadOrder(db, id);
  if (!found || found.guid !== guid) throw new ApiError('order_not_created');
  return found;
}

/**
 * Cancels orders left unpaid for `ttlMs` (no payment attempt in flight, succeeded or awaiting an
 * operator): a visitor who comes back orders again. Returns how many expired.
 */
export async function expireUnpaidOrders(db: Db, now: number, ttlMs: number): Promise<number> {
  const rows = await db.query(
    `UPDATE orders SET status = 'CANCELLED'
      WHERE status = 'CREATED' AND created_at < $1
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.status <> 'FAILED')
      RETURNING id`,
    [now - ttlMs],
  );
  return rows.length;
}

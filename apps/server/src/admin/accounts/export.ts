/**
 * Everything held about a person (issue 28, GDPR access and portability): the account as the
 * console shows it, plus every other record by kind. Never a secret: no password hash, session id
 * or key (only the stored hashes exist, and those are left out too), no payment client secrets,
 * idempotency keys or saved payment methods (the provider's handle to charge again), no social
 * tokens (none are stored). The webhook bodies sent to the site's backend repeat the billing
 * events listed here, so they are left out.
 */
import type { AccountDetail } from '@foyer/api/admin';
import { toMillis, type Db } from '../../db';
import { normalizeIdentifier } from '../../identity/identifiers';
import { linkedProfiles } from '../../identity/social-store';
import { savedAddresses } from '../../widget/addresses';

export interface AccountExport {
  exportedAt: number;
  account: AccountDetail;
  records: Record<string, unknown[]>;
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const millis = (value: unknown) => (value === null || value === undefined ? null : toMillis(value));
const money = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : null);

/** Rows as camelCase records: times as epoch ms, amounts as numbers, JSON parsed. */
async function rows(
  db: Db,
  sql: string,
  params: readonly (string | null)[],
  map: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  return (await db.query(sql, params)).map(map);
}

export async function exportAccount(db: Db, account: AccountDetail, now: number): Promise<AccountExport> {
  const guid = account.guid;
  const address = account.email === null ? null : normalizeIdentifier(account.email);
  const ordersOf = 'SELECT id FROM orders WHERE guid = $1';

  const records: Record<string, unknown[]> = {
    identifiers: await rows(
      db,
      'SELECT realm_name, name, value FROM user_identifiers WHERE guid = $1 ORDER BY name',
      [guid],
      (row) => ({ realm: row.realm_name, name: row.name, value: row.value }),
    ),
    addresses: (await savedAddresses(db, guid)).map(({ id, kind, values }) => ({ id, kind, values })),
    socialProfiles: Object.values(await linkedProfiles(db, guid)),
    identifierChanges: await rows(
      db,
      `SELECT identifiers, service_name, created_at, expires_at, used_at FROM identifier_changes
        WHERE guid = $1 ORDER BY created_at`,
      [guid],
      (row) => ({
        identifiers: json(row.identifiers),
        service: row.service_name,
        createdAt: millis(row.created_at),
        expiresAt: millis(row.expires_at),
        usedAt: millis(row.used_at),
      }),
    ),
    orders: await rows(
      db,
      `SELECT id, service_name, status, payment_type, currency, total_minor, delivery_address, billing_address,
              locale, created_at
         FROM orders WHERE guid = $1 ORDER BY created_at, id`,
      [guid],
      (row) => ({
        id: row.id,
        service: row.service_name,
        status: row.status,
        paymentType: row.payment_type,
        currency: trimmed(row.currency),
        totalMinor: money(row.total_minor),
        deliveryAddress: json(row.delivery_address),
        billingAddress: json(row.billing_address),
        locale: row.locale,
        createdAt: millis(row.created_at),
      }),
    ),
    orderItems: await rows(
      db,
      `SELECT id, order_id, position, product_name, plan_id, plan_kind, frequency, price_minor, currency,
              start_date::text AS start_date, end_date::text AS end_date,
              start_delivery_date::text AS start_delivery_date, snapshot
         FROM order_items WHERE order_id IN (${ordersOf}) ORDER BY order_id, position`,
      [guid],
      (row) => ({
        id: row.id,
        orderId: row.order_id,
        position: Number(row.position),
        productName: row.product_name,
        planId: row.plan_id,
        planKind: row.plan_kind,
        frequency: row.frequency,
        priceMinor: money(row.price_minor),
        currency: trimmed(row.currency),
        startDate: row.start_date,
        endDate: row.end_date,
        startDeliveryDate: row.start_delivery_date,
        snapshot: json(row.snapshot),
      }),
    ),
    payments: await rows(
      db,
      `SELECT id, order_id, provider, status, amount_minor, currency, provider_reference, error_code, created_at,
              updated_at
         FROM payments WHERE order_id IN (${ordersOf}) ORDER BY created_at, id`,
      [guid],
      (row) => ({
        id: row.id,
        orderId: row.order_id,
        provider: row.provider,
        status: row.status,
        amountMinor: money(row.amount_minor),
        currency: trimmed(row.currency),
        providerReference: row.provider_reference,
        errorCode: row.error_code,
        createdAt: millis(row.created_at),
        updatedAt: millis(row.updated_at),
      }),
    ),
    renewalCharges: await rows(
      db,
      `SELECT c.id, c.subscription_id, c.period_end::text AS period_end, c.attempt, c.kind, c.provider, c.status,
              c.amount_minor, c.currency, c.provider_reference, c.error_code, c.created_at
         FROM renewal_charges c JOIN subscriptions s ON s.id = c.subscription_id
        WHERE s.guid = $1 ORDER BY c.created_at, c.id`,
      [guid],
      (row) => ({
        id: row.id,
        subscriptionId: row.subscription_id,
        periodEnd: row.period_end,
        attempt: Number(row.attempt),
        kind: row.kind,
        provider: row.provider,
        status: row.status,
        amountMinor: money(row.amount_minor),
        currency: trimmed(row.currency),
        providerReference: row.provider_reference,
        errorCode: row.error_code,
        createdAt: millis(row.created_at),
      }),
    ),
    purchases: await rows(
      db,
      'SELECT id, order_item_id, payment_id, status, created_at FROM purchases WHERE guid = $1 ORDER BY created_at, id',
      [guid],
      (row) => ({
        id: row.id,
        orderItemId: row.order_item_id,
        paymentId: row.payment_id,
        status: row.status,
        createdAt: millis(row.created_at),
      }),
    ),
    subscriptions: await rows(
      db,
      `SELECT id, purchase_id, product_name, plan_id, frequency, status, start_date::text AS start_date,
              end_date::text AS end_date, cancel_date::text AS cancel_date, cancel_reason, cancelled_at,
              payment_provider, price_minor, currency, periods_paid, past_due_since, expired_at
         FROM subscriptions WHERE guid = $1 ORDER BY start_date, id`,
      [guid],
      (row) => ({
        id: row.id,
        purchaseId: row.purchase_id,
        productName: row.product_name,
        planId: row.plan_id,
        frequency: row.frequency,
        status: row.status,
        startDate: row.start_date,
        endDate: row.end_date,
        cancelDate: row.cancel_date,
        cancelReason: row.cancel_reason,
        cancelledAt: millis(row.cancelled_at),
        paymentProvider: row.payment_provider,
        priceMinor: money(row.price_minor),
        currency: trimmed(row.currency),
        periodsPaid: Number(row.periods_paid),
        pastDueSince: millis(row.past_due_since),
        expiredAt: millis(row.expired_at),
      }),
    ),
    grants: await rows(
      db,
      `SELECT id, subscription_id, CASE WHEN owner_guid = $1 THEN 'sent' ELSE 'received' END AS direction, email,
              message, role_name, status, created_at, expires_at, answered_at
         FROM grants WHERE owner_guid = $1 OR grantee_guid = $1 OR ($2::text IS NOT NULL AND email = $2)
        ORDER BY created_at, id`,
      [guid, address],
      (row) => ({
        id: row.id,
        subscriptionId: row.subscription_id,
        direction: row.direction,
        email: row.email,
        message: row.message,
        role: row.role_name,
        status: row.status,
        createdAt: millis(row.created_at),
        expiresAt: millis(row.expires_at),
        answeredAt: millis(row.answered_at),
      }),
    ),
    v1Orders: await rows(
      db,
      'SELECT id, status, basket, created_at, updated_at FROM v1_orders WHERE guid = $1 ORDER BY created_at, id',
      [guid],
      (row) => ({
        id: row.id,
        status: row.status,
        basket: json(row.basket),
        createdAt: millis(row.created_at),
        updatedAt: millis(row.updated_at),
      }),
    ),
    // The metered paywall's count of this reader's page views, and the browsers' meters merged into it.
    paywallViews: await rows(
      db,
      `SELECT service_name, segment, page, viewed_at FROM paywall_views WHERE meter_key = 'a:' || $1
        ORDER BY viewed_at`,
      [guid],
      (row) => ({ service: row.service_name, segment: row.segment, page: row.page, viewedAt: millis(row.viewed_at) }),
    ),
    paywallMeters: await rows(
      db,
      `SELECT service_name, created_at, last_seen_at FROM paywall_visitors WHERE merged_into = $1
        ORDER BY created_at`,
      [guid],
      (row) => ({ service: row.service_name, createdAt: millis(row.created_at), lastSeenAt: millis(row.last_seen_at) }),
    ),
    activity: await rows(
      db,
      'SELECT kind, service_name, at FROM activity_events WHERE guid = $1 ORDER BY at, id',
      [guid],
      (row) => ({ kind: row.kind, service: row.service_name, at: millis(row.at) }),
    ),
    billingEvents: await rows(
      db,
      `SELECT id, type, service_name, subscription_id, order_id, data, created_at FROM billing_events
        WHERE guid = $1 ORDER BY created_at, id`,
      [guid],
      (row) => ({
        id: row.id,
        type: row.type,
        service: row.service_name,
        subscriptionId: row.subscription_id,
        orderId: row.order_id,
        data: json(row.data),
        createdAt: millis(row.created_at),
      }),
    ),
  };
  return { exportedAt: now, account, records };
}

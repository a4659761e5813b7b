/**
 * The console's reads of accounts (issue 28): the list (search, filters, keyset pages) and one
 * account's detail. Rows are mapped to the shapes of @foyer/api/admin here, so routes never see
 * column names. Reads answer erased accounts too (state ERASED, nothing personal left): the
 * console shows what happened to them.
 */
import type { AccountDetail, AccountSummary } from '@foyer/api/admin';
import { toMillis, type Db } from '../../db';
import { normalizeIdentifier } from '../../identity/identifiers';
import { mailAddressOf } from '../../identity/mail-address';
import { type CursorKey, pageOf } from '../cursor';
import { hasSecondFactor } from '../../security/second-factor/factors';

export type AccountState = AccountSummary['state'];

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

interface ProfileRow {
  guid: string;
  realm_name: string;
  state: AccountState;
  attributes: unknown;
  roles: unknown;
  address_proven_at: string | number | null;
  created_at: string | number;
  services: unknown;
}

const PROFILE_SELECT = `
  SELECT p.guid, p.realm_name, p.state, p.attributes, p.roles, p.address_proven_at, p.created_at,
         COALESCE((SELECT json_agg(s.service_name ORDER BY s.service_name) FROM user_services s WHERE s.guid = p.guid), '[]') AS services
    FROM user_profiles p`;

/** A display name from the usual attributes, if the profile has any. */
function nameOf(attributes: Record<string, string>): string | null {
  const full = [attributes.firstName, attributes.lastName].filter((part) => part?.trim()).join(' ');
  return full || attributes.name?.trim() || attributes.fullName?.trim() || null;
}

function toSummary(row: ProfileRow): AccountSummary {
  const attributes = json<Record<string, string>>(row.attributes);
  return {
    guid: row.guid,
    email: mailAddressOf({ attributes }),
    name: nameOf(attributes),
    state: row.state,
    realm: row.realm_name,
    services: json<string[]>(row.services),
    createdAt: toMillis(row.created_at),
  };
}

/** `%` and `_` typed in the search box are searched for, not wildcards. */
const likePattern = (text: string) => `%${normalizeIdentifier(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Newest first, `limit` at a time. `q` matches a part of an e-mail address (the profile's, or any
 * sign-in identifier), case-insensitively, or a whole guid.
 */
export async function listAccounts(
  db: Db,
  filter: {
    q?: string | undefined;
    state?: AccountState | undefined;
    service?: string | undefined;
    limit: number;
    /** The last row of the previous page (its decoded cursor), null for the first page. */
    after: CursorKey | null;
  },
): Promise<{ items: AccountSummary[]; next: string | null }> {
  const { after } = filter;
  const q = filter.q?.trim() || null;
  const rows = await db.query<ProfileRow>(
    `${PROFILE_SELECT}
      WHERE ($1::text IS NULL OR p.guid = $1
             OR lower(p.attributes->>'email') LIKE $2
             OR EXISTS (SELECT 1 FROM user_identifiers i WHERE i.guid = p.guid AND i.value LIKE $2))
        AND ($3::text IS NULL OR p.state = $3)
        AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM user_services s WHERE s.guid = p.guid AND s.service_name = $4))
        AND ($5::bigint IS NULL OR (p.created_at, p.guid) < ($5::bigint, $6::text))
      ORDER BY p.created_at DESC, p.guid DESC LIMIT $7`,
    [
      q,
      q === null ? null : likePattern(q),
      filter.state ?? null,
      filter.service ?? null,
      after?.[0] ?? null,
      after?.[1] ?? null,
      filter.limit + 1,
    ],
  );
  return pageOf(rows, filter.limit, (row) => [toMillis(row.created_at), row.guid], toSummary);
}

/** The account's state and mail address (any state), or null when there is no such guid. */
export async function accountHead(
  db: Db,
  guid: string,
  options: { lock?: boolean } = {},
): Promise<{ guid: string; state: AccountState; email: string | null; services: string[] } | null> {
  const [row] = await db.query<{ guid: string; state: AccountState; attributes: unknown }>(
    `SELECT guid, state, attributes FROM user_profiles WHERE guid = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [guid],
  );
  if (!row) return null;
  const services = await db.query<{ service_name: string }>(
    'SELECT service_name FROM user_services WHERE guid = $1 ORDER BY service_name',
    [guid],
  );
  return {
    guid: row.guid,
    state: row.state,
    email: mailAddressOf({ attributes: json<Record<string, string>>(row.attributes) }),
    services: services.map((service) => service.service_name),
  };
}

async function sessionsOf(db: Db, guid: string, now: number): Promise<AccountDetail['sessions']> {
  // Main sessions only (a secure session lives and dies with its main one), and only live ones.
  const rows = await db.query<{
    id_hash: string;
    service_name: string | null;
    remember_me: boolean;
    created_at: unknown;
    idle_expires_at: unknown;
    absolute_expires_at: unknown;
  }>(
    `SELECT id_hash, service_name, remember_me, created_at, idle_expires_at, absolute_expires_at FROM sessions
      WHERE guid = $1 AND parent_id_hash IS NULL AND idle_expires_at > $2 AND absolute_expires_at > $2
      ORDER BY created_at DESC, id_hash`,
    [guid, now],
  );
  return rows.map((row) => ({
    id: row.id_hash,
    service: row.service_name,
    rememberMe: row.remember_me,
    createdAt: toMillis(row.created_at),
    idleExpiresAt: toMillis(row.idle_expires_at),
    absoluteExpiresAt: toMillis(row.absolute_expires_at),
  }));
}

async function purchasesOf(db: Db, guid: string): Promise<AccountDetail['purchases']> {
  const rows = await db.query<{
    id: string;
    order_id: string;
    product_name: string;
    plan_id: string;
    status: string;
    subscription_id: string | null;
    start_date: string | null;
    end_date: string | null;
    created_at: unknown;
  }>(
    `SELECT p.id, i.order_id, COALESCE(i.snapshot->>'displayName', i.product_name) AS product_name, i.plan_id,
            COALESCE(s.status, p.status) AS status, s.id AS subscription_id,
            COALESCE(s.start_date, i.start_date)::text AS start_date, COALESCE(s.end_date, i.end_date)::text AS end_date,
            p.created_at
       FROM purchases p
       JOIN order_items i ON i.id = p.order_item_id
       LEFT JOIN subscriptions s ON s.purchase_id = p.id
      WHERE p.guid = $1
      ORDER BY p.created_at DESC, p.id`,
    [guid],
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    productName: row.product_name,
    planId: row.plan_id,
    status: row.status,
    subscriptionId: row.subscription_id,
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: toMillis(row.created_at),
  }));
}

/** Sent (the account owns the subscription) and received (it answered, or its address was invited). */
async function invitationsOf(db: Db, guid: string, email: string | null, now: number) {
  const rows = await db.query<{
    id: string;
    direction: 'sent' | 'received';
    email: string;
    status: string;
    created_at: unknown;
    expires_at: unknown;
  }>(
    `SELECT id, CASE WHEN owner_guid = $1 THEN 'sent' ELSE 'received' END AS direction, email, status,
            created_at, expires_at
       FROM grants
      WHERE owner_guid = $1 OR grantee_guid = $1 OR ($2::text IS NOT NULL AND email = $2)
      ORDER BY created_at DESC, id`,
    [guid, email === null ? null : normalizeIdentifier(email)],
  );
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    email: row.email,
    // A PENDING invitation past its expiry is EXPIRED, whether or not a sweep has written it yet.
    status: row.status === 'PENDING' && toMillis(row.expires_at) <= now ? 'EXPIRED' : row.status,
    createdAt: toMillis(row.created_at),
    expiresAt: toMillis(row.expires_at),
  }));
}

export async function accountDetail(db: Db, guid: string, now: number): Promise<AccountDetail | null> {
  const [row] = await db.query<ProfileRow>(`${PROFILE_SELECT} WHERE p.guid = $1`, [guid]);
  if (!row) return null;
  const summary = toSummary(row);
  const networks = await db.query<{ network: string; linked_at: unknown }>(
    'SELECT network, linked_at FROM social_profiles WHERE guid = $1 ORDER BY network',
    [guid],
  );
  return {
    ...summary,
    attributes: json<Record<string, unknown>>(row.attributes),
    roles: json<string[]>(row.roles),
    addressProvenAt: row.address_proven_at === null ? null : toMillis(row.address_proven_at),
    networks: networks.map((network) => ({ network: network.network, linkedAt: toMillis(network.linked_at) })),
    secondFactor: await hasSecondFactor(db, guid),
    sessions: await sessionsOf(db, guid, now),
    purchases: await purchasesOf(db, guid),
    invitations: await invitationsOf(db, guid, summary.email, now),
  };
}

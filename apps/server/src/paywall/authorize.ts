/**
 * One page view through the paywall (identity spec §3 "Paywall authorize event", §4 "Paywall"):
 * which segments the page is in, whether the visitor holds an entitling product, and the count on
 * their meter — an anonymous visitor's meter id, or their account when logged in.
 *
 * Counting is idempotent per page: the same meter viewing the same page again within
 * REVIEW_WINDOW_MS (a reload, a second paywall widget on the page) is not a new view. It is atomic:
 * the check, the count and the insert run in one transaction holding an advisory lock on the
 * meter, so concurrent views of one meter can never count past its maximum or twice.
 *
 * One meter per reader (issue 26, as Piano does): a logged-in view that also names the browser's
 * anonymous meter moves that meter's views into the account's meter (mergeMeter), so logging in
 * from the paywall does not start a new count. The anonymous meter is then that account's: while
 * logged out its views count together with the account's, and they move in again at the next
 * login; another account logging in on that browser neither inherits them nor claims the meter.
 */
import { randomBytes } from 'node:crypto';
import type { Meter, PaywallAuthorize, PaywallAuthorizeResult } from '@foyer/api';
import { recordActivity } from '../activity';
import type { Db } from '../db';
import type { EntitlementSource } from './entitlements';
import type { MeterConfig } from './config';

/** A reload (or another paywall widget on the same page) within this long is the same view. */
export const REVIEW_WINDOW_MS = 30 * 60_000;
/** Names the advisory locks of meters (with the meter key's hash as the second key). */
const METER_LOCK_ID = 7_406_016;
const DAY_MS = 86_400_000;

interface SegmentRow {
  name: string;
  sections: unknown;
  tags: unknown;
  entitled_products: unknown;
  meter: unknown;
}

export interface Segment {
  name: string;
  sections: string[];
  tags: string[];
  entitledProducts: string[];
  meter: MeterConfig | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export async function serviceSegments(db: Db, serviceName: string): Promise<Segment[]> {
  const rows = await db.query<SegmentRow>(
    'SELECT name, sections, tags, entitled_products, meter FROM paywall_segments WHERE service_name = $1 ORDER BY position',
    [serviceName],
  );
  return rows.map((row) => ({
    name: row.name,
    sections: json<string[]>(row.sections),
    tags: json<string[]>(row.tags),
    entitledProducts: json<string[]>(row.entitled_products),
    meter: row.meter === null ? null : json<MeterConfig>(row.meter),
  }));
}

/** A segment with neither sections nor tags takes every page. */
export function matches(segment: Segment, page: Pick<PaywallAuthorize, 'section' | 'tags'>): boolean {
  if (!segment.sections.length && !segment.tags.length) return true;
  if (page.section !== undefined && segment.sections.includes(page.section)) return true;
  return (page.tags ?? []).some((tag) => segment.tags.includes(tag));
}

/** The page's address as counted: origin and path (without query or fragment), and the article it names. */
export function pageKey(page: string, articleId?: string): string {
  const url = new URL(page);
  return url.origin + url.pathname + (articleId ? `#${articleId}` : '');
}

export interface Visitor {
  serviceName: string;
  /** The logged-in account, or null. */
  guid: string | null;
  /** The anonymous meter id the page sent (unchecked). */
  meterId?: string | undefined;
}

/** An anonymous meter id this server issued for the service, else a new one (recorded). */
async function visitorMeter(db: Db, serviceName: string, given: string | undefined, now: number): Promise<string> {
  if (given) {
    const known = await db.query(
      'UPDATE paywall_visitors SET last_seen_at = $3 WHERE id = $1 AND service_name = $2 RETURNING id',
      [given, serviceName, now],
    );
    if (known.length) return given;
  }
  const id = randomBytes(18).toString('base64url');
  await db.query('INSERT INTO paywall_visitors (id, service_name, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    id,
    serviceName,
    now,
  ]);
  return id;
}

type Counted = { counted: true; meter: Meter } | { counted: false; meter: Meter };

/**
 * Serialises everything that reads or writes one meter's views in one segment. Whoever holds
 * several takes every `v:` meter's before any `a:` one's (the order of `meterKeys`), so no two
 * holders can wait on each other.
 */
const lockMeter = (tx: Db, serviceName: string, meterKey: string, segment: string) =>
  tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    METER_LOCK_ID,
    `${serviceName}\n${meterKey}\n${segment}`,
  ]);

/**
 * Counts the view unless already counted within the window or the meter is used up. The views of
 * every key count (an anonymous meter with the account it was merged into); a new one goes on the first.
 */
async function countView(
  db: Db,
  key: { serviceName: string; meterKeys: [string, ...string[]]; segment: string; page: string },
  meter: { max: number; periodDays: number },
  now: number,
): Promise<Counted> {
  return db.transaction(async (tx) => {
    for (const meterKey of key.meterKeys) await lockMeter(tx, key.serviceName, meterKey, key.segment);
    const since = now - meter.periodDays * DAY_MS;
    const [row] = await tx.query<{ views: string | number; recent: string | number }>(
      `SELECT count(*) AS views,
              count(*) FILTER (WHERE page = $4 AND viewed_at > $6) AS recent
         FROM paywall_views
        WHERE service_name = $1 AND meter_key = ANY($2) AND segment = $3 AND viewed_at > $5`,
      [key.serviceName, key.meterKeys, key.segment, key.page, since, now - REVIEW_WINDOW_MS],
    );
    const views = Number(row?.views ?? 0);
    if (Number(row?.recent ?? 0) > 0) return { counted: true, meter: { count: views, max: meter.max } };
    if (views >= meter.max) return { counted: false, meter: { count: views, max: meter.max } };
    await tx.query(
      'INSERT INTO paywall_views (service_name, meter_key, segment, page, viewed_at) VALUES ($1, $2, $3, $4, $5)',
      [key.serviceName, key.meterKeys[0], key.segment, key.page, now],
    );
    return { counted: true, meter: { count: views + 1, max: meter.max } };
  });
}

/**
 * A login carries the anonymous views into the account's meter: moves the views of the browser's
 * meter `meterId` into `a:<guid>`, segment by segment, and records the meter as that account's. A
 * meter this server did not issue, or one already another account's, is left alone. Under the
 * locks of both meters, so concurrent calls move each view once; a view of a page the account
 * already has within REVIEW_WINDOW_MS of it is the same view (dropped), and no more are moved
 * than the account's meter has room for, so one reader never reads past the logged-in maximum.
 */
export async function mergeMeter(
  db: Db,
  segments: Segment[],
  visitor: { serviceName: string; guid: string; meterId: string },
  now: number,
): Promise<void> {
  const { serviceName, guid, meterId } = visitor;
  const from = `v:${meterId}`;
  const to = `a:${guid}`;
  const metered = segments
    .flatMap(({ name, meter }) => (meter ? [{ name, meter }] : []))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  await db.transaction(async (tx) => {
    for (const segment of metered) await lockMeter(tx, serviceName, from, segment.name);
    for (const segment of metered) await lockMeter(tx, serviceName, to, segment.name);
    const claimed = await tx.query(
      `UPDATE paywall_visitors SET merged_into = $3
        WHERE id = $1 AND service_name = $2 AND (merged_into IS NULL OR merged_into = $3) RETURNING id`,
      [meterId, serviceName, guid],
    );
    if (!claimed.length) return;
    for (const { name, meter } of metered) {
      // No logged-in meter: the views stay on the browser's meter, which keeps counting them.
      if (meter.loggedIn === undefined) continue;
      const since = now - meter.periodDays * DAY_MS;
      const [row] = await tx.query<{ views: string | number }>(
        `SELECT count(*) AS views FROM paywall_views
          WHERE service_name = $1 AND meter_key = $2 AND segment = $3 AND viewed_at > $4`,
        [serviceName, to, name, since],
      );
      const room = Math.max(0, meter.loggedIn - Number(row?.views ?? 0));
      // The newest views first; one already counted on the account is not counted twice.
      await tx.query(
        `UPDATE paywall_views SET meter_key = $3
          WHERE ctid IN (
            SELECT v.ctid FROM paywall_views v
             WHERE v.service_name = $1 AND v.meter_key = $2 AND v.segment = $4 AND v.viewed_at > $5
               AND NOT EXISTS (
                 SELECT 1 FROM paywall_views w
                  WHERE w.service_name = $1 AND w.meter_key = $3 AND w.segment = $4 AND w.page = v.page
                    AND abs(w.viewed_at - v.viewed_at) < $6)
             ORDER BY v.viewed_at DESC LIMIT $7)`,
        [serviceName, from, to, name, since, REVIEW_WINDOW_MS, room],
      );
      // What did not move is merged too: counted as already read, or past the account's room.
      await tx.query('DELETE FROM paywall_views WHERE service_name = $1 AND meter_key = $2 AND segment = $3', [
        serviceName,
        from,
        name,
      ]);
    }
  });
}

/** The account an anonymous meter was merged into, if any. */
async function mergedInto(db: Db, serviceName: string, meterId: string): Promise<string | null> {
  const [row] = await db.query<{ merged_into: string | null }>(
    'SELECT merged_into FROM paywall_visitors WHERE id = $1 AND service_name = $2',
    [meterId, serviceName],
  );
  return row?.merged_into ?? null;
}

export async function authorizeView(
  db: Db,
  entitlements: EntitlementSource,
  visitor: Visitor,
  page: PaywallAuthorize,
  now: number,
): Promise<PaywallAuthorizeResult> {
  const all = await serviceSegments(db, visitor.serviceName);
  const segments = all.filter((segment) => matches(segment, page));
  const names = segments.map((segment) => segment.name);
  const allow: PaywallAuthorizeResult = { result: 'ALLOW_ACCESS', requireEntitlement: false, segments: names };
  if (!segments.length) return allow;

  const premium = segments.some((segment) => segment.entitledProducts.length > 0);
  if (visitor.guid && premium) {
    const held = new Set(await entitlements.entitledProductIds(db, visitor.guid, now));
    if (segments.some((segment) => segment.entitledProducts.some((product) => held.has(product)))) return allow;
  }

  const metered = segments.find((segment) => segment.meter);
  const config = metered?.meter ?? null;
  const meterId = visitor.guid ? undefined : await visitorMeter(db, visitor.serviceName, visitor.meterId, now);
  if (visitor.guid && visitor.meterId && metered) {
    await mergeMeter(db, all, { serviceName: visitor.serviceName, guid: visitor.guid, meterId: visitor.meterId }, now);
  }
  const withId = <T extends object>(answer: T) => (meterId ? { ...answer, meterId } : answer);
  const max = config ? (visitor.guid ? config.loggedIn : config.anonymous) : undefined;

  let exceededMeter: Meter | undefined;
  if (metered && config && max !== undefined) {
    const owner = meterId ? await mergedInto(db, visitor.serviceName, meterId) : null;
    const outcome = await countView(
      db,
      {
        serviceName: visitor.serviceName,
        // A logged-out reader's meter counts with the account it was merged into.
        meterKeys: visitor.guid ? [`a:${visitor.guid}`] : [`v:${meterId}`, ...(owner ? [`a:${owner}`] : [])],
        segment: metered.name,
        page: pageKey(page.page, page.articleId),
      },
      { max, periodDays: config.periodDays },
      now,
    );
    if (outcome.counted) return withId({ ...allow, activeMeter: outcome.meter });
    exceededMeter = outcome.meter;
  } else if (!premium) {
    // Neither metered for this visitor nor sold: nothing to gate.
    return withId(allow);
  }

  const denied = { segments: names, ...(exceededMeter ? { exceededMeter } : {}) };
  // The console's funnel starts here: a reader the paywall stopped (admin/figures).
  await recordActivity(
    db,
    {
      kind: 'paywall.shown',
      serviceName: visitor.serviceName,
      guid: visitor.guid,
      reader: visitor.guid ? `a:${visitor.guid}` : `v:${meterId}`,
    },
    now,
  );
  if (visitor.guid) return { ...denied, result: 'REQUIRE_ENTITLEMENT', requireEntitlement: true };
  // Logging in gives the account's meter when it has more free views; the views read here go with
  // the reader into it (mergeMeter), so it starts at this meter's count, not at zero.
  const loggedInMax = config?.loggedIn;
  const read = exceededMeter?.count ?? 0;
  const offered = loggedInMax !== undefined && loggedInMax > Math.max(max ?? 0, read);
  return withId({
    ...denied,
    result: 'REQUIRE_LOGIN' as const,
    requireEntitlement: premium && !offered,
    ...(offered ? { offeredMeter: { count: read, max: loggedInMax } } : {}),
  });
}

/** Anonymous meter ids unseen for longer than any period: their views no longer count anyway. */
export async function prunePaywall(db: Db, now: number, maxPeriodDays = 366): Promise<void> {
  const before = now - maxPeriodDays * DAY_MS;
  await db.query('DELETE FROM paywall_views WHERE viewed_at < $1', [before]);
  await db.query('DELETE FROM paywall_visitors WHERE last_seen_at < $1', [before]);
}

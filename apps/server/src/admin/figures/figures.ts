/**
 * The console's dashboard (issue 28), computed in SQL from what the server records: accounts,
 * sessions started and paywall refusals (activity_events, migration 039), subscriptions and their
 * renewal charges. Days are UTC calendar days; a window is the last `days` days up to `now`.
 */
import type { Figures } from '@foyer/api/admin';
import type { PlanFrequency } from '@foyer/api';
import type { Db } from '../../db';

const DAY_MS = 86_400_000;
/** A subscription's full price as a month's share, by its frequency (a year is 12 months, a month 365/12 days). */
const MONTHS_PER_PERIOD: Readonly<Record<PlanFrequency, number | null>> = {
  NONE: null,
  DAY1: 12 / 365,
  WEEK1: (7 * 12) / 365,
  MONTH1: 1,
  MONTH3: 3,
  MONTH6: 6,
  MONTH12: 12,
  MONTH18: 18,
};
/** Subscriptions that give access today: ACTIVE, PAST_DUE in its grace, CANCELLED before its end. */
const GIVING_ACCESS = ['ACTIVE', 'PAST_DUE', 'CANCELLED'];
/** Of those, the ones that will be charged again. */
const RENEWING = ['ACTIVE', 'PAST_DUE'];

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** SQL for the UTC day (YYYY-MM-DD) of an epoch-ms column. */
const sqlDay = (column: string) => `to_char(to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Every day of the window, oldest first, so a chart has a zero where nothing happened. */
function windowDays(from: number, to: number): string[] {
  const days: string[] = [];
  for (let at = Date.parse(dayOf(from)); at <= to; at += DAY_MS) days.push(dayOf(at));
  return days;
}

function byDay(days: string[], rows: { day: string; count: string | number }[]) {
  const counts = new Map(rows.map((row) => [row.day, Number(row.count)]));
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}

export async function computeFigures(
  db: Db,
  options: { days: number; service?: string | undefined },
  now: number,
): Promise<Figures> {
  const to = now;
  const from = now - options.days * DAY_MS;
  const service = options.service ?? null;
  const days = windowDays(from, to);

  const registrations = await db.query<{ day: string; count: string | number }>(
    `SELECT ${sqlDay('p.created_at')} AS day, count(*) AS count FROM user_profiles p
      WHERE p.created_at > $1 AND p.created_at <= $2
        AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM user_services s WHERE s.guid = p.guid AND s.service_name = $3))
      GROUP BY 1`,
    [from, to, service],
  );
  const logins = await db.query<{ day: string; count: string | number }>(
    `SELECT ${sqlDay('at')} AS day, count(*) AS count FROM activity_events
      WHERE kind = 'login' AND at > $1 AND at <= $2 AND ($3::text IS NULL OR service_name = $3)
      GROUP BY 1`,
    [from, to, service],
  );

  const live = await db.query<{
    product_name: string;
    plan_id: string;
    status: string;
    frequency: PlanFrequency;
    price_minor: string | number | null;
    currency: string | null;
  }>(
    `SELECT s.product_name, s.plan_id, s.status, s.frequency, s.price_minor, s.currency FROM subscriptions s
       JOIN catalogue_products c ON c.name = s.product_name
      WHERE s.status = ANY($1::text[]) AND ($2::text IS NULL OR c.service_name = $2)`,
    [GIVING_ACCESS, service],
  );
  const plans = new Map<string, { productName: string; planId: string; count: number }>();
  const mrr = new Map<string, number>();
  for (const row of live) {
    const key = `${row.product_name}\n${row.plan_id}`;
    const plan = plans.get(key) ?? { productName: row.product_name, planId: row.plan_id, count: 0 };
    plan.count += 1;
    plans.set(key, plan);
    const months = MONTHS_PER_PERIOD[row.frequency];
    if (!RENEWING.includes(row.status) || months === null || row.price_minor === null || !row.currency) continue;
    const currency = row.currency.trim();
    mrr.set(currency, (mrr.get(currency) ?? 0) + Number(row.price_minor) / months);
  }

  const charges = await db.query<{ day: string; succeeded: string | number; failed: string | number }>(
    `SELECT ${sqlDay('r.updated_at')} AS day,
            count(*) FILTER (WHERE r.status = 'SUCCEEDED') AS succeeded,
            count(*) FILTER (WHERE r.status = 'FAILED') AS failed
       FROM renewal_charges r JOIN subscriptions s ON s.id = r.subscription_id
       JOIN catalogue_products c ON c.name = s.product_name
      WHERE r.kind = 'renewal' AND r.updated_at > $1 AND r.updated_at <= $2
        AND ($3::text IS NULL OR c.service_name = $3)
      GROUP BY 1`,
    [from, to, service],
  );
  const renewalDays = new Map(charges.map((row) => [row.day, row]));

  // The funnel: each reader the paywall stopped in the window (an anonymous meter counts as the
  // account it was merged into at a login), from the first time it stopped them.
  const [funnel] = await db.query<{ shown: string | number; registered: string | number; subscribed: string | number }>(
    `WITH shown AS (
       SELECT e.reader, min(e.at) AS first_at,
              COALESCE(e.guid, (SELECT v.merged_into FROM paywall_visitors v
                                 WHERE 'v:' || v.id = e.reader AND v.service_name = e.service_name)) AS guid
         FROM activity_events e
        WHERE e.kind = 'paywall.shown' AND e.at > $1 AND e.at <= $2 AND ($3::text IS NULL OR e.service_name = $3)
        GROUP BY e.reader, e.guid, e.service_name)
     SELECT count(*) AS shown,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM user_profiles p WHERE p.guid = shown.guid AND p.created_at >= shown.first_at AND p.created_at <= $2)) AS registered,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM subscriptions s JOIN purchases u ON u.id = s.purchase_id
               WHERE s.guid = shown.guid AND u.created_at >= shown.first_at AND u.created_at <= $2)) AS subscribed
       FROM shown`,
    [from, to, service],
  );

  const renewalsByDay = days.map((day) => ({
    day,
    succeeded: Number(renewalDays.get(day)?.succeeded ?? 0),
    failed: Number(renewalDays.get(day)?.failed ?? 0),
  }));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const registrationsByDay = byDay(days, registrations);
  const loginsByDay = byDay(days, logins);
  return {
    from,
    to,
    days: options.days,
    registrations: { total: sum(registrationsByDay.map((day) => day.count)), byDay: registrationsByDay },
    logins: { total: sum(loginsByDay.map((day) => day.count)), byDay: loginsByDay },
    activeSubscriptions: [...plans.values()].sort((a, b) => b.count - a.count || (a.planId < b.planId ? -1 : 1)),
    mrr: [...mrr]
      .map(([currency, amount]) => ({ currency, amountMinor: Math.round(amount) }))
      .sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    renewals: {
      succeeded: sum(renewalsByDay.map((day) => day.succeeded)),
      failed: sum(renewalsByDay.map((day) => day.failed)),
      byDay: renewalsByDay,
    },
    funnel: {
      shown: Number(funnel?.shown ?? 0),
      registered: Number(funnel?.registered ?? 0),
      subscribed: Number(funnel?.subscribed ?? 0),
    },
  };
}

/** Calendar dates (`YYYY-MM-DD`, UTC) of orders and subscriptions: the shared rules, and the server's own limits. */
import { isoDay, parseDay } from '@foyer/api';

export { addDays, isoDay, periodEnd, validDay } from '@foyer/api';

/** How far ahead an order may start: a year (and a leap day). Beyond, dates stop meaning anything. */
const MAX_DAYS_AHEAD = 366;

/** The last day an order made on `today` may start (or start delivery). */
export function latestStartDay(today: string): string {
  const date = parseDay(today);
  return date ? isoDay(date.getTime() + MAX_DAYS_AHEAD * 86_400_000) : today;
}

/** Epoch ms of the start (00:00 UTC) of `day`. */
export function dayStart(day: string): number {
  return parseDay(day)?.getTime() ?? Number.NaN;
}

/** Calendar dates (`YYYY-MM-DD`, UTC) of orders and subscriptions. */
import type { PlanFrequency } from '@foyer/api';

export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

function parseDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date.getTime()) !== day ? null : date;
}

export function validDay(day: string): boolean {
  return parseDay(day) !== null;
}

/** How far ahead an order may start: a year (and a leap day). Beyond, dates stop meaning anything. */
const MAX_DAYS_AHEAD = 366;

/** The last day an order made on `today` may start (or start delivery). */
export function latestStartDay(today: string): string {
  const date = parseDay(today);
  return date ? isoDay(date.getTime() + MAX_DAYS_AHEAD * 86_400_000) : today;
}

const MONTHS: Partial<Record<PlanFrequency, number>> = { MONTH1: 1, MONTH3: 3, MONTH6: 6, MONTH12: 12, MONTH18: 18 };

/** The end of the first period, or undefined for a one-off (NONE). Month ends clamp (31 Jan + 1 month = 28/29 Feb). */
export function periodEnd(start: string, frequency: PlanFrequency): string | undefined {
  const date = parseDay(start);
  if (!date || frequency === 'NONE') return undefined;
  if (frequency === 'DAY1') return isoDay(date.getTime() + 86_400_000);
  if (frequency === 'WEEK1') return isoDay(date.getTime() + 7 * 86_400_000);
  const months = MONTHS[frequency] ?? 0;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/**
 * Calendar days (`YYYY-MM-DD`, UTC) of orders, subscriptions and deliveries, one definition for the
 * server and the frames: the period a plan covers, and which days a delivered product's first
 * delivery may be on. "Today" is always the server's (an answer of it, never the visitor's clock).
 */
import type { PlanFrequency } from './catalogue-schemas';

const DAY_MS = 86_400_000;

export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The day's start as a Date, or null when `day` is not a real `YYYY-MM-DD` day. */
export function parseDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date.getTime()) !== day ? null : date;
}

export function validDay(day: string): boolean {
  return parseDay(day) !== null;
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  return date ? isoDay(date.getTime() + days * DAY_MS) : day;
}

const MONTHS: Partial<Record<PlanFrequency, number>> = { MONTH1: 1, MONTH3: 3, MONTH6: 6, MONTH12: 12, MONTH18: 18 };

/**
 * The end of period `n` (default the first) of a plan started on `start`, or undefined for a
 * one-off (NONE). Always counted from the anchor `start`, so month ends clamp without drifting:
 * 31 Jan renews 28/29 Feb, then 31 Mar.
 */
export function periodEnd(start: string, frequency: PlanFrequency, n = 1): string | undefined {
  const date = parseDay(start);
  if (!date || frequency === 'NONE') return undefined;
  if (frequency === 'DAY1') return isoDay(date.getTime() + n * DAY_MS);
  if (frequency === 'WEEK1') return isoDay(date.getTime() + n * 7 * DAY_MS);
  const months = (MONTHS[frequency] ?? 0) * n;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** Working days (Monday to Friday) between an order and the first delivery of a delivered product. */
export const DELIVERY_LEAD_DAYS = 2;

/**
 * Deliveries start on working days (Monday to Friday), the days the lead time counts: printing and
 * routing start a round on a working day. False for a day that is not a real day.
 */
export function isDeliveryDay(day: string): boolean {
  const weekday = parseDay(day)?.getUTCDay();
  return weekday !== undefined && weekday !== 0 && weekday !== 6;
}

/** The first delivery day on or after `day`. */
export function nextDeliveryDay(day: string): string {
  let next = day;
  while (validDay(next) && !isDeliveryDay(next)) next = addDays(next, 1);
  return next;
}

/** The earliest first delivery of an order made on `today`: the DELIVERY_LEAD_DAYS-th working day after it. */
export function earliestDeliveryDay(today: string): string {
  let day = today;
  for (let left = DELIVERY_LEAD_DAYS; left > 0 && validDay(day);) {
    day = addDays(day, 1);
    if (isDeliveryDay(day)) left -= 1;
  }
  return day;
}

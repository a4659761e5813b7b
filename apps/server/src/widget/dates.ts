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

/**
 * The end of period `n` (default the first) of a plan started on `start`, or undefined for a
 * one-off (NONE). Always counted from the anchor `start`, so month ends clamp without drifting:
 * 31 Jan renews 28/29 Feb, then 31 Mar.
 */
export function periodEnd(start: string, frequency: PlanFrequency, n = 1): string | undefined {
  const date = parseDay(start);
  if (!date || frequency === 'NONE') return undefined;
  if (frequency === 'DAY1') return isoDay(date.getTime() + n * 86_400_000);
  if (frequency === 'WEEK1') return isoDay(date.getTime() + n * 7 * 86_400_000);
  const months = (MONTHS[frequency] ?? 0) * n;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  return date ? isoDay(date.getTime() + days * 86_400_000) : day;
}

/** Epoch ms of the start (00:00 UTC) of `day`. */
export function dayStart(day: string): number {
  return parseDay(day)?.getTime() ?? Number.NaN;
}

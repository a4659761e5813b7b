/**
 * The test clock (FOYER_DEV_CLOCK=true, demos and tests only; a production server refuses it):
 * the app's time is the wall clock plus an offset kept in `dev_clock`, shared by every instance on
 * the database and kept across restarts. `POST /dev/clock {"advance":"P32D"}` moves it forward
 * (billing/routes.ts). Each instance caches the offset and reads it again before every sweep, so
 * instances agree on what is due; the instance that advanced it knows at once.
 */
import type { Db } from '../db';

export interface DevClock {
  /** The app's time, epoch ms (AppDeps.now). */
  now(): number;
  /** Reads the shared offset again (another instance may have moved it). */
  refresh(): Promise<void>;
  /** Moves the shared clock forward by an ISO 8601 duration; answers the new time. */
  advance(duration: string): Promise<number>;
}

const DURATION =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * `from` moved forward by an ISO 8601 duration (`P1M`, `P32D`, `PT2H`, `P1Y2M3DT4H`), in UTC:
 * years and months are calendar months (31 Jan + P1M = 28/29 Feb, as the renewals count), the
 * rest fixed lengths. Null when `duration` is not one.
 */
export function addDuration(from: number, duration: string): number | null {
  const match = DURATION.exec(duration.trim().toUpperCase());
  if (!match) return null;
  const [years, months, weeks, days, hours, minutes] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const seconds = Number(match[7] ?? 0);
  const date = new Date(from);
  const totalMonths = years! * 12 + months!;
  if (totalMonths) {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + totalMonths);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  const fixed = ((weeks! * 7 + days!) * 24 * 3600 + hours! * 3600 + minutes! * 60 + seconds) * 1000;
  return date.getTime() + Math.round(fixed);
}

export async function devClock(db: Db, base: () => number = Date.now): Promise<DevClock> {
  let offset = 0;
  const read = async () => {
    const rows = await db.query<{ offset_ms: unknown }>('SELECT offset_ms FROM dev_clock');
    offset = Number(rows[0]?.offset_ms ?? 0);
  };
  await read();
  return {
    now: () => base() + offset,
    refresh: read,
    async advance(duration) {
      const current = base() + offset;
      const target = addDuration(current, duration);
      if (target === null || target < current) throw new RangeError(`not an ISO 8601 duration: ${duration}`);
      // Added in the database, so two instances advancing at once both count.
      const rows = await db.query<{ offset_ms: unknown }>(
        `INSERT INTO dev_clock (id, offset_ms) VALUES (true, $1)
         ON CONFLICT (id) DO UPDATE SET offset_ms = dev_clock.offset_ms + EXCLUDED.offset_ms
         RETURNING offset_ms`,
        [target - current],
      );
      offset = Number(rows[0]?.offset_ms ?? offset);
      return base() + offset;
    },
  };
}

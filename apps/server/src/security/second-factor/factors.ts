/**
 * A visitor's TOTP factor (migration 043): the secret sealed at rest (security/secret-box.ts), an
 * enrolment that waits for its first code, and the last time step a code matched, so that no code
 * is good twice.
 */
import { toMillis, type Db } from '../../db';
import { openSecret, sealSecret } from '../secret-box';
import { matchTotp, newTotpSecret } from '../totp';

export interface SecondFactor {
  secret: string;
  /** Null while the enrolment waits for its first code. */
  confirmedAt: number | null;
  lastStep: number | null;
}

interface FactorRow {
  secret: string;
  confirmed_at: unknown;
  last_step: unknown;
}

export async function findSecondFactor(db: Db, guid: string): Promise<SecondFactor | null> {
  const rows = await db.query<FactorRow>('SELECT secret, confirmed_at, last_step FROM second_factors WHERE guid = $1', [
    guid,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    secret: openSecret(row.secret),
    confirmedAt: row.confirmed_at === null ? null : toMillis(row.confirmed_at),
    lastStep: row.last_step === null ? null : toMillis(row.last_step),
  };
}

/** Whether sign-in and step-up ask for a code: only a confirmed factor counts. */
export async function hasSecondFactor(db: Db, guid: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM second_factors WHERE guid = $1 AND confirmed_at IS NOT NULL', [guid]);
  return rows.length > 0;
}

/**
 * A new secret waiting for its first code, replacing an earlier enrolment that was never confirmed
 * (an app scanned and lost); null when a confirmed factor is on (it is never replaced silently).
 */
export async function startEnrolment(db: Db, guid: string, now: number): Promise<string | null> {
  const secret = newTotpSecret();
  const rows = await db.query(
    `INSERT INTO second_factors (guid, secret, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (guid) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at, last_step = NULL
       WHERE second_factors.confirmed_at IS NULL
     RETURNING guid`,
    [guid, sealSecret(secret), now],
  );
  return rows.length ? secret : null;
}

/**
 * Takes the time step of `code` for `guid`'s factor: true once per step. The conditional UPDATE
 * is the guard, so two requests racing with the same code cannot both pass. `enrolling`: the
 * pending enrolment's first code, which confirms it; otherwise only a confirmed factor's codes.
 */
export async function takeTotpStep(
  db: Db,
  guid: string,
  code: string,
  now: number,
  options: { enrolling?: boolean } = {},
): Promise<boolean> {
  const factor = await findSecondFactor(db, guid);
  if (!factor || (factor.confirmedAt === null) !== (options.enrolling ?? false)) return false;
  const step = matchTotp(factor.secret, code, now, factor.lastStep);
  if (step === null) return false;
  const rows = await db.query(
    `UPDATE second_factors SET last_step = $2, confirmed_at = COALESCE(confirmed_at, $3)
      WHERE guid = $1 AND (last_step IS NULL OR last_step < $2) AND (confirmed_at IS NULL) = $4
      RETURNING guid`,
    [guid, step, now, options.enrolling ?? false],
  );
  return rows.length > 0;
}

/** Removes the factor, its backup codes and its open tickets; true when there was a factor. */
export async function removeSecondFactor(db: Db, guid: string): Promise<boolean> {
  await db.query('DELETE FROM second_factor_backup_codes WHERE guid = $1', [guid]);
  await db.query('DELETE FROM second_factor_tickets WHERE guid = $1', [guid]);
  const rows = await db.query('DELETE FROM second_factors WHERE guid = $1 RETURNING confirmed_at', [guid]);
  return rows.some((row) => (row as { confirmed_at: unknown }).confirmed_at !== null);
}

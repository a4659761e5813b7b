/**
 * Operators (issue 28): the people of the console, with a role (ROLE_PERMISSIONS) and, for owners
 * always, a TOTP second factor. Their password is hashed like visitors'; their TOTP secret is
 * sealed at rest (security/secret-box.ts). There is always at least one live owner once one exists.
 */
import { randomUUID } from 'node:crypto';
import type { Operator, OperatorRole } from '@foyer/api/admin';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { hashPassword } from '../../security/passwords';
import { openSecret, sealSecret } from '../../security/secret-box';
import { newTotpSecret } from '../../security/totp';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  created_at: string | number;
  last_login_at: string | number | null;
  disabled_at: string | number | null;
}

const COLUMNS =
  'id, email, name, role, password_hash, totp_secret, totp_last_step, created_at, last_login_at, disabled_at';
const millis = (value: string | number | null) => (value === null ? null : Number(value));

export const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp: row.totp_secret !== null,
  createdAt: Number(row.created_at),
  lastLoginAt: millis(row.last_login_at),
  disabledAt: millis(row.disabled_at),
});

/** The stored TOTP secret, opened. */
export const totpSecretOf = (row: OperatorRow): string | null =>
  row.totp_secret === null ? null : openSecret(row.totp_secret);

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
  return rows[0] ?? null;
}

export async function findOperator(db: Db, id: string, lock = false): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listOperators(db: Db): Promise<Operator[]> {
  return (await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators ORDER BY created_at, id`)).map(toOperator);
}

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  /** A second factor; owners always get one. A given secret (the demo's) is used as is. */
  totp?: boolean | string;
}

/** Makes an operator inside `tx`; answers it with its TOTP secret (shown once) or null. */
export async function createOperator(
  tx: Db,
  input: NewOperator,
  now: number,
): Promise<{ operator: Operator; totpSecret: string | null }> {
  if (await findOperatorByEmail(tx, input.email)) throw new ApiError('OPERATOR_EXISTS');
  const wantsTotp = input.role === 'owner' || (input.totp !== undefined && input.totp !== false);
  const totpSecret = typeof input.totp === 'string' ? input.totp : wantsTotp ? newTotpSecret() : null;
  const [row] = await tx.query<OperatorRow>(
    `INSERT INTO operators (id, email, name, role, password_hash, totp_secret, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      input.email.trim(),
      input.name.trim(),
      input.role,
      await hashPassword(input.password),
      totpSecret === null ? null : sealSecret(totpSecret),
      now,
    ],
  );
  return { operator: toOperator(row!), totpSecret };
}

/**
 * Changes an operator's role or disables them (ending their sessions), inside `tx`. Refuses to
 * leave no live owner (LAST_OWNER). Answers the operator before and after, or null if unknown.
 */
export async function updateOperator(
  tx: Db,
  id: string,
  change: { role?: OperatorRole | undefined; disabled?: boolean | undefined },
  now: number,
): Promise<{ before: Operator; after: Operator } | null> {
  // Every owner row locked: two owners demoting each other at once cannot both succeed.
  await tx.query(`SELECT id FROM operators WHERE role = 'owner' FOR UPDATE`);
  const row = await findOperator(tx, id, true);
  if (!row) return null;
  const role = change.role ?? row.role;
  const disabledAt =
    change.disabled === undefined ? millis(row.disabled_at) : change.disabled ? (millis(row.disabled_at) ?? now) : null;
  const leavesOwners = row.role === 'owner' && row.disabled_at === null && (role !== 'owner' || disabledAt !== null);
  if (leavesOwners) {
    const [others] = await tx.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM operators WHERE role = 'owner' AND disabled_at IS NULL AND id <> $1`,
      [id],
    );
    if (Number(others?.n ?? 0) === 0) throw new ApiError('LAST_OWNER');
  }
  if (role === 'owner' && row.totp_secret === null) throw new ApiError('OPERATOR_SECOND_FACTOR_MISSING');
  const [updated] = await tx.query<OperatorRow>(
    `UPDATE operators SET role = $2, disabled_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, role, disabledAt],
  );
  if (disabledAt !== null) await tx.query('DELETE FROM operator_sessions WHERE operator_id = $1', [id]);
  return { before: toOperator(row), after: toOperator(updated!) };
}

/**
 * Records a sign-in and the TOTP step it used, which is never accepted again: false when another
 * sign-in took that step (or a later one) first — two logins racing with one code get one session.
 */
export async function recordOperatorLogin(db: Db, id: string, step: number | null, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE operators SET last_login_at = $2, totp_last_step = COALESCE($3, totp_last_step)
      WHERE id = $1 AND ($3::bigint IS NULL OR totp_last_step IS NULL OR totp_last_step < $3) RETURNING id`,
    [id, now, step],
  );
  return rows.length > 0;
}

/**
 * Checking a second-factor code, throttled like a password (security/rate-limit.ts): the same
 * limits (deps.loginRateLimit), the same doubling delays after `perIdentifier` failures, counted
 * per account (the guid, hashed like a login identifier, in a key of its own) and per client
 * address. A right code forgives the account's failures; a refused attempt costs no check.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { clientAddressKey } from '../client-address';
import { tooManyAttempts } from '../http-throttle';
import { clearIdentifierFailures, releaseAttempt, reserveAttempt } from '../rate-limit';
import { spendBackupCode } from './backup-codes';
import { takeTotpStep } from './factors';

/** The login_attempts key of an account's code checks: apart from every password identifier's. */
const codeAttemptsKey = (guid: string) => createHash('sha256').update(`second-factor\n${guid}`, 'utf8').digest('hex');

const TOTP_CODE = /^\d{6}$/;

export type CodeKind = 'totp' | 'backup_code';

/**
 * Checks `code` for `guid`: 6 digits are a code from the app (each time step good once, ±1 step
 * of drift), anything else a backup code (spent). `enrolling`: the first code of a pending
 * enrolment, which confirms it; backup codes do not exist yet. Throws TOO_MANY_ATTEMPTS over the
 * limits and SECOND_FACTOR_CODE_INVALID for a code that does not pass.
 */
export async function checkSecondFactorCode(
  deps: AppDeps,
  request: Pick<FastifyRequest, 'ip'>,
  guid: string,
  code: string,
  options: { enrolling?: boolean } = {},
): Promise<CodeKind> {
  const now = deps.now();
  const keys = { identifier: codeAttemptsKey(guid), address: clientAddressKey(request) };
  const reserved = await reserveAttempt(deps.db, deps.loginRateLimit, keys, now);
  if ('wait' in reserved) throw tooManyAttempts(reserved.wait);
  const typed = code.trim();
  let kind: CodeKind | null = null;
  if (TOTP_CODE.test(typed)) {
    if (await takeTotpStep(deps.db, guid, typed, now, options)) kind = 'totp';
  } else if (!options.enrolling && (await spendBackupCode(deps.db, guid, typed, now))) {
    kind = 'backup_code';
  }
  if (kind === null) throw new ApiError('SECOND_FACTOR_CODE_INVALID');
  await releaseAttempt(deps.db, reserved.reservation);
  await clearIdentifierFailures(deps.db, keys.identifier);
  return kind;
}

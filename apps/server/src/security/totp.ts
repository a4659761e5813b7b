/**
 * RFC 6238 TOTP with `otpauth`, for both second factors: the operators' (issue 28) and the
 * visitors' (issue 31, security/second-factor/). SHA-1, 6 digits, 30 s, as every authenticator app
 * reads from an otpauth:// URL, accepting the step before and after for clock drift. A code is good
 * once: the caller stores the step it matched, and no earlier or equal step is accepted again (a
 * code seen over a shoulder cannot be replayed in its window).
 */
import { Secret, TOTP } from 'otpauth';

const DEFAULT_ISSUER = 'Foyer';
const PERIOD_S = 30;
/** One time step, in milliseconds. */
export const TOTP_STEP_MS = PERIOD_S * 1000;

const totpOf = (secret: string, label = 'operator', issuer = DEFAULT_ISSUER) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (base32, 160 bits). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * The otpauth:// URL an authenticator app scans (shown once, with the secret): `label` names the
 * account in the app (an address), `issuer` whose account it is (Foyer for operators, the service's
 * name for visitors).
 */
export const otpauthUrl = (secret: string, label: string, issuer = DEFAULT_ISSUER): string =>
  totpOf(secret, label, issuer).toString();

/**
 * The time step `code` matches at `now` (ms), or null. Steps at or before `lastStep` are refused.
 */
export function matchTotp(secret: string, code: string, now: number, lastStep: number | null): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for `now` (tests, the demo's documentation). */
export const totpCode = (secret: string, now: number): string => totpOf(secret).generate({ timestamp: now });

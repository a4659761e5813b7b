/**
 * Seamless sign-in tokens (issue 11, login CSRF through sso.gif): at login the server mints one
 * token per participating domain; `GET <domain>/ic/api/session/<token>/sso.gif` spends it once,
 * within a minute, on that domain only, and only for an image the minting widgets origin asked for
 * (its Referer). A bare session id, or a token an attacker minted for themselves and planted in
 * someone else's page, sets no cookie.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { hashSessionId } from './sessions';

export const SSO_TOKEN_LIFETIME_MS = 60_000;

function tokenHash(token: string): string {
  return createHash('sha256').update(`sso-token\n${token}`, 'utf8').digest('hex');
}

/** AES-256-GCM key derived from the token: whoever reads the table still lacks the session id. */
function sealKey(token: string): Buffer {
  return createHash('sha256').update(`sso-seal\n${token}`, 'utf8').digest();
}

function seal(token: string, sessionId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(sessionId, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(token: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** One token per domain, in the order of `domains`. */
export async function mintSsoTokens(
  db: Db,
  input: { sessionId: string; domains: readonly string[]; mintedOrigin: string; now: number },
): Promise<string[]> {
  const tokens: string[] = [];
  for (const domain of input.domains) {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sso_tokens (token_hash, session_id_hash, sealed_session, domain, minted_origin, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        tokenHash(token),
        hashSessionId(input.sessionId),
        seal(token, input.sessionId),
        domain,
        input.mintedOrigin,
        input.now + SSO_TOKEN_LIFETIME_MS,
      ],
    );
    tokens.push(token);
  }
  return tokens;
}

/**
 * Spends the token (one conditional UPDATE: it works once however many requests race) and returns
 * its session id when it was minted for one of `servedAs` (the origins this server answers as)
 * and the request came from the minting origin; null otherwise.
 */
export async function spendSsoToken(
  db: Db,
  input: { token: string; servedAs: readonly string[]; refererOrigin: string | null; now: number },
): Promise<string | null> {
  const rows = await db.query<{ sealed_session: string; domain: string; minted_origin: string }>(
    `UPDATE sso_tokens SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING sealed_session, domain, minted_origin`,
    [tokenHash(input.token), input.now],
  );
  const row = rows[0];
  if (!row) return null;
  if (!input.servedAs.includes(row.domain)) return null;
  if (input.refererOrigin !== row.minted_origin) return null;
  return unseal(input.token, row.sealed_session);
}

export async function pruneSsoTokens(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM sso_tokens WHERE expires_at < $1', [now - SSO_TOKEN_LIFETIME_MS]);
}

/**
 * Secure mode (settings.secureMode, identity spec §5): editing the profile needs the secure
 * session the login answer may carry (`secureSession`: id and expiry), kept beside the main
 * session under `evolok.secureSession`; without a live one: 'Session has expired.'
 */
import * as z from 'zod/mini';
import type { SecureSession, SessionState } from './sessionSlice';
import { SECURE_SESSION_STORAGE_KEY, type SessionStores } from './sessionStorage';

export { SECURE_SESSION_STORAGE_KEY };

const secureSessionSchema = z.object({ sessionId: z.string().check(z.minLength(1)), expiry: z.number() });

function read(store: Storage | null): SecureSession | null {
  try {
    const text = store?.getItem(SECURE_SESSION_STORAGE_KEY);
    if (!text) return null;
    const parsed = secureSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The frame's own proof first (memory, also where storage is refused), then the stored one. */
export function liveSecureSession(
  session: SessionState,
  stores: SessionStores,
  now: number = Date.now(),
): SecureSession | null {
  const secure = session.secureSession ?? read(stores.tab) ?? read(stores.persistent);
  return secure && secure.expiry > now ? secure : null;
}

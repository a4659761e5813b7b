/**
 * Secure mode (settings.secureMode, identity spec §5): editing the profile needs the secure
 * session the login answer may carry (`secureSession`: id and expiry), kept beside the main
 * session under `evolok.secureSession`; without a live one: 'Session has expired.'
 */
import * as z from 'zod/mini';
import { SECURE_SESSION_STORAGE_KEY, type SessionStores } from '../../store/sessionStorage';

export { SECURE_SESSION_STORAGE_KEY };

const secureSessionSchema = z.object({ sessionId: z.string().check(z.minLength(1)), expiry: z.number() });
export type SecureSession = z.infer<typeof secureSessionSchema>;

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

export function liveSecureSession(stores: SessionStores, now: number = Date.now()): SecureSession | null {
  const session = read(stores.tab) ?? read(stores.persistent);
  return session && session.expiry > now ? session : null;
}

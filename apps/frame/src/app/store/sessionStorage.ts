/**
 * Where the session lives in the frame (identity spec §4): namespace `evolok`; tab storage
 * (sessionStorage) when the server marked the session a browser-session one (`sessionCookie`),
 * persistent storage (localStorage) otherwise, where the browser grants them. Storage only
 * persists the session: the page's frames tell one another over their channel (siblings.ts,
 * sharedTopics.ts), also where the browser refuses third-party storage (then memory is all).
 */
import * as z from 'zod/mini';

export const STORAGE_NAMESPACE = 'evolok';
export const SESSION_STORAGE_KEY = `${STORAGE_NAMESPACE}.session`;
/** The secure session of the last password login (secure mode): tab storage only, it is short-lived. */
export const SECURE_SESSION_STORAGE_KEY = `${STORAGE_NAMESPACE}.secureSession`;

export const storedSessionSchema = z.object({
  guid: z.string().check(z.minLength(1)),
  sessionId: z.string().check(z.minLength(1)),
  /** Idle expiry the server gave, epoch ms (informative: the server decides). */
  expiry: z.number(),
  sessionCookie: z.boolean(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** What the frame keeps of a session answer (login, SSO refresh, verification). */
export function storedSessionFrom(answer: {
  guid: string;
  mainSession: { sessionId: string; expiry: number; sessionCookie: boolean };
}): StoredSession {
  const { sessionId, expiry, sessionCookie } = answer.mainSession;
  return { guid: answer.guid, sessionId, expiry, sessionCookie };
}

export interface SessionStores {
  /** Tab storage (sessionStorage). */
  tab: Storage | null;
  /** Persistent storage (localStorage). */
  persistent: Storage | null;
}

export function storageAvailable(stores: SessionStores): boolean {
  return !!(stores.tab || stores.persistent);
}

/** The browser's stores, or null for each one the browser refuses to give. */
export function browserStores(win: Window): SessionStores {
  const get = (name: 'sessionStorage' | 'localStorage'): Storage | null => {
    try {
      return win[name];
    } catch {
      return null;
    }
  };
  return { tab: get('sessionStorage'), persistent: get('localStorage') };
}

export function storeFor(stores: SessionStores, sessionCookie: boolean): Storage | null {
  return sessionCookie ? stores.tab : stores.persistent;
}

function attempt(action: () => void): void {
  try {
    action();
  } catch {
    // Quota exceeded or storage revoked: the session stays in memory for this frame.
  }
}

export function saveSession(stores: SessionStores, session: StoredSession): void {
  const target = storeFor(stores, session.sessionCookie);
  const other = storeFor(stores, !session.sessionCookie);
  attempt(() => other?.removeItem(SESSION_STORAGE_KEY));
  attempt(() => target?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session)));
}

export function saveSecureSession(stores: SessionStores, secure: { sessionId: string; expiry: number }): void {
  attempt(() => stores.tab?.setItem(SECURE_SESSION_STORAGE_KEY, JSON.stringify(secure)));
}

export function clearSession(stores: SessionStores): void {
  attempt(() => stores.tab?.removeItem(SECURE_SESSION_STORAGE_KEY));
  attempt(() => stores.tab?.removeItem(SESSION_STORAGE_KEY));
  attempt(() => stores.persistent?.removeItem(SESSION_STORAGE_KEY));
}

function readFrom(store: Storage | null): StoredSession | null {
  let text: string | null;
  try {
    text = store?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored session: tab storage first (it is the more specific one), then persistent. */
export function readSession(stores: SessionStores): StoredSession | null {
  return readFrom(stores.tab) ?? readFrom(stores.persistent);
}

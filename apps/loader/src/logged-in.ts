/**
 * The logged-in flag of the identity spec's storage keys (§3: namespace 'evolok'; issue 32, item
 * 15): whether a visitor is logged in, kept in the host page's own storage so the page — and, by
 * the first-party cookie, its server (to cache pages for anonymous readers) — can tell without
 * loading a frame. Updated from the events the frames publish: login.success and session.refresh
 * (its `loggedIn`) set it, logout.action and session.expired clear it. It is a hint, no secret and
 * no proof: it names no account and opens nothing; the frames still decide with the session.
 * Events arrive only from a connected frame, so this travels in penpal.js, not loader.js.
 */
export const LOGGED_IN_KEY = 'evolok.loggedIn';
export const LOGGED_IN_COOKIE = 'evolok_loggedIn';

/** The flag an event sets (true/false), or null when the event says nothing about it. */
function flagOf(name: unknown, payload: Record<string, unknown>): boolean | null {
  if (name === 'login.success') return true;
  if (name === 'logout.action' || name === 'session.expired') return false;
  if (name === 'session.refresh' && typeof payload.loggedIn === 'boolean') return payload.loggedIn;
  return null;
}

/** Keeps the flag an event (already checked as an envelope) sets: 'true'/'false' and the cookie while true. */
export function keepLoggedIn(event: { name: unknown; payload: Record<string, unknown> }): void {
  const flag = flagOf(event.name, event.payload);
  if (flag === null) return;
  try {
    localStorage.setItem(LOGGED_IN_KEY, String(flag));
  } catch {
    // Storage refused (a privacy mode): the cookie still tells.
  }
  // A browser-session cookie: never outlives the browser, whatever the session's own lifetime.
  document.cookie = `${LOGGED_IN_COOKIE}=${flag ? 'true; ' : '; max-age=0; '}path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/**
 * Sessions across sites (identity spec §4): seamless sign-in, and whether the shared SSO cookie
 * can work in this frame at all.
 *
 * - The SSO cookie (`evolok_sso`, `__Host-evolok_sso` over https) is the identity server's own,
 *   HttpOnly: set by `sso.gif` with a single-use token, cleared by `sso_logout.gif`. The frame
 *   never reads or writes it (issue 24: a cookie any script on a shared cookie domain could write
 *   would let a sibling site plant a session for the frame to adopt); SSO refresh asks the server
 *   (`GET /session/sso`), which checks it (features/session/ssoRefresh.ts).
 * - Seamless sign-in: after login or logout, every participating domain named in the response's
 *   SSO domains header (the identity server's own origin first) gets an image request
 *   (`/ic/api/session/{token}/sso.gif` or `/ic/api/session/sso_logout.gif`); we wait until each
 *   one loaded, failed or timed out. The token is that domain's single-use seamless sign-in token
 *   from the login answer's SSO tokens header, never the session id (login CSRF); a server that
 *   sends no tokens header gets the session id, as before. The images send the widgets origin as
 *   their Referer (the server checks it) although the frame page itself sends none.
 *
 * Browsers that partition or block third-party cookies keep this from working between unrelated
 * top-level sites unless the visitor grants storage access (see features/session).
 * This module is its own chunk (vite.config.ts): only a login or logout loads it.
 */
import { foyerError, SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER, type FoyerError } from '@foyer/api';
import type { PageSettings } from '@foyer/protocol';

/** Resolves when the image loaded, failed or took too long: seamless sign-in never blocks forever. */
export type ImageLoader = (url: string) => Promise<void>;

/** `document.cookie`, injectable. */
export interface CookieJar {
  get(): string;
  set(cookie: string): void;
}

export interface SsoServices {
  cookies: CookieJar;
  /** `navigator.cookieEnabled`. */
  cookieEnabled: boolean;
  /** https: the cookie must be `SameSite=None; Secure` to be usable in a third-party frame. */
  secure: boolean;
  /** The frame's own origin (the widgets origin): only an identity server there gets its cookies. */
  origin: string;
  loadImage: ImageLoader;
}

/** How long one participating domain may take. */
export const SEAMLESS_TIMEOUT_MS = 5000;

export function browserSso(win: Window): SsoServices {
  const doc = win.document;
  return {
    cookies: {
      get: () => {
        try {
          return doc.cookie;
        } catch {
          return ''; // sandboxed or opaque origin: no cookies
        }
      },
      set: (cookie) => {
        try {
          doc.cookie = cookie;
        } catch {
          // Same: nothing to write to.
        }
      },
    },
    cookieEnabled: win.navigator.cookieEnabled,
    secure: win.location.protocol === 'https:',
    origin: win.location.origin,
    loadImage: (url) =>
      new Promise((resolve) => {
        const image = new (win as Window & typeof globalThis).Image();
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, SEAMLESS_TIMEOUT_MS);
        image.onload = image.onerror = done;
        // The frame page sends no Referer (its no-referrer policy); the server checks that the
        // image was asked for by the widgets origin, so this request names the origin, no more.
        image.referrerPolicy = 'origin';
        image.src = url;
      }),
  };
}

function readCookie(jar: CookieJar, name: string): string | null {
  for (const part of jar.get().split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/** The probe's own cookie: written and read back at once, never the SSO cookie. */
export const SSO_PROBE_COOKIE = 'foyer_sso_probe';

/**
 * Whether a cookie of the SSO cookie's kind (SameSite=None; Secure over https, Lax otherwise) lives
 * in this frame: false when cookies are disabled or refused to a third-party frame. Then "no shared
 * session" says nothing about the session and SSO refresh must not log anybody out.
 */
export function cookiesUsable(sso: SsoServices): boolean {
  if (!sso.cookieEnabled) return false;
  const site = sso.secure ? '; SameSite=None; Secure' : '; SameSite=Lax';
  sso.cookies.set(`${SSO_PROBE_COOKIE}=1; Path=/${site}`);
  const usable = readCookie(sso.cookies, SSO_PROBE_COOKIE) === '1';
  sso.cookies.set(`${SSO_PROBE_COOKIE}=; Path=/; Max-Age=0${site}`);
  return usable;
}

/** The participating domains, or null when the server sent no SSO domains header at all. */
export function ssoDomains(headers: Headers | undefined): string[] | null {
  const value = headers?.get(SSO_DOMAINS_HEADER);
  if (value === null || value === undefined) return null;
  return value
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
}

/** The seamless sign-in tokens, one per domain in header order, or null when the server sent none. */
export function ssoTokens(headers: Headers | undefined): string[] | null {
  const value = headers?.get(SSO_TOKENS_HEADER);
  if (value === null || value === undefined) return null;
  return value.split(',').map((token) => token.trim());
}

/** The image URL for one domain (`a.example`, or an origin `https://a.example`); null when unusable. */
export function ssoImageUrl(domain: string, sessionId: string | null, secure = true): string | null {
  let origin: string;
  try {
    origin = new URL(/^https?:\/\//.test(domain) ? domain : `${secure ? 'https' : 'http'}://${domain}`).origin;
  } catch {
    return null;
  }
  return sessionId
    ? `${origin}/ic/api/session/${encodeURIComponent(sessionId)}/sso.gif`
    : `${origin}/ic/api/session/sso_logout.gif`;
}

/**
 * Seamless sign-in (a session id) or sign-out (null) on every participating domain (or only the
 * one on `onlyOrigin`); resolves when all finished or failed. Returns why nothing was done: 'cookies are disabled', or no SSO
 * domains header (a backend without SSO: skipped quietly).
 */
export async function seamlessSignIn(
  sso: SsoServices,
  headers: Headers | undefined,
  sessionId: string | null,
  onlyOrigin?: string,
): Promise<FoyerError | null> {
  if (!sso.cookieEnabled) return foyerError('COOKIES_DISABLED');
  const domains = ssoDomains(headers);
  if (!domains) return foyerError('SEAMLESS_DOMAINS_NOT_FOUND');
  const tokens = sessionId ? ssoTokens(headers) : null;
  const urls = domains.map((domain, index) => {
    if (onlyOrigin && ssoImageUrl(domain, null, sso.secure)?.startsWith(`${onlyOrigin}/`) !== true) return null;
    if (!sessionId || !tokens) return ssoImageUrl(domain, sessionId, sso.secure);
    // With tokens, a domain without its own token gets no request at all.
    const token = tokens[index];
    return token ? ssoImageUrl(domain, token, sso.secure) : null;
  });
  await Promise.all(urls.map((url) => (url ? sso.loadImage(url) : undefined)));
  return null;
}

/**
 * After login (a session) or logout (null): seamless sign-in on every participating domain,
 * awaited (identity spec §4); without seamless mode, on the identity server's own origin only (the
 * SSO cookie SSO refresh reads). A problem is logged, never shown: the login or logout itself
 * succeeded.
 */
export async function shareSession(
  sso: SsoServices,
  settings: Pick<PageSettings, 'enableSSOMode' | 'enableSeamlessMode'>,
  headers: Headers | undefined,
  session: { sessionId: string } | null,
  ownOrigin?: string,
): Promise<void> {
  if (!settings.enableSSOMode) return;
  const only = settings.enableSeamlessMode ? undefined : ownOrigin;
  if (!settings.enableSeamlessMode && !only) return;
  const problem = await seamlessSignIn(sso, headers, session?.sessionId ?? null, only);
  if (problem?.code === 'COOKIES_DISABLED') console.warn(`Foyer: seamless sign-in skipped: ${problem.message}`);
}

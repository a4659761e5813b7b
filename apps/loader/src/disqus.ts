/**
 * The comment-system sign-on bridge (identity spec §4, §9), loader part disqus.js: fetched only by
 * pages whose settings name a Disqus site (`"disqus": { "site": "…", "apiKey": "…" }`), so pages
 * without comments pay nothing for it.
 *
 * On login or registration it asks a widget frame for Disqus's `remote_auth_s3` of the visitor's
 * session (the frame holds the session and asks the server; only the signed value, public by
 * Disqus's design, comes back), keeps it in the host cookie `evolok_disqus` for the token's expiry
 * plus 90 minutes, and resets the comment thread with it (`DISQUS.reset`). On logout or an expired
 * session it clears the cookie and resets with an empty value: the thread shows a guest. Disqus's
 * embed may arrive late (lazily loaded threads): the bridge looks for it every 3 s, and a reset
 * that fails is tried again every 1.5 s.
 *
 * A signed-in visitor's first load of the thread carries the sign-on when the embed has not read
 * the page's `disqus_config` yet: the bridge wraps it at once with the stored value, and does not
 * reset a thread that already loaded with the value it would reset to. With the `embed` setting
 * the bridge loads Disqus's embed itself, after that wrap, so the first load is always signed in.
 */
import type { CommentAuth } from '@foyer/protocol/light';
import type { Frame, Handler } from './frames';
import { isObject, type Settings } from './settings';

/** The comment-system sign-on cookie of the spec's storage keys (namespace evolok, as `evolok_sso`). */
export const DISQUS_COOKIE = 'evolok_disqus';
/** Identity spec §9: the cookie outlives the token by 90 minutes. */
export const COOKIE_GRACE_MS = 90 * 60_000;
/** Identity spec §9: how often the bridge looks for the comment system, and retries a failed reset. */
export const POLL_MS = 3000;
export const RETRY_MS = 1500;
/** A thread that has not appeared after 5 minutes is not coming (an error page, a blocked script). */
export const MAX_POLLS = 100;
export const MAX_RETRIES = 10;
/** Frames adopt a new session a moment after login.success: asked again this many times. */
export const MAX_ASKS = 3;

const SIGN_IN = ['login.success', 'registration.success', 'socialLogin.success', 'socialRegister.success'];
const SIGN_OUT = ['logout.action', 'session.expired'];

/** What the loader hands the part (its own module state: the part is a separate bundle). */
export interface BridgeHost {
  frames: Frame[];
  handlers: Map<string, Set<Handler>>;
  settings: Settings;
}

export interface DisqusSettings {
  /** The Disqus site's short name, as the server's `disqusSites` know it. */
  site: string;
  /** The site's public API key, Disqus's `this.page.api_key`. */
  apiKey: string;
  /**
   * Disqus's embed script (https://<site>.disqus.com/embed.js), for the bridge to load once it
   * has put the visitor's sign-on in the page's config; unset: the page loads the embed itself.
   */
  embed?: string;
}

/** Disqus's `this` in `disqus_config` and in `DISQUS.reset`'s config. */
interface DisqusConfigThis {
  page: Record<string, unknown>;
}
interface DisqusGlobal {
  reset(options: { reload: boolean; config: (this: DisqusConfigThis) => void }): void;
}
export type BridgeWindow = Window & { DISQUS?: DisqusGlobal; disqus_config?: unknown };

export function readDisqusSettings(value: unknown): DisqusSettings | null {
  if (
    isObject(value) &&
    typeof value.site === 'string' &&
    /^[\w-]{1,100}$/.test(value.site) &&
    typeof value.apiKey === 'string' &&
    /^[\w-]{1,200}$/.test(value.apiKey) &&
    (value.embed === undefined || (typeof value.embed === 'string' && value.embed.length <= 500))
  )
    return { site: value.site, apiKey: value.apiKey, ...(value.embed ? { embed: value.embed } : {}) };
  return null;
}

/** The embed's address: https, or the page's own origin (a local stand-in); else null. */
export function embedUrl(value: string, doc: Document): string | null {
  try {
    const url = new URL(value, doc.baseURI);
    return url.protocol === 'https:' || url.origin === doc.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Disqus's `<base64 message> <hex HMAC-SHA1> <timestamp>`, checked before it is stored or used. */
export function isCommentAuth(value: unknown): value is CommentAuth {
  return (
    isObject(value) &&
    typeof value.token === 'string' &&
    value.token.length <= 4096 &&
    /^[A-Za-z0-9+/]+={0,2} [0-9a-f]{40} \d{1,12}$/.test(value.token) &&
    typeof value.expiresAt === 'number' &&
    Number.isFinite(value.expiresAt)
  );
}

/** Disqus takes a value for two hours after its timestamp; a few minutes' margin for the thread's load. */
const ACCEPTED_MS = 2 * 60 * 60_000 - 5 * 60_000;

/** Whether Disqus still accepts the stored value `token` (by its timestamp). */
export function accepted(token: string, now: number): boolean {
  const timestamp = Number(token.split(' ')[2]);
  return Number.isFinite(timestamp) && timestamp > 0 && now - timestamp * 1000 < ACCEPTED_MS;
}

export function readCookie(doc: Document): string {
  for (const part of doc.cookie.split('; ')) {
    const [name, ...rest] = part.split('=');
    if (name === DISQUS_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return '';
      }
    }
  }
  return '';
}

/** The host's own cookie, for the token expiry plus 90 minutes; an empty token clears it. */
export function writeCookie(doc: Document, token: string, expiresAt: number, now: number): void {
  const seconds = token ? Math.max(0, Math.floor((expiresAt + COOKIE_GRACE_MS - now) / 1000)) : 0;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${DISQUS_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${seconds}; SameSite=Lax${secure}`;
}

/** Starts the bridge; answers a stop function (tests, or a page that drops it). */
export function startCommentBridge(host: BridgeHost, win: BridgeWindow = window): () => void {
  const disqus = readDisqusSettings(host.settings.disqus);
  if (!disqus) {
    console.warn('Foyer: the disqus setting needs a site and an apiKey; the comment bridge is off');
    return () => {};
  }
  const doc = win.document;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Bumped by every sign-in and sign-out: an answer to an older one is dropped. */
  let seq = 0;
  /** The sign-on the thread should have. */
  let wanted = readCookie(doc);
  /** The sign-on the thread last loaded with, as far as the bridge saw (null: unknown). */
  let loadedWith: string | null = null;

  /** The page's own configuration (identifier, url, title…) with the visitor's sign-on. */
  const withSignOn = (pageConfig: unknown, token: string) =>
    function (this: DisqusConfigThis) {
      if (typeof pageConfig === 'function') (pageConfig as (this: DisqusConfigThis) => void).call(this);
      this.page.remote_auth_s3 = token;
      this.page.api_key = disqus.apiKey;
      loadedWith = token;
    };

  const pageConfig = win.disqus_config;
  const wrapped = function (this: DisqusConfigThis) {
    withSignOn(pageConfig, wanted).call(this);
  };
  // The embed has not run yet: its first load reads the wrapped config, with the sign-on wanted then.
  if (!win.DISQUS) {
    win.disqus_config = wrapped;
    const src = disqus.embed === undefined ? null : embedUrl(disqus.embed, doc);
    if (src) {
      const script = doc.createElement('script');
      script.async = true;
      script.src = src;
      doc.head.appendChild(script);
    } else if (disqus.embed !== undefined)
      console.warn('Foyer: the disqus embed must be an https URL or on the page’s origin');
  }

  /** Resets the thread with `token` once the comment system is there, retrying a failed reset. */
  const resetThread = (token: string) => {
    clearTimeout(timer);
    wanted = token;
    let polls = 0;
    let retries = 0;
    const attempt = () => {
      if (stopped) return;
      const thread = win.DISQUS;
      if (!thread) {
        if (++polls <= MAX_POLLS) timer = setTimeout(attempt, POLL_MS);
        return;
      }
      // Its first load (through the wrapped config) already had this sign-on: no second load.
      if (loadedWith === token) return;
      try {
        // The page's config as it is now (a page may change it), not the wrapper around the first one.
        const current = win.disqus_config === wrapped ? pageConfig : win.disqus_config;
        thread.reset({ reload: true, config: withSignOn(current, token) });
      } catch (error) {
        loadedWith = null;
        if (++retries <= MAX_RETRIES) timer = setTimeout(attempt, RETRY_MS);
        else console.error('Foyer: the comment thread could not be reset', error);
      }
    };
    attempt();
  };

  /** The first frame that answers a valid value for the site (frames without a session answer null). */
  const askFrames = async (): Promise<CommentAuth | null> => {
    for (const frame of [...host.frames]) {
      try {
        const answer: unknown = await frame.remote?.commentAuth(disqus.site);
        if (isCommentAuth(answer)) return answer;
      } catch {
        // The frame went away (a modal closing after login.success), or is older: ask the next.
      }
    }
    return null;
  };

  const signIn = async () => {
    const mine = ++seq;
    for (let ask = 0; ask < MAX_ASKS; ask++) {
      if (ask) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      const answer = await askFrames();
      if (mine !== seq || stopped) return;
      if (answer) {
        writeCookie(doc, answer.token, answer.expiresAt, Date.now());
        return resetThread(answer.token);
      }
    }
  };

  const signOut = () => {
    seq++;
    writeCookie(doc, '', 0, Date.now());
    resetThread('');
  };

  const listeners: [string, Handler][] = [
    ...SIGN_IN.map((name): [string, Handler] => [name, () => void signIn()]),
    ...SIGN_OUT.map((name): [string, Handler] => [name, signOut]),
  ];
  for (const [name, handler] of listeners) {
    if (!host.handlers.has(name)) host.handlers.set(name, new Set());
    host.handlers.get(name)!.add(handler);
  }

  // A page opened while signed in: the stored value signs the thread in at once. Once a frame is
  // connected its answer decides: no session (ended, expired, or not kept where the browser
  // refuses storage) signs the thread out; a session renews the cookie, and signs the thread in
  // when nothing (or nothing Disqus still accepts) was stored.
  const stored = wanted;
  if (stored) resetThread(stored);
  const mine = seq;
  void Promise.race(host.frames.map((frame) => frame.ready)).then(async () => {
    if (mine !== seq) return;
    const answer = await askFrames();
    if (mine !== seq || stopped) return;
    if (!answer) {
      if (stored) signOut();
      return;
    }
    writeCookie(doc, answer.token, answer.expiresAt, Date.now());
    if (!accepted(stored, Date.now())) resetThread(answer.token);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const [name, handler] of listeners) host.handlers.get(name)?.delete(handler);
  };
}

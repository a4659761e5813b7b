// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_GRACE_MS,
  DISQUS_COOKIE,
  MAX_POLLS,
  POLL_MS,
  readCookie,
  RETRY_MS,
  startCommentBridge,
  writeCookie,
  type BridgeHost,
  type BridgeWindow,
} from './disqus';
import type { Frame, Handler } from './frames';

const TOKEN = 'eyJpZCI6ImcxIn0= 0123456789abcdef0123456789abcdef01234567 1700000000';
const SETTINGS = { disqus: { site: 'foyer-demo', apiKey: 'demo-public-key' } };

const win = window as BridgeWindow;

/** A connected frame whose commentAuth answers `answer` (null: no session). */
function frame(answer: () => unknown): Frame {
  const remote = { commentAuth: vi.fn(async () => answer()) };
  return { remote, ready: Promise.resolve(remote) } as unknown as Frame;
}

function host(frames: Frame[] = []): BridgeHost {
  return { frames, handlers: new Map(), settings: SETTINGS };
}

function fire(bridge: BridgeHost, name: string) {
  for (const handler of bridge.handlers.get(name) ?? []) (handler as Handler)({}, name);
}

/** What DISQUS.reset's config sets on Disqus's `this`. */
function configOf(reset: ReturnType<typeof vi.fn>, call = -1): Record<string, unknown> {
  const options = reset.mock.calls.at(call)![0] as { reload: boolean; config: (this: unknown) => void };
  expect(options.reload).toBe(true);
  const that = { page: {} as Record<string, unknown> };
  options.config.call(that);
  return that.page;
}

const clearCookie = () => (document.cookie = `${DISQUS_COOKIE}=; path=/; max-age=0`);

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  clearCookie();
  delete win.DISQUS;
  delete win.disqus_config;
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  clearCookie();
});

describe('the comment-system cookie', () => {
  it('lives for the token expiry plus 90 minutes and reads back the value with its spaces', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeCookie(document, TOKEN, 1_000_000 + 2 * 60 * 60_000, 1_000_000);
    expect(set).toHaveBeenCalledWith(
      `${DISQUS_COOKIE}=${encodeURIComponent(TOKEN)}; path=/; max-age=${(2 * 60 * 60_000 + COOKIE_GRACE_MS) / 1000}; SameSite=Lax`,
    );
    set.mockRestore();
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    expect(readCookie(document)).toBe(TOKEN);
  });

  it('is cleared by an empty token', () => {
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    writeCookie(document, '', 0, Date.now());
    expect(readCookie(document)).toBe('');
  });
});

describe('the comment-system bridge', () => {
  it('on login stores the frame’s value and resets the thread with it and the page’s own config', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    win.disqus_config = function (this: { page: Record<string, unknown> }) {
      this.page.identifier = 'story-1';
    };
    let session: unknown = null;
    const bridge = host([frame(() => session)]);
    stop = startCommentBridge(bridge, win);
    await vi.advanceTimersByTimeAsync(0);
    // Anonymous at first: nothing stored, the thread is left alone.
    expect(reset).not.toHaveBeenCalled();

    session = { token: TOKEN, expiresAt: Date.now() + 60_000 };
    fire(bridge, 'login.success');
    await vi.advanceTimersByTimeAsync(0);
    expect(readCookie(document)).toBe(TOKEN);
    expect(configOf(reset)).toEqual({ identifier: 'story-1', remote_auth_s3: TOKEN, api_key: 'demo-public-key' });
  });

  it('on logout clears the cookie and resets with an empty value', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    const bridge = host([frame(() => ({ token: TOKEN, expiresAt: Date.now() + 60_000 }))]);
    stop = startCommentBridge(bridge, win);
    await vi.advanceTimersByTimeAsync(0);
    expect(configOf(reset).remote_auth_s3).toBe(TOKEN);

    fire(bridge, 'logout.action');
    expect(readCookie(document)).toBe('');
    expect(configOf(reset).remote_auth_s3).toBe('');
  });

  it('a page opened signed in: the stored value at once, renewed without a second reset', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    const stored = TOKEN.replace(/\d+$/, String(Math.floor(Date.now() / 1000) - 60));
    writeCookie(document, stored, Date.now() + 60_000, Date.now());
    const renewed = TOKEN.replace(/\d+$/, String(Math.floor(Date.now() / 1000)));
    const bridge = host([frame(() => ({ token: renewed, expiresAt: Date.now() + 60_000 }))]);
    stop = startCommentBridge(bridge, win);
    expect(configOf(reset).remote_auth_s3).toBe(stored);
    await vi.advanceTimersByTimeAsync(0);
    expect(readCookie(document)).toBe(renewed);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('a page opened with a stored value the frames no longer back signs the thread out', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    const bridge = host([frame(() => null)]);
    stop = startCommentBridge(bridge, win);
    expect(configOf(reset).remote_auth_s3).toBe(TOKEN);
    await vi.advanceTimersByTimeAsync(0);
    expect(readCookie(document)).toBe('');
    expect(configOf(reset).remote_auth_s3).toBe('');
  });

  it('a stored value Disqus no longer accepts is replaced by the frame’s', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    // TOKEN's timestamp is from 2023: long past Disqus's two hours.
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    const fresh = TOKEN.replace(/\d+$/, String(Math.floor(Date.now() / 1000)));
    stop = startCommentBridge(host([frame(() => ({ token: fresh, expiresAt: Date.now() + 60_000 }))]), win);
    await vi.advanceTimersByTimeAsync(0);
    expect(reset).toHaveBeenCalledTimes(2);
    expect(configOf(reset).remote_auth_s3).toBe(fresh);
  });

  it('looks for the comment system every 3 s until it appears', async () => {
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    const reset = vi.fn();
    stop = startCommentBridge(host(), win);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    win.DISQUS = { reset };
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(reset).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('gives up looking after MAX_POLLS polls', async () => {
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    stop = startCommentBridge(host(), win);
    await vi.advanceTimersByTimeAsync(POLL_MS * MAX_POLLS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retries a failed reset every 1.5 s', async () => {
    writeCookie(document, TOKEN, Date.now() + 60_000, Date.now());
    let failures = 2;
    const reset = vi.fn(() => {
      if (failures-- > 0) throw new Error('thread not ready');
    });
    win.DISQUS = { reset };
    stop = startCommentBridge(host(), win);
    expect(reset).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(reset).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reset).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(reset).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 4);
    expect(reset).toHaveBeenCalledTimes(3);
  });

  it('asks again 1.5 s later when no frame has the new session yet, and skips frames that fail', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    let adopted = false;
    const closing = frame(() => {
      throw new Error('connection destroyed');
    });
    const bridge = host([closing, frame(() => (adopted ? { token: TOKEN, expiresAt: Date.now() + 1 } : null))]);
    stop = startCommentBridge(bridge, win);
    await vi.advanceTimersByTimeAsync(0);
    fire(bridge, 'login.success');
    await vi.advanceTimersByTimeAsync(0);
    expect(reset).not.toHaveBeenCalled();
    adopted = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(configOf(reset).remote_auth_s3).toBe(TOKEN);
  });

  it('refuses what is not Disqus’s signed value', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    const bridge = host([frame(() => ({ token: '<img src=x onerror=alert(1)>', expiresAt: Date.now() + 60_000 }))]);
    stop = startCommentBridge(bridge, win);
    fire(bridge, 'login.success');
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(bridge.frames[0]!.remote!.commentAuth).toHaveBeenCalledWith('foyer-demo');
    expect(reset).not.toHaveBeenCalled();
    expect(readCookie(document)).toBe('');
  });

  it('a logout overtakes a slower login', async () => {
    const reset = vi.fn();
    win.DISQUS = { reset };
    let release: () => void = () => {};
    const bridge = host([
      frame(async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { token: TOKEN, expiresAt: Date.now() + 60_000 };
      }),
    ]);
    bridge.frames[0]!.ready = new Promise(() => {});
    stop = startCommentBridge(bridge, win);
    fire(bridge, 'login.success');
    await vi.advanceTimersByTimeAsync(0);
    fire(bridge, 'logout.action');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(readCookie(document)).toBe('');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(configOf(reset).remote_auth_s3).toBe('');
  });

  it('a page opened signed in before the embed ran: its first load carries the sign-on, and no reset follows', async () => {
    const stored = TOKEN.replace(/\d+$/, String(Math.floor(Date.now() / 1000) - 60));
    writeCookie(document, stored, Date.now() + 60_000, Date.now());
    win.disqus_config = function (this: { page: Record<string, unknown> }) {
      this.page.identifier = 'story-1';
    };
    const renewed = TOKEN.replace(/\d+$/, String(Math.floor(Date.now() / 1000)));
    const bridge = host([frame(() => ({ token: renewed, expiresAt: Date.now() + 60_000 }))]);
    stop = startCommentBridge(bridge, win);
    // The embed arrives and loads the thread with the page's config, as Disqus's embed does.
    const reset = vi.fn();
    win.DISQUS = { reset };
    const first = { page: {} as Record<string, unknown> };
    (win.disqus_config as (this: unknown) => void).call(first);
    expect(first.page).toEqual({ identifier: 'story-1', remote_auth_s3: stored, api_key: 'demo-public-key' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(readCookie(document)).toBe(renewed);
    expect(reset).not.toHaveBeenCalled();

    // Later changes still reset it, with the page's own config (not the bridge's wrapper).
    fire(bridge, 'logout.action');
    expect(configOf(reset)).toEqual({ identifier: 'story-1', remote_auth_s3: '', api_key: 'demo-public-key' });
  });

  it('a guest page before the embed ran: the first load is a guest, and a login resets it', async () => {
    let session: unknown = null;
    const bridge = host([frame(() => session)]);
    stop = startCommentBridge(bridge, win);
    const reset = vi.fn();
    win.DISQUS = { reset };
    const first = { page: {} as Record<string, unknown> };
    (win.disqus_config as (this: unknown) => void).call(first);
    expect(first.page).toEqual({ remote_auth_s3: '', api_key: 'demo-public-key' });
    session = { token: TOKEN, expiresAt: Date.now() + 60_000 };
    fire(bridge, 'login.success');
    await vi.advanceTimersByTimeAsync(0);
    expect(configOf(reset).remote_auth_s3).toBe(TOKEN);
  });

  it('loads the embed named by the setting after wrapping the config, only from https or the page’s origin', () => {
    const settings = (embed: string) => ({ disqus: { ...SETTINGS.disqus, embed } });
    const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);
    stop = startCommentBridge(
      { frames: [], handlers: new Map(), settings: settings('/stand-ins/disqus/embed.js') },
      win,
    );
    expect(scripts()).toEqual([`${location.origin}/stand-ins/disqus/embed.js`]);
    expect(typeof win.disqus_config).toBe('function');
    stop();
    document.head.replaceChildren();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['http://elsewhere.example/embed.js', 'javascript:alert(1)', 'data:text/javascript,1']) {
      stop = startCommentBridge({ frames: [], handlers: new Map(), settings: settings(bad) }, win);
      stop();
    }
    expect(scripts()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    startCommentBridge(
      { frames: [], handlers: new Map(), settings: settings('https://foyer-demo.disqus.com/embed.js') },
      win,
    )();
    expect(scripts()).toEqual(['https://foyer-demo.disqus.com/embed.js']);
    document.head.replaceChildren();
  });

  it('uses the spec’s intervals: a 3 s poll, a 1.5 s retry', () => {
    expect([POLL_MS, RETRY_MS]).toEqual([3000, 1500]);
  });

  it('stays off without a site and an API key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bridge: BridgeHost = { frames: [], handlers: new Map(), settings: { disqus: { site: 'x y' } } };
    startCommentBridge(bridge, win);
    expect(bridge.handlers.size).toBe(0);
    expect(warn).toHaveBeenCalled();
  });
});

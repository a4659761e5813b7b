import { describe, expect, it, vi } from 'vitest';
import { SSO_COOKIE_NAME, SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER } from '@foyer/api';
import {
  readCookie,
  seamlessSignIn,
  sharedSessionId,
  shareSession,
  ssoDomains,
  ssoImageUrl,
  writeSsoCookie,
  type SsoServices,
} from './sso';

/** A cookie jar that behaves like document.cookie (attributes dropped, Max-Age=0 deletes). */
function jar(accepts = true) {
  const cookies = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get: () => [...cookies].map(([key, value]) => `${key}=${value}`).join('; '),
    set: (cookie: string) => {
      written.push(cookie);
      if (!accepts) return;
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const [key = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(key);
      else cookies.set(key, value);
    },
  };
}

function sso(overrides: Partial<SsoServices> = {}) {
  const loaded: string[] = [];
  const services: SsoServices = {
    cookies: jar(),
    cookieEnabled: true,
    secure: true,
    loadImage: vi.fn(async (url: string) => {
      loaded.push(url);
    }),
    ...overrides,
  };
  return { services, loaded };
}

const headers = (value?: string) => new Headers(value === undefined ? {} : { [SSO_DOMAINS_HEADER]: value });

describe('seamless sign-in (identity spec §4)', () => {
  it('reads the participating domains from the response header', () => {
    expect(ssoDomains(headers('a.example, https://b.example ,'))).toEqual(['a.example', 'https://b.example']);
    expect(ssoDomains(headers(''))).toEqual([]);
    expect(ssoDomains(headers())).toBeNull();
    expect(ssoDomains(undefined)).toBeNull();
  });

  it('builds the sso.gif and sso_logout.gif URLs on each domain', () => {
    expect(ssoImageUrl('a.example', 'sess/1')).toBe('https://a.example/ic/api/session/sess%2F1/sso.gif');
    expect(ssoImageUrl('http://b.test:8080/x', null)).toBe('http://b.test:8080/ic/api/session/sso_logout.gif');
    expect(ssoImageUrl('c.test', null, false)).toBe('http://c.test/ic/api/session/sso_logout.gif');
    expect(ssoImageUrl('http://[bad', 'x')).toBeNull();
  });

  it('calls every domain and waits until all finished or failed', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { services, loaded } = sso({
      loadImage: vi.fn((url: string) => {
        loaded.push(url);
        return url.includes('slow') ? slow : Promise.resolve();
      }),
    });
    let done = false;
    const running = seamlessSignIn(services, headers('a.example,slow.example'), 'sess-1').then(() => (done = true));
    await Promise.resolve();
    expect(loaded).toEqual([
      'https://a.example/ic/api/session/sess-1/sso.gif',
      'https://slow.example/ic/api/session/sess-1/sso.gif',
    ]);
    expect(done).toBe(false);
    release();
    await running;
    expect(done).toBe(true);
  });

  it('requests each domain with its own single-use token, never the session id, when the server sends tokens', async () => {
    const { services, loaded } = sso();
    const withTokens = new Headers({
      [SSO_DOMAINS_HEADER]: 'a.example,b.example,c.example',
      [SSO_TOKENS_HEADER]: 'tok-a,tok-b,',
    });
    await seamlessSignIn(services, withTokens, 'sess-1');
    expect(loaded).toEqual([
      'https://a.example/ic/api/session/tok-a/sso.gif',
      'https://b.example/ic/api/session/tok-b/sso.gif',
    ]);
  });

  it("says 'cookies are disabled' and calls nobody when cookies are off", async () => {
    const { services, loaded } = sso({ cookieEnabled: false });
    expect((await seamlessSignIn(services, headers('a.example'), 's'))?.code).toBe('COOKIES_DISABLED');
    expect(loaded).toEqual([]);
  });

  it('skips quietly when the server sends no SSO domains header', async () => {
    const { services, loaded } = sso();
    expect((await seamlessSignIn(services, headers(), 's'))?.code).toBe('SEAMLESS_DOMAINS_NOT_FOUND');
    expect(loaded).toEqual([]);
  });
});

describe('the SSO cookie', () => {
  it('is written on the SSO cookie domain, cross-site usable on https, and cleared', () => {
    const { services } = sso();
    writeSsoCookie(services, 'sess-1', { domain: 'example.com', expiry: 1_000_000 + 900_500, now: 1_000_000 });
    // As long as the session: its expiry 900.5 s away, not 30 days.
    expect((services.cookies as ReturnType<typeof jar>).written.at(-1)).toBe(
      `${SSO_COOKIE_NAME}=sess-1; Path=/; Domain=example.com; Max-Age=900; SameSite=None; Secure`,
    );
    expect(readCookie(services.cookies, SSO_COOKIE_NAME)).toBe('sess-1');
    writeSsoCookie(services, null, { domain: 'example.com' });
    expect(readCookie(services.cookies, SSO_COOKIE_NAME)).toBeNull();
  });

  it('is cleared rather than written for a session already past its expiry', () => {
    const { services } = sso();
    writeSsoCookie(services, 'old', { domain: 'example.com', expiry: 1_000, now: 2_000 });
    expect(readCookie(services.cookies, SSO_COOKIE_NAME)).toBeNull();
  });

  it('is a browser-session cookie for a tab-only session, and Lax on http', () => {
    const { services } = sso({ secure: false });
    writeSsoCookie(services, 's', { sessionCookie: true });
    expect((services.cookies as ReturnType<typeof jar>).written.at(-1)).toBe(
      `${SSO_COOKIE_NAME}=s; Path=/; SameSite=Lax`,
    );
  });

  it('tells "no shared session" apart from "cookies unusable here"', () => {
    const usable = sso();
    expect(sharedSessionId(usable.services)).toBeNull();
    writeSsoCookie(usable.services, 'shared-1');
    expect(sharedSessionId(usable.services)).toBe('shared-1');
    expect(sharedSessionId(sso({ cookies: jar(false) }).services)).toBeUndefined();
    expect(sharedSessionId(sso({ cookieEnabled: false }).services)).toBeUndefined();
  });

  it('shareSession honours enableSSOMode and enableSeamlessMode', async () => {
    const settings = { enableSSOMode: true, enableSeamlessMode: true, ssoCookieDomain: undefined };
    const on = sso();
    await shareSession(on.services, settings, headers('a.example'), {
      sessionId: 's1',
      sessionCookie: false,
      expiry: Date.now() + 60_000,
    });
    expect(readCookie(on.services.cookies, SSO_COOKIE_NAME)).toBe('s1');
    expect(on.loaded).toHaveLength(1);
    const noSeamless = sso();
    await shareSession(noSeamless.services, { ...settings, enableSeamlessMode: false }, headers('a.example'), null);
    expect(noSeamless.loaded).toEqual([]);
    const off = sso();
    await shareSession(off.services, { ...settings, enableSSOMode: false }, headers('a.example'), {
      sessionId: 's1',
      sessionCookie: false,
      expiry: Date.now() + 60_000,
    });
    expect(readCookie(off.services.cookies, SSO_COOKIE_NAME)).toBeNull();
    expect(off.loaded).toEqual([]);
  });
});

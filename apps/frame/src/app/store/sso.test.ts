import { describe, expect, it, vi } from 'vitest';
import { SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER } from '@foyer/api';
import {
  browserSso,
  cookiesUsable,
  seamlessSignIn,
  shareSession,
  SSO_PROBE_COOKIE,
  ssoDomains,
  ssoImageUrl,
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
    origin: 'https://w.example',
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

describe('the SSO cookie (issue 24: the server’s, HttpOnly; the frame never reads or writes it)', () => {
  it('never written by the frame: a login shares the session through the images only', async () => {
    const settings = { enableSSOMode: true, enableSeamlessMode: true };
    const on = sso();
    await shareSession(on.services, settings, headers('https://id.example,a.example'), { sessionId: 's1' });
    expect((on.services.cookies as ReturnType<typeof jar>).written).toEqual([]);
    expect(on.loaded).toEqual([
      'https://id.example/ic/api/session/s1/sso.gif',
      'https://a.example/ic/api/session/s1/sso.gif',
    ]);
  });

  it('tells whether a cookie of its kind lives in this frame with a probe of its own', () => {
    const usable = sso();
    expect(cookiesUsable(usable.services)).toBe(true);
    expect((usable.services.cookies as ReturnType<typeof jar>).written[0]).toBe(
      `${SSO_PROBE_COOKIE}=1; Path=/; SameSite=None; Secure`,
    );
    expect(usable.services.cookies.get()).toBe('');
    expect(cookiesUsable(sso({ cookies: jar(false) }).services)).toBe(false);
    expect(cookiesUsable(sso({ cookieEnabled: false }).services)).toBe(false);
  });

  it('shareSession honours enableSSOMode and enableSeamlessMode (then only the identity server’s own image)', async () => {
    const settings = { enableSSOMode: true, enableSeamlessMode: true };
    const noSeamless = sso();
    await shareSession(
      noSeamless.services,
      { ...settings, enableSeamlessMode: false },
      headers('https://id.example,a.example'),
      null,
      'https://id.example',
    );
    expect(noSeamless.loaded).toEqual(['https://id.example/ic/api/session/sso_logout.gif']);
    const off = sso();
    await shareSession(off.services, { ...settings, enableSSOMode: false }, headers('a.example'), { sessionId: 's1' });
    expect(off.loaded).toEqual([]);
  });

  it('the images name the widgets origin as their Referer, whatever the frame page’s own policy', async () => {
    const created: { referrerPolicy: string; src: string }[] = [];
    class FakeImage {
      referrerPolicy = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(value: string) {
        created.push({ referrerPolicy: this.referrerPolicy, src: value });
        queueMicrotask(() => this.onload?.());
      }
    }
    const win = {
      document: { cookie: '' },
      navigator: { cookieEnabled: true },
      location: { protocol: 'https:', origin: 'https://w.example' },
      Image: FakeImage,
    } as unknown as Window;
    await browserSso(win).loadImage('https://a.example/ic/api/session/t/sso.gif');
    expect(created).toEqual([{ referrerPolicy: 'origin', src: 'https://a.example/ic/api/session/t/sso.gif' }]);
  });
});

import { isEventEnvelope } from '@foyer/protocol/light';
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from './frames';
import * as layout from './layout-hold';
import { keepMeter } from './meter';

const SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-storage-access-by-user-activation allow-top-navigation-by-user-activation';

type Global = { Foyer?: Record<string, unknown> & { q?: unknown[] }; FoyerSettings?: unknown };
const global = window as unknown as Global;
let observers: MutationObserver[] = [];

beforeEach(() => {
  vi.resetModules();
  observers = [];
  const observe = MutationObserver.prototype.observe;
  vi.spyOn(MutationObserver.prototype, 'observe').mockImplementation(function (this: MutationObserver, ...args) {
    observers.push(this);
    return observe.apply(this, args);
  });
});

afterEach(() => {
  observers.forEach((observer) => observer.disconnect());
  delete global.Foyer;
  delete global.FoyerSettings;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

/** A fresh copy of the loader modules (module state included), as a page loading loader.js gets. */
async function boot(markup = '') {
  if (markup) document.body.innerHTML = markup;
  const loader = await import('./index');
  const frames = await import('./frames');
  loader.boot();
  return frames;
}

const LOADER = '<script src="https://w.example.com/loader.js"></script>';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const iframes = () => [...document.querySelectorAll('iframe')];

describe('placement', () => {
  it('places the widget of a script tag right after the tag, with the exact frame attributes', async () => {
    await boot(
      '<script src="https://w.example.com/loader.js" data-widget="login" data-show-header="false"></script><p>after</p>',
    );
    const [frame] = iframes();
    expect(frame).toBeDefined();
    expect(frame!.parentElement!.previousElementSibling!.tagName).toBe('SCRIPT');
    expect(frame!.getAttribute('sandbox')).toBe(SANDBOX);
    expect(frame!.getAttribute('allow')).toBe('payment *;publickey-credentials-get;publickey-credentials-create');
    expect(frame!.title).toBe('Foyer login widget');
    expect(frame!.getAttribute('loading')).toBe('eager');
    expect(frame!.src).toMatch(/^https:\/\/w\.example\.com\/w\/login#page=[0-9a-f]{32}$/);
    expect(frame!.style.border).toMatch(/^0/);
    expect(frame!.style.width).toBe('100%');
    expect(frame!.style.display).toBe('block');
  });

  it('places into the element named by data-target', async () => {
    await boot(LOADER + '<script data-widget="profile" data-target="#box"></script><section id="box"></section>');
    expect(document.querySelector('#box > iframe')).not.toBeNull();
    expect(iframes()).toHaveLength(1);
  });

  it('shows an inline error when data-target matches nothing, or is not a selector', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot(
      LOADER +
        '<script data-widget="profile" data-target="#nope"></script><script data-widget="login" data-target="!!"></script>',
    );
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(2);
    expect(iframes()).toHaveLength(0);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('places into [data-foyer-widget] placeholders with their attributes', async () => {
    const frames = await boot(LOADER + '<div id="p" data-foyer-widget="profile" data-refresh-interval="60"></div>');
    expect(document.querySelector('#p > iframe')).not.toBeNull();
    expect(frames.frames).toHaveLength(1);
    const context = frames.hostMethods(frames.frames[0]!, { refreshInterval: '60' }, isEventEnvelope).getContext();
    expect(context.attributes).toEqual({ refreshInterval: '60' });
  });

  it('places placeholders added later, and disconnects frames removed from the page', async () => {
    const frames = await boot(LOADER + '<main></main>');
    const later = document.createElement('div');
    later.innerHTML = '<div data-foyer-widget="login"></div>';
    document.querySelector('main')!.append(later);
    await tick();
    expect(later.querySelector('iframe')).not.toBeNull();
    const frame = frames.frames[0]!;
    const destroy = vi.spyOn(frame, 'destroy');
    later.remove();
    await tick();
    expect(frames.frames).toHaveLength(0);
    expect(destroy).toHaveBeenCalled();
  });

  it('places nothing twice when the loader runs twice', async () => {
    await boot(LOADER + '<script data-widget="login"></script><div data-foyer-widget="profile"></div>');
    vi.resetModules();
    const second = await import('./index');
    second.boot();
    second.boot();
    document.body.append(
      Object.assign(document.createElement('div'), { innerHTML: '<div data-foyer-widget="login"></div>' }),
    );
    await tick();
    expect(iframes()).toHaveLength(3);
  });

  it('shows a visible error instead of a blank space for an unknown widget', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot(LOADER + '<div id="p" data-foyer-widget="logn"></div>');
    expect(iframes()).toHaveLength(0);
    expect(document.querySelector('#p [role="alert"]')!.textContent).toContain('unknown widget "logn"');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('logn'));
  });

  it('adds serviceName and maps version 1 routes from the settings; the attribute wins', async () => {
    global.FoyerSettings = { serviceName: 'news', version: 1 };
    await boot(
      LOADER +
        '<div data-foyer-widget="product-selection"></div><div data-foyer-widget="login" data-service-name="sport"></div>',
    );
    expect(iframes().map((frame) => frame.src.split('#')[0])).toEqual([
      'https://w.example.com/w/v1/product-selection?serviceName=news',
      'https://w.example.com/w/login?serviceName=sport',
    ]);
  });

  it('names the page instance in every frame’s fragment: one id for the page’s frames', async () => {
    await boot(
      LOADER + '<div data-foyer-widget="product-selection"></div><div data-foyer-widget="checkout-button"></div>',
    );
    const pages = iframes().map((frame) => new URL(frame.src).hash);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatch(/^#page=[0-9a-f]{32}$/);
    expect(pages[1]).toBe(pages[0]);
  });

  it('does nothing but report when it cannot find its own script', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot('<div data-foyer-widget="login"></div>');
    expect(iframes()).toHaveLength(0);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('window.Foyer', () => {
  it('replays calls queued by the async snippet stub, in order, on the same object', async () => {
    const calls: string[] = [];
    const stub: Global['Foyer'] = { q: [] };
    for (const method of ['on', 'off', 'mount', 'open', 'close', 'logout', 'getToken'])
      stub[method] = (...args: unknown[]) => stub.q!.push([method, ...args]);
    global.Foyer = stub;
    document.body.innerHTML = LOADER + '<div id="a"></div>';
    const first = () => calls.push('first');
    const second = () => calls.push('second');
    (stub.on as (...args: unknown[]) => void)('login.success', first);
    (stub.on as (...args: unknown[]) => void)('login.success', second);
    (stub.off as (...args: unknown[]) => void)('login.success', first);
    (stub.mount as (...args: unknown[]) => void)(document.getElementById('a'), 'login', { showHeader: false });
    stub.q!.push(['nope'], 'garbage');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const frames = await boot();

    expect(global.Foyer).toBe(stub);
    expect(stub.q).toBeUndefined();
    expect(document.querySelector('#a > iframe')).not.toBeNull();
    expect(frames.hostMethods(frames.frames[0]!, { showHeader: 'false' }, isEventEnvelope).getContext().widget).toBe(
      'login',
    );
    frames.emit({ name: 'login.success', payload: {} });
    expect(calls).toEqual(['second']);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('relays an event to the other frames, Foyer.on handlers and window, even when a handler throws', async () => {
    const frames = await boot(LOADER);
    const Foyer = global.Foyer as unknown as { on: (n: string, h: unknown) => void };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    Foyer.on('profile.updated', () => {
      throw new Error('page bug');
    });
    Foyer.on('profile.updated', (payload: unknown, name: unknown) => seen.push(['handler', payload, name]));
    addEventListener('foyer:profile.updated', (event) => seen.push(['dom', (event as CustomEvent).detail]));
    const deliver = (id: string) => vi.fn(async (event: unknown) => void seen.push([id, event]));
    const a = { widget: 'profile', inModal: false, remote: { deliver: deliver('a') } };
    const b = { widget: 'login', inModal: false, remote: { deliver: deliver('b') } };
    frames.frames.push(a as never, b as never);
    const event = { name: 'profile.updated' as const, payload: { guid: 'g' } };
    frames.emit(event, a as never);
    expect(seen).toEqual([
      ['b', event],
      ['handler', { guid: 'g' }, 'profile.updated'],
      ['dom', { guid: 'g' }],
    ]);
    expect(error).toHaveBeenCalledOnce();
  });

  it('checks its arguments at run time', async () => {
    await boot(LOADER);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Foyer = global.Foyer as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => Foyer.on!(42, 'x')).not.toThrow();
    expect(() => Foyer.off!('login.success')).not.toThrow();
    expect(() => Foyer.mount!('#id', 'login')).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(iframes()).toHaveLength(0);
  });

  it('logout asks a connected frame, and rejects clearly when none is', async () => {
    const frames = await boot(LOADER);
    const Foyer = global.Foyer as unknown as { logout: () => Promise<void> };
    await expect(Foyer.logout()).rejects.toThrow(/no widget frame is connected/);
    const logout = vi.fn(async () => {});
    frames.frames.push({ widget: 'profile', remote: { logout }, ready: Promise.resolve({ logout }) } as never);
    await Foyer.logout();
    expect(logout).toHaveBeenCalledOnce();
  });

  it('getToken answers a connected frame’s visitor token or null, and rejects clearly when none is', async () => {
    const frames = await boot(LOADER);
    const Foyer = global.Foyer as unknown as { getToken: () => Promise<string | null> };
    await expect(Foyer.getToken()).rejects.toThrow(/Foyer.getToken\(\): no widget frame is connected/);
    const visitorToken = vi.fn(async (): Promise<string | null> => 'header.claims.signature');
    // The first frame to connect answers: one still connecting is not waited for.
    frames.frames.push({ widget: 'login', ready: new Promise(() => {}) } as never);
    frames.frames.push({
      widget: 'profile',
      remote: { visitorToken },
      ready: Promise.resolve({ visitorToken }),
    } as never);
    await expect(Foyer.getToken()).resolves.toBe('header.claims.signature');
    visitorToken.mockResolvedValueOnce(null);
    await expect(Foyer.getToken()).resolves.toBeNull();
    expect(visitorToken).toHaveBeenCalledTimes(2);
  });

  it('logout gives up clearly when no frame ever connects', async () => {
    vi.useFakeTimers();
    try {
      const frames = await boot(LOADER);
      const Foyer = global.Foyer as unknown as { logout: () => Promise<void> };
      frames.frames.push({ widget: 'profile', ready: new Promise(() => {}) } as never);
      const result = Foyer.logout().catch((error: Error) => error.message);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await result).toMatch(/no widget frame is connected/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('host methods', () => {
  async function methodsOf(widget: string) {
    const frames = await boot(LOADER + `<div data-foyer-widget="${widget}"></div>`);
    const frame = frames.frames[0]!;
    return { frame, methods: frames.hostMethods(frame, { a: 'b' }, isEventEnvelope, undefined, keepMeter) };
  }

  it('getContext gives attributes, settings, the page query and origin', async () => {
    global.FoyerSettings = { realmName: 'default' };
    history.replaceState(null, '', '/article?activationKey=k1&serviceName=news');
    const { methods } = await methodsOf('account-activation');
    expect(methods.getContext()).toEqual({
      protocolVersion: 1,
      widget: 'account-activation',
      attributes: { a: 'b' },
      settings: { realmName: 'default' },
      query: { activationKey: 'k1', serviceName: 'news' },
      hostOrigin: location.origin,
      hostPath: '/article',
      inModal: false,
    });
    history.replaceState(null, '', '/');
  });

  it('resize sets the height in px and ignores anything but a sane number', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { frame, methods } = await methodsOf('login');
    methods.resize(321.5);
    expect(frame.iframe.style.height).toBe('321.5px');
    for (const bad of [-1, NaN, Infinity, 1e9, '200', null, { height: 1 }]) methods.resize(bad as never);
    expect(frame.iframe.style.height).toBe('321.5px');
    expect(warn).toHaveBeenCalledTimes(7);
  });

  it('holds every frame’s new height while the visitor presses, in a frame or on the page, and applies the latest after', async () => {
    vi.useFakeTimers();
    try {
      const frames = await boot(
        LOADER + '<div data-foyer-widget="login"></div><div data-foyer-widget="profile"></div>',
      );
      const [login, profile] = frames.frames as [Frame, Frame];
      const loginMethods = frames.hostMethods(login, {}, isEventEnvelope, undefined, undefined, layout);
      const profileMethods = frames.hostMethods(profile, {}, isEventEnvelope, undefined, undefined, layout);
      profileMethods.resize(200);
      expect(profile.iframe.style.height).toBe('200px');

      // A press in the login frame: the profile's new heights wait, the last one wins on release.
      loginMethods.press(true);
      profileMethods.resize(120);
      profileMethods.resize(90);
      loginMethods.resize(40);
      expect(profile.iframe.style.height).toBe('200px');
      loginMethods.press(false);
      expect(profile.iframe.style.height).toBe('90px');
      expect(login.iframe.style.height).toBe('40px');

      // A press on the host page itself holds them too.
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      profileMethods.resize(300);
      expect(profile.iframe.style.height).toBe('90px');
      document.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
      expect(profile.iframe.style.height).toBe('300px');

      // A press whose end never comes holds at most a moment; nonsense is ignored.
      loginMethods.press('yes' as never);
      profileMethods.resize(310);
      expect(profile.iframe.style.height).toBe('310px');
      loginMethods.press(true);
      profileMethods.resize(320);
      await vi.advanceTimersByTimeAsync(1500);
      expect(profile.iframe.style.height).toBe('320px');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the first height replaces the reserved one and the placeholder goes', async () => {
    const { frame, methods } = await methodsOf('login');
    expect(frame.iframe.style.backgroundColor).not.toBe('');
    methods.resize(280);
    expect(frame.iframe.style.height).toBe('280px');
    expect(frame.iframe.style.backgroundColor).toBe('');
    expect(frame.iframe.style.borderRadius).toBe('');
  });

  it('publish ignores anything that is not an event envelope', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { methods } = await methodsOf('login');
    const seen = vi.fn();
    addEventListener('foyer:login.success', seen);
    for (const bad of [null, 'login.success', { name: 'evil', payload: {} }, { name: 'login.success', payload: [] }])
      methods.publish(bad as never);
    expect(seen).not.toHaveBeenCalled();
    methods.publish({ name: 'login.success', payload: { guid: 'x' } });
    expect(seen).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('navigate is refused for widgets that do not redirect', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // (login may: social sign-in's full redirect; profile never redirects.)
    const { methods } = await methodsOf('profile');
    expect(methods.navigate('https://pay.example.com/')).toBe(false);
    expect(methods.navigate('/account')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('navigate accepts an https URL or a same-origin path from a redirecting widget', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom: "navigation not implemented"
    const { methods } = await methodsOf('payment');
    expect(methods.navigate('https://pay.example.com/checkout')).toBe(true);
    expect(methods.navigate('/thanks')).toBe(true);
  });

  it('meter keeps the paywall meter id in the host site storage, for the paywall widgets only', async () => {
    localStorage.removeItem('evolok.meter');
    const { methods } = await methodsOf('paywall');
    expect(methods.meter()).toBeNull();
    expect(methods.meter('issued-id_1')).toBe('issued-id_1');
    expect(methods.meter()).toBe('issued-id_1');
    // Only an id-shaped string is stored.
    expect(methods.meter('<script>' as never)).toBe('issued-id_1');
    expect((await methodsOf('paywall-notifier')).methods.meter()).toBe('issued-id_1');
    expect((await methodsOf('login')).methods.meter()).toBeNull();
    localStorage.removeItem('evolok.meter');
  });

  it('meter keeps the id in the first-party cookie foyer_meter too, for the site’s own server', async () => {
    localStorage.removeItem('evolok.meter');
    const set = vi.spyOn(document, 'cookie', 'set');
    const { methods } = await methodsOf('paywall');
    expect(methods.meter()).toBeNull();
    expect(set).not.toHaveBeenCalled();
    methods.meter('issued-id_2');
    const attributes = 'path=/; max-age=31536000; SameSite=Lax';
    expect(set).toHaveBeenLastCalledWith(`foyer_meter=issued-id_2; ${attributes}`);
    set.mockRestore();
    expect(document.cookie).toContain('foyer_meter=issued-id_2');
    // Secure on an https page; and written on a read too (an id kept before the cookie existed).
    vi.stubGlobal('location', { protocol: 'https:' });
    const secure = vi.spyOn(document, 'cookie', 'set');
    expect(keepMeter(undefined)).toBe('issued-id_2');
    expect(secure).toHaveBeenLastCalledWith(`foyer_meter=issued-id_2; ${attributes}; Secure`);
    secure.mockRestore();
    vi.unstubAllGlobals();
    document.cookie = 'foyer_meter=; path=/; max-age=0';
    localStorage.removeItem('evolok.meter');
  });

  it('open lets the paywall open itself, login, registration, the product selection and its checkout steps', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { methods } = await methodsOf('paywall');
    expect(methods.open('login', {})).toBe(true);
    expect(methods.open('product-selection', { groupName: 'demo' })).toBe(true);
    // The checkout of the plan chosen there runs in the paywall (a checkout runner).
    expect(methods.open('payment', {})).toBe(true);
    expect(methods.open('profile', {})).toBe(false);
    expect((await methodsOf('paywall-notifier')).methods.open('login', {})).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('open lets the paywall notifier open its own copy in the modal (the modal notifier, issue 32 item 14), nothing else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { methods } = await methodsOf('paywall-notifier');
    expect(methods.open('paywall-notifier', { modal: 'true' })).toBe(true);
    expect(methods.open('paywall', {})).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('navigate is refused for unsafe URLs, even from a redirecting widget', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { methods } = await methodsOf('paywall');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example.com/', 'http://evil.example.com/', 7])
      expect(methods.navigate(bad as never)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(5);
  });
});

describe('reserved space', () => {
  it("reserves the widget's measured first height, without its header when the page hides it", async () => {
    const { reservedHeight } = await import('@foyer/protocol/light');
    await boot(
      LOADER + '<div data-foyer-widget="login"></div><div data-foyer-widget="login" data-show-header="false"></div>',
    );
    const [withHeader, without] = iframes();
    // jsdom lays nothing out: the host is 0 px wide, a phone-width frame.
    expect(withHeader!.style.height).toBe(`${reservedHeight('login', 0)}px`);
    expect(without!.style.height).toBe(`${reservedHeight('login', 0, false)}px`);
    expect(reservedHeight('login', 0, false)).toBeLessThan(reservedHeight('login', 0));
    expect(withHeader!.style.backgroundColor).not.toBe('');
  });

  it("keeps the page's data-height, on a placeholder or a script tag, and never hands it to the frame", async () => {
    const frames = await boot(
      '<script src="https://w.example.com/loader.js" data-widget="login" data-height="420"></script>' +
        '<div data-foyer-widget="profile" data-height="77" data-show-header="false"></div>' +
        '<div data-foyer-widget="profile" data-height="lots"></div>',
    );
    const [login, profile, fallback] = iframes();
    expect(login!.style.height).toBe('420px');
    expect(profile!.style.height).toBe('77px');
    const { reservedHeight } = await import('@foyer/protocol/light');
    expect(fallback!.style.height).toBe(`${reservedHeight('profile', 0)}px`);
    const context = frames.hostMethods(frames.frames[1]!, { showHeader: 'false' }, isEventEnvelope).getContext();
    expect(context.attributes).toEqual({ showHeader: 'false' });
    const { readAttributes } = await import('./settings');
    expect(readAttributes(document.querySelector('[data-height="77"]')!)).toEqual({ showHeader: 'false' });
  });
});

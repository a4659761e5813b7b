import { describe, expect, it, vi } from 'vitest';
import { confirms, earlyRawContext, readEarlyContext, untilConfirmed } from './early';

const EARLY = {
  widget: 'login',
  attributes: { showHeader: 'false' },
  settings: { locale: 'es', serviceName: 'news' },
  inModal: false,
};
const fragment = (context: unknown) =>
  '#' + new URLSearchParams({ page: '0123456789abcdef', context: JSON.stringify(context) }).toString();
const handshake = (change: Partial<Parameters<typeof confirms>[1]> = {}) => ({
  ...EARLY,
  query: { activationKey: 'secret', serviceName: 'news' },
  hostOrigin: 'https://host.example',
  hostPath: '/login',
  ...change,
});

describe('readEarlyContext', () => {
  it('reads the context the loader put in the fragment for this route', () => {
    expect(readEarlyContext(fragment(EARLY), 'login')).toEqual(EARLY);
    expect(readEarlyContext(fragment({ ...EARLY, widget: 'product-summary' }), 'v1/product-summary')).not.toBeNull();
  });

  it('ignores a missing, malformed, mistyped or foreign context', () => {
    expect(readEarlyContext('#page=0123456789abcdef', 'login')).toBeNull();
    expect(readEarlyContext('#context=%7Bnot-json', 'login')).toBeNull();
    expect(readEarlyContext(fragment({ ...EARLY, attributes: { showHeader: false } }), 'login')).toBeNull();
    expect(readEarlyContext(fragment({ ...EARLY, inModal: 'no' }), 'login')).toBeNull();
    expect(readEarlyContext(fragment({ ...EARLY, widget: 'registration' }), 'login')).toBeNull();
  });

  it('carries no host query but the page serviceName', () => {
    expect(earlyRawContext({ ...EARLY, serviceName: 'news' }).query).toEqual({ serviceName: 'news' });
    expect(earlyRawContext(EARLY)).toStrictEqual({
      attributes: EARLY.attributes,
      settings: EARLY.settings,
      query: {},
      inModal: false,
    });
  });
});

describe('confirms', () => {
  const early = { ...EARLY, serviceName: 'news' };
  it('is true when the handshake says the same (the host address and other query aside)', () => {
    expect(confirms(early, handshake())).toBe(true);
  });

  it('is false for any other attribute, setting, modal flag, widget or page serviceName', () => {
    expect(confirms(early, handshake({ attributes: { showHeader: 'true' } }))).toBe(false);
    expect(confirms(early, handshake({ attributes: {} }))).toBe(false);
    expect(confirms(early, handshake({ settings: { locale: 'pt-BR', serviceName: 'news' } }))).toBe(false);
    expect(confirms(early, handshake({ inModal: true }))).toBe(false);
    expect(confirms(early, handshake({ widget: 'registration' }))).toBe(false);
    expect(confirms(early, handshake({ query: {} }))).toBe(false);
    expect(confirms(EARLY, handshake())).toBe(false);
  });
});

describe('untilConfirmed', () => {
  it('lets reads go at once and holds every other call until the handshake confirmed', async () => {
    const base = vi.fn(async () => new Response('{}'));
    let confirm: () => void = () => {};
    const fetch = untilConfirmed(base, new Promise<void>((resolve) => (confirm = resolve)));
    await fetch('http://api.test/service/demo');
    await fetch(new Request('http://api.test/ui/template/login/default'));
    expect(base).toHaveBeenCalledTimes(2);
    const login = fetch('http://api.test/session', { method: 'POST', body: '{}' });
    const logout = fetch(new Request('http://api.test/session/x', { method: 'DELETE' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(base).toHaveBeenCalledTimes(2);
    confirm();
    await Promise.all([login, logout]);
    expect(base).toHaveBeenCalledTimes(4);
  });
});

import { describe, expect, it } from 'vitest';
import {
  closesModal,
  EVENT_NAMES,
  isEventEnvelope,
  isFrameHeight,
  isOriginPattern,
  MAX_EVENT_PAYLOAD_BYTES,
  originAllowed,
  originPatternToRegExp,
  resolveTopNavigation,
  widgetRoute,
  widgetTitle,
} from '@foyer/protocol/light';

const HOST = 'http://localhost:8080/news/article?id=1';

describe('resolveTopNavigation', () => {
  it.each([
    ['https://pay.example.com/checkout?x=1', 'https://pay.example.com/checkout?x=1'],
    ['/account', 'http://localhost:8080/account'],
    ['/thanks?order=1#top', 'http://localhost:8080/thanks?order=1#top'],
  ])('accepts %s', (target, expected) => {
    expect(resolveTopNavigation(target, HOST)).toBe(expected);
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example.com/',
    '/\\evil.example.com/',
    'http://evil.example.com/',
    'http://localhost:8080/account',
    'account',
    '',
    'https://' + 'a'.repeat(3000) + '.example.com/',
  ])('refuses %s', (target) => {
    expect(resolveTopNavigation(target, HOST)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const target of [undefined, null, 1, {}, ['https://x.example.com/']])
      expect(resolveTopNavigation(target, HOST)).toBeNull();
  });

  it('accepts the widgets origin (social sign-in in full-redirect mode), http there too, and nothing like it', () => {
    const WIDGETS = 'http://127.0.0.1:8081';
    const authorize = 'http://127.0.0.1:8081/ic/api/social/google/authorize?attempt=a';
    expect(resolveTopNavigation(authorize, HOST, WIDGETS)).toBe(authorize);
    expect(resolveTopNavigation(authorize, HOST)).toBeNull();
    for (const target of [
      'http://127.0.0.1:8082/ic/api/',
      'http://user:pw@127.0.0.1:8081/ic/api/',
      '//127.0.0.1:8081/ic/api/',
      'javascript:alert(1)',
    ])
      expect(resolveTopNavigation(target, HOST, WIDGETS)).toBeNull();
  });
});

describe('origin patterns', () => {
  it('match one origin, with any port for :*', () => {
    expect(originAllowed('http://localhost:8080', ['http://localhost:*'])).toBe(true);
    expect(originAllowed('http://localhost', ['http://localhost:*'])).toBe(true);
    expect(originAllowed('https://localhost:8080', ['http://localhost:*'])).toBe(false);
    expect(originAllowed('http://localhost.evil.com:8080', ['http://localhost:*'])).toBe(false);
    expect(originAllowed('https://news.example.com', ['https://news.example.com'])).toBe(true);
    expect(originAllowed('https://news.example.com:8443', ['https://news.example.com'])).toBe(false);
    expect(originAllowed('https://newsXexample.com', ['https://news.example.com'])).toBe(false);
    expect(originAllowed('null', ['http://localhost:*'])).toBe(false);
  });

  it('refuse what is not a single origin', () => {
    for (const bad of ['*', 'http://*.example.com', 'localhost:8080', 'https://a.com/path', 'ftp://a.com', ''])
      expect(isOriginPattern(bad)).toBe(false);
    expect(() => originPatternToRegExp('*')).toThrow();
    expect(originAllowed('https://a.com', ['*'])).toBe(false);
  });
});

describe('isEventEnvelope', () => {
  it('accepts a known name with a plain object payload', () => {
    for (const name of EVENT_NAMES) expect(isEventEnvelope({ name, payload: {} })).toBe(true);
    expect(isEventEnvelope({ name: 'login.success', payload: { guid: 'g', nested: { a: [1] } } })).toBe(true);
  });

  it('refuses unknown names, odd payloads and oversized ones', () => {
    for (const bad of [
      null,
      'login.success',
      [],
      { name: 'login.sucess', payload: {} },
      { name: 'toString', payload: {} },
      { name: 'login.success' },
      { name: 'login.success', payload: null },
      { name: 'login.success', payload: [1] },
      { name: 'login.success', payload: new Date() },
      { name: 'login.success', payload: { big: 'x'.repeat(MAX_EVENT_PAYLOAD_BYTES) } },
      { name: 'login.success', payload: { n: 10n } },
    ])
      expect(isEventEnvelope(bad)).toBe(false);
  });
});

describe('closesModal', () => {
  it('closes on success and cancelled events except the forgot-password ones', () => {
    expect(closesModal('login.success')).toBe(true);
    expect(closesModal('registration.success')).toBe(true);
    expect(closesModal('registration.cancelled')).toBe(true);
    expect(closesModal('forgotPassword.success')).toBe(false);
    expect(closesModal('forgotPassword.cancelled')).toBe(false);
    expect(closesModal('login.failed')).toBe(false);
    expect(closesModal('session.refresh')).toBe(false);
  });
});

describe('frame helpers', () => {
  it('isFrameHeight accepts finite heights from 0 to the limit', () => {
    expect([0, 1, 150.5, 20_000].every(isFrameHeight)).toBe(true);
    expect([-1, 20_001, NaN, Infinity, '100', null].some(isFrameHeight)).toBe(false);
  });

  it('widgetRoute maps purchase widgets to v1 routes only for version 1', () => {
    expect(widgetRoute('purchases-list', 1)).toBe('v1/subscriptions-list');
    expect(widgetRoute('purchases-list', 2)).toBe('purchases-list');
    expect(widgetRoute('login', 1)).toBe('login');
    expect(widgetRoute('product-selection', undefined)).toBe('product-selection');
  });

  it('widgetTitle is readable', () => {
    expect(widgetTitle('forgot-password')).toBe('Foyer forgot password widget');
    expect(widgetTitle('v1/grant')).toBe('Foyer grant widget');
  });
});

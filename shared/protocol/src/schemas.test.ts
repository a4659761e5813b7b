import { describe, expect, it } from 'vitest';
import { loginAttributesSchema, pageSettingsSchema, parseEvent, profileAttributesSchema } from './schemas';

describe('widget attributes from data-* strings', () => {
  it('applies defaults and parses flags', () => {
    const parsed = loginAttributesSchema.parse({ showHeader: 'false', serviceName: 'news' });
    expect(parsed).toMatchObject({ showHeader: false, showLabels: true, showRememberMe: true, serviceName: 'news' });
  });
  it('refuses bad values and unknown attributes', () => {
    expect(loginAttributesSchema.safeParse({ showHeader: 'maybe' }).success).toBe(false);
    expect(loginAttributesSchema.safeParse({ showHedaer: 'true' }).success).toBe(false);
    expect(profileAttributesSchema.safeParse({ refreshInterval: '0' }).success).toBe(false);
    expect(profileAttributesSchema.safeParse({ refreshInterval: '2.5' }).success).toBe(false);
  });
  it('defaults the profile refresh to 30 minutes and reads seconds', () => {
    expect(profileAttributesSchema.parse({}).refreshInterval).toBe(1800);
    expect(profileAttributesSchema.parse({ refreshInterval: '60' }).refreshInterval).toBe(60);
  });
});

describe('page settings', () => {
  it('defaults realm, app name, version and the SSO flags', () => {
    expect(pageSettingsSchema.parse({})).toMatchObject({
      realmName: 'default',
      icAppName: 'ev-widgets',
      version: 2,
      enableSSOMode: true,
      enableSeamlessMode: true,
      exposeSessionId: false,
    });
  });
  it('refuses a non-http icDomain', () => {
    expect(pageSettingsSchema.safeParse({ icDomain: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('parseEvent', () => {
  it('accepts known events with valid payloads', () => {
    expect(parseEvent({ name: 'login.success', payload: { guid: 'g' } })).toEqual({
      name: 'login.success',
      payload: { guid: 'g' },
    });
  });
  it('refuses unknown names, wrong payloads, extra fields and oversized payloads', () => {
    expect(parseEvent({ name: 'login.hacked', payload: {} })).toBeNull();
    expect(parseEvent({ name: 'login.success', payload: { guid: 1 } })).toBeNull();
    expect(parseEvent({ name: 'login.success', payload: { guid: 'g', password: 'x' } })).toBeNull();
    expect(
      parseEvent({ name: 'widget.configError', payload: { widget: 'x', message: 'y'.repeat(20_000) } }),
    ).toBeNull();
    expect(parseEvent('login.success')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatAuthorization, parseAuthorization } from './authorization';

describe('the authorization header', () => {
  it('carries the service name and, when logged in, the session id', () => {
    expect(formatAuthorization({ serviceName: 'demo' })).toBe('Evolok evolok.api.service=demo');
    const header = formatAuthorization({ serviceName: 'demo', sessionId: 'abc_DEF-123' });
    expect(header).toBe('Evolok evolok.api.service=demo,evolok.api.sessionId=abc_DEF-123');
    expect(parseAuthorization(header)).toEqual({ serviceName: 'demo', sessionId: 'abc_DEF-123' });
  });
  it('refuses other schemes and headers without a service', () => {
    expect(parseAuthorization('Bearer token')).toBeNull();
    expect(parseAuthorization('Evolok evolok.api.sessionId=x')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});

/**
 * Issue 11, finding 10: the request log shows no session ids, tokens, keys or e-mail addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction';
import type { PreparedServer } from '../src/index';
import { testServer } from './helpers';

describe('redactUrl', () => {
  it('hides secrets in paths and every query value but a few harmless ones', () => {
    expect(redactUrl('/ic/api/session/abc123')).toBe('/ic/api/session/[redacted]');
    expect(redactUrl('/ic/api/session/tok/sso.gif')).toBe('/ic/api/session/[redacted]/sso.gif');
    expect(redactUrl('/ic/api/session/sso_logout.gif')).toBe('/ic/api/session/sso_logout.gif');
    expect(redactUrl('/ic/api/resetAttributeWorkflow/KEY')).toBe('/ic/api/resetAttributeWorkflow/[redacted]');
    expect(redactUrl('/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=a%40b.c')).toBe(
      '/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=[redacted]',
    );
    expect(redactUrl('/ic/api/userProfileActivationWorkflow/KEY')).toBe(
      '/ic/api/userProfileActivationWorkflow/[redacted]',
    );
    expect(redactUrl('/ic/api/userProfileActivationWorkflow/resendByIdentifiers')).toBe(
      '/ic/api/userProfileActivationWorkflow/resendByIdentifiers',
    );
    expect(redactUrl('/pm/api/widget/order?ev_ss=SESSION&serviceName=demo')).toBe(
      '/pm/api/widget/order?ev_ss=[redacted]&serviceName=demo',
    );
    expect(redactUrl('/ic/api/userProfile/searchByIdentifiers/email?realmName=default&value=x@y.z')).toBe(
      '/ic/api/userProfile/searchByIdentifiers/email?realmName=default&value=[redacted]',
    );
    expect(redactUrl('/w/reset-password?resetAttributeKey=K&serviceName=a@b')).toBe(
      '/w/reset-password?resetAttributeKey=[redacted]&serviceName=[redacted]',
    );
  });
});

describe('the request log', () => {
  let server: PreparedServer;
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);

  beforeAll(async () => {
    server = await testServer({ logger: true });
    process.stderr.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
  });
  afterAll(async () => {
    process.stderr.write = write;
    await server.close();
  });

  it('carries the redacted URL only', async () => {
    await server.app.inject({ method: 'GET', url: '/ic/api/session/SECRET-SESSION-ID' });
    await server.app.inject({ method: 'GET', url: '/pm/api/widget/profile/validate/demo?ev_ss=SECRET-EV-SS' });
    await server.app.inject({
      method: 'POST',
      url: '/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=someone%40foyer.test',
    });
    const log = lines.join('');
    expect(log).toContain('/ic/api/session/[redacted]');
    expect(log).not.toMatch(/SECRET-SESSION-ID|SECRET-EV-SS|someone(%40|@)foyer\.test/);
  });

  it('records the calling application the frame names (X-Foyer-App), and nothing that is not a plain name', async () => {
    lines.length = 0;
    await server.app.inject({ method: 'GET', url: '/ic/api/service/demo', headers: { 'x-foyer-app': 'ev-widgets' } });
    await server.app.inject({
      method: 'GET',
      url: '/ic/api/service/demo',
      headers: { 'x-foyer-app': 'not a plain; name' },
    });
    const requests = lines
      .join('')
      .split('\n')
      .filter((line) => line.includes('"req"'))
      .map((line) => JSON.parse(line) as { req: { app?: string } });
    expect(requests.map((line) => line.req.app)).toEqual(['ev-widgets', undefined]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestIssuer, type TestIssuer } from '@foyer/node/testing';
import { startDemo, type RunningDemo } from './server';

const SECRET = `whsec_${Buffer.from('demo-test-secret-0123456789abcdef').toString('base64')}`;
const PREMIUM = 'busiest shelf';

let foyer: TestIssuer;
let demo: RunningDemo;
beforeAll(async () => {
  foyer = await startTestIssuer({ audience: 'demo' });
  demo = await startDemo({ port: 0, host: '127.0.0.1', widgetsUrl: foyer.issuer, webhookSecret: SECRET });
});
afterAll(async () => {
  await demo.close();
  await foyer.close();
});

describe('the server-side paywall', () => {
  const content = (token?: string) =>
    fetch(`${demo.url}/premium-server/river-library/content`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('sends the teaser and the paywall, never the premium text', async () => {
    const response = await fetch(`${demo.url}/premium-server/river-library`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('four thousand books');
    expect(html).toContain('data-foyer-widget="paywall"');
    expect(html).toContain(`${foyer.issuer}/loader.js`);
    expect(html).not.toContain(PREMIUM);
    expect((await fetch(`${demo.url}/premium-server/nothing-here`)).status).toBe(404);
  });

  it('answers the premium text for a valid token with the entitlement only', async () => {
    const good = await content(await foyer.sign({ entitlements: ['demo-digital'] }));
    expect(good.status).toBe(200);
    expect(await good.text()).toContain(PREMIUM);
    const archiveOnly = await content(await foyer.sign({ entitlements: ['demo-archive'] }));
    expect(archiveOnly.status).toBe(403);
    expect(await archiveOnly.text()).not.toContain(PREMIUM);
    const expired = await content(await foyer.sign({ entitlements: ['demo-digital'], issuedAt: 1_000_000 }));
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: 'expired' });
    const otherService = await content(await foyer.sign({ entitlements: ['demo-digital'], audience: 'news' }));
    expect(otherService.status).toBe(401);
    expect((await content()).status).toBe(401);
  });
});

describe('the webhook receiver', () => {
  const deliver = (id: string, type: string, secret = SECRET) => {
    const body = JSON.stringify({
      type,
      timestamp: new Date().toISOString(),
      data: { serviceName: 'demo', accountId: 'g1' },
    });
    return fetch(`${demo.url}/webhooks/foyer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, new Date(), body),
      },
      body,
    });
  };
  const listed = async () =>
    ((await (await fetch(`${demo.url}/webhooks.json`)).json()) as { deliveries: { id: string; type: string }[] })
      .deliveries;

  it('lists verified deliveries once each, newest first, and refuses a bad signature', async () => {
    expect((await deliver('msg_1', 'account.created')).status).toBe(204);
    expect((await deliver('msg_2', 'payment.succeeded')).status).toBe(204);
    expect((await deliver('msg_1', 'account.created')).status).toBe(204);
    const forged = await deliver(
      'msg_3',
      'subscription.created',
      `whsec_${Buffer.from('another-secret-0123456789').toString('base64')}`,
    );
    expect(forged.status).toBe(400);
    expect((await listed()).map((d) => [d.id, d.type])).toEqual([
      ['msg_2', 'payment.succeeded'],
      ['msg_1', 'account.created'],
    ]);
    const page = await (await fetch(`${demo.url}/webhooks`)).text();
    expect(page).toContain('<table>');
    expect(page).toContain('payment.succeeded');
  });

  it('answers 503 when the demo has no secret', async () => {
    const bare = await startDemo({ port: 0, host: '127.0.0.1', widgetsUrl: foyer.issuer });
    try {
      const response = await fetch(`${bare.url}/webhooks/foyer`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('webhookSecret');
    } finally {
      await bare.close();
    }
  });
});

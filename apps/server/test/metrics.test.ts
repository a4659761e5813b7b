/**
 * /metrics: Prometheus text, only for the token's holder; request counts by route pattern (never
 * the raw URL), payments by outcome, mails sent and failed, the job queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { countedMailer, createMetrics } from '../src/metrics';
import { billingServer, buy, sessionOf } from './billing/helpers';

const TOKEN = 'metrics-test-token';

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('/metrics', () => {
  let server: PreparedServer;
  beforeAll(async () => {
    server = await billingServer({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await server.close();
  });

  const scrape = async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is refused without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('foyer_');
    }
  });

  it('counts requests by method, route pattern and status, and payments by outcome', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/ic/api/service/:name', status: '200' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const succeeded = sample(before, 'foyer_payments_total', { outcome: 'succeeded' });
    for (let i = 0; i < 3; i += 1) {
      expect((await server.app.inject({ method: 'GET', url: '/ic/api/service/demo' })).statusCode).toBe(200);
    }
    await server.app.inject({ method: 'GET', url: '/ic/api/no/such/secret-looking-path' });
    const { session } = await sessionOf(server, 'renews@foyer.test');
    await buy(server, session, 'digital-monthly-eur');

    const after = await scrape();
    expect(sample(after, 'foyer_http_requests_total', route) - sample(before, 'foyer_http_requests_total', route)).toBe(
      3,
    );
    expect(sample(after, 'foyer_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('secret-looking-path');
    expect(sample(after, 'foyer_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'foyer_payments_total', { outcome: 'succeeded' }) - succeeded).toBe(1);
    expect(after).toContain('# TYPE foyer_jobs gauge');
    expect(after).toContain('foyer_mails_total{outcome="failed"} 0');
    if (server.db.kind === 'postgres') {
      expect(sample(after, 'foyer_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('counts mails sent and failed', async () => {
    const metrics = createMetrics({ db: server.db, jobs: () => undefined });
    let fail = false;
    const mailer = countedMailer(
      {
        kind: 'test',
        send: async () => {
          if (fail) throw new Error('SMTP down');
        },
        close: async () => undefined,
      },
      metrics,
    );
    const message = { to: 'a@foyer.test', subject: 's', text: 't', html: '<p>t</p>' };
    await mailer.send(message);
    fail = true;
    await expect(mailer.send(message)).rejects.toThrow('SMTP down');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'foyer_mails_total', { outcome: 'sent' })).toBe(1);
    expect(sample(text, 'foyer_mails_total', { outcome: 'failed' })).toBe(1);
  });
});

describe('/metrics without a token', () => {
  it('does not exist', async () => {
    const server = await billingServer();
    try {
      expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});

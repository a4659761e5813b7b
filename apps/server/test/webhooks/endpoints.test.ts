/**
 * Issue 26: the webhook endpoints of the seed configuration: what is refused, in production and
 * outside it, and that an endpoint wanting some types only gets those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { webhookProblems } from '../../src/webhooks/endpoints';
import { register, registerBody, testServer } from '../helpers';
import { startReceiver, webhookSecret, type Receiver } from './receiver';

describe('webhook endpoint configuration', () => {
  const secret = webhookSecret();

  it('refuses http outside localhost development, bad secrets and unknown event types', () => {
    const local = { url: 'http://localhost:8080/webhooks/foyer', events: '*' as const, secret };
    expect(webhookProblems('demo', [local], false)).toEqual([]);
    expect(webhookProblems('demo', [local], true)).toEqual([
      'service demo: webhook URL http://localhost:8080/webhooks/foyer must be https',
    ]);
    expect(webhookProblems('demo', [{ ...local, url: 'https://news.example.com/hooks' }], true)).toEqual([]);
    expect(webhookProblems('demo', [{ ...local, secret: 'not-a-secret' }], false)).toHaveLength(1);
    expect(webhookProblems('demo', [{ ...local, events: ['account.created', 'order.paid'] as never }], false)).toEqual([
      'service demo: unknown webhook events order.paid',
    ]);
    expect(webhookProblems('demo', [{ ...local, url: 'not a url' }], false)).toHaveLength(1);
  });

  describe('an endpoint for some event types', () => {
    let receiver: Receiver;
    let server: PreparedServer;

    beforeAll(async () => {
      receiver = await startReceiver();
      const hooks = [{ url: `${receiver.url}/orders-only`, events: ['order.created' as const], secret }];
      server = await testServer({
        seed: {
          ...seedConfig,
          services: seedConfig.services.map((service) =>
            service.name === 'demo' ? { ...service, webhooks: hooks } : service,
          ),
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await receiver?.close();
    });

    it('gets nothing of the other types, and no delivery row is made for it', async () => {
      const response = await register(server, registerBody('not-told@foyer.test'));
      expect(response.statusCode, response.body).toBeLessThan(300);
      await server.jobs.drain();
      expect(receiver.received).toEqual([]);
      expect(await server.db.query('SELECT 1 FROM webhook_deliveries')).toEqual([]);
      // The event was looked at all the same: not fanned out again.
      const pending = await server.db.query('SELECT 1 FROM billing_events WHERE webhooks_at IS NULL');
      expect(pending).toEqual([]);
    });
  });
});

/**
 * Webhook deliveries in the admin API (issue 28): the list with filters and pages, a delivery with
 * every try, and "send again", which keeps the webhook-id, is audited, and needs webhooks:write.
 */
import { deliveryDetailSchema, deliverySummarySchema } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createApiKey } from '../../src/admin/keys';
import type { PreparedServer } from '../../src/index';
import { billingServer, buy, sessionOf, START } from '../billing/helpers';
import { startReceiver, webhookSecret, type Receiver } from '../webhooks/receiver';

let receiver: Receiver;
let server: PreparedServer;
let writer = '';
let reader = '';

beforeAll(async () => {
  receiver = await startReceiver();
  server = await billingServer({ siteUrl: receiver.url, demoWebhookSecret: webhookSecret() });
  writer = (
    await createApiKey(server.db, { name: 'ops', scopes: ['webhooks:read', 'webhooks:write', 'audit:read'] }, START)
  ).key;
  reader = (await createApiKey(server.db, { name: 'viewer', scopes: ['webhooks:read'] }, START)).key;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const page = z.object({ items: z.array(deliverySummarySchema), next: z.nullable(z.string()) });

function admin(method: 'GET' | 'POST', path: string, key = writer) {
  return server.app.inject({ method, url: `/admin/api${path}`, headers: { authorization: `Bearer ${key}` } });
}

describe('webhook deliveries', () => {
  it('lists each delivery with its tries, pages without repeats, and sends one again with the same webhook-id', async () => {
    receiver.failFirst = 1;
    const { session } = await sessionOf(server, 'renews@foyer.test');
    await buy(server, session, 'digital-monthly-eur');
    await server.jobs.drain();

    const listed = page.parse((await admin('GET', '/webhooks/deliveries?limit=50')).json());
    const types = listed.items.map((item) => item.type);
    expect(types).toEqual(expect.arrayContaining(['order.created', 'payment.succeeded', 'subscription.created']));
    // Each failed once (500) and waits for its next try.
    expect(listed.items.every((item) => item.status === 'pending' && item.lastStatusCode === 500)).toBe(true);

    // Pages of one walk the whole list once.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next = page.parse(
        (await admin('GET', `/webhooks/deliveries?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json(),
      );
      seen.push(...next.items.map((item) => item.id));
      cursor = next.next;
    }
    expect(seen).toEqual(listed.items.map((item) => item.id));

    const filtered = page.parse((await admin('GET', '/webhooks/deliveries?type=order.created')).json());
    expect(filtered.items.map((item) => item.type)).toEqual(['order.created']);
    expect((await admin('GET', '/webhooks/deliveries?status=lost')).statusCode).toBe(400);

    // Send again: tried at once, delivered, the same id at the receiver, both tries recorded.
    const target = filtered.items[0]!;
    expect((await admin('POST', `/webhooks/deliveries/${target.id}/resend`, reader)).statusCode).toBe(403);
    const resent = await admin('POST', `/webhooks/deliveries/${target.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await server.jobs.drain();
    const detail = deliveryDetailSchema.parse((await admin('GET', `/webhooks/deliveries/${target.id}`, reader)).json());
    expect(detail).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
    expect(detail.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 204]);
    expect(JSON.parse(detail.body)).toMatchObject({ type: 'order.created' });
    const arrivals = receiver.received.filter((request) => request.headers['webhook-id'] === target.id);
    expect(arrivals.map((request) => request.status)).toEqual([500, 204]);

    // A delivered message sent again arrives again with its id: the receiver can tell it is the same.
    expect((await admin('POST', `/webhooks/deliveries/${target.id}/resend`)).statusCode).toBe(200);
    await server.jobs.drain();
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === target.id)).toHaveLength(3);

    const audit = (await admin('GET', '/audit?limit=5')).json<{
      entries: { action: string; target: string; actor: string }[];
    }>();
    expect(audit.entries.filter((entry) => entry.action === 'webhook.resend')).toHaveLength(2);
    expect(audit.entries[0]).toMatchObject({
      target: `delivery:${target.id}`,
      actor: expect.stringMatching(/^apikey:ops /),
    });
    expect((await admin('POST', '/webhooks/deliveries/msg_nope/resend')).statusCode).toBe(404);
  });
});

/**
 * Issue 26, webhooks out: real flows (a registration, a paid order, a renewal) reach a local
 * receiver as signed Standard Webhooks messages, a receiver that fails is tried again on the
 * schedule with the same webhook-id, every try is recorded, and a delivery that never succeeds
 * ends `failed` after more than 24 hours of tries.
 */
import type { WebhookBody } from '@foyer/api';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { DELIVERY_RETENTION_MS, MAX_ATTEMPTS, pruneDeliveries, RETRY_SCHEDULE_MS } from '../../src/webhooks/delivery';
import { linkParam, mailbox, profileAuth, register, registerBody } from '../helpers';
import { call } from '../widget/helpers';
import { advance, billingServer, buy, sessionOf } from '../billing/helpers';
import { startReceiver, webhookSecret, type Receiver } from './receiver';

const secret = webhookSecret();
let receiver: Receiver;
let server: PreparedServer;

beforeAll(async () => {
  receiver = await startReceiver();
  // The demo seeding's endpoint: <siteUrl>/webhooks/foyer, every event, this secret.
  server = await billingServer({ siteUrl: receiver.url, demoWebhookSecret: secret });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.failFirst = 0;
  receiver.received.length = 0;
});

/** The bodies received with a 2xx answer, verified with the standardwebhooks library. */
function verified(): WebhookBody[] {
  return receiver.received
    .filter((request) => request.status < 300)
    .map(
      (request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookBody,
    );
}

function ofType<T extends WebhookBody['type']>(bodies: WebhookBody[], type: T) {
  return bodies.filter((body): body is Extract<WebhookBody, { type: T }> => body.type === type);
}

async function attemptsOf(webhookId: string) {
  return server.db.query<{ attempt: number; status_code: number | null; at: unknown }>(
    'SELECT attempt, status_code, at FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
    [webhookId],
  );
}

describe('webhooks out', () => {
  it('a registration is account.created, signed, at the demo endpoint, without secrets', async () => {
    const response = await register(server, registerBody('webhook-newcomer@foyer.test'));
    expect(response.statusCode, response.body).toBeLessThan(300);
    await server.jobs.drain();

    const [created] = ofType(verified(), 'account.created');
    expect(created).toBeDefined();
    expect(receiver.received[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    // No connection kept for the next try, which could meet the receiver closing it (issue 29).
    expect(receiver.received[0]!.headers.connection).toBe('close');
    const guid = (
      await server.db.query<{ guid: string }>(
        `SELECT guid FROM user_identifiers WHERE value = 'webhook-newcomer@foyer.test'`,
      )
    )[0]!.guid;
    expect(created!.data).toMatchObject({
      version: 1,
      serviceName: 'demo',
      accountId: guid,
      attributes: { email: 'webhook-newcomer@foyer.test', firstName: 'Ada' },
    });
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    // A forged signature is refused by the same library.
    const forged = { ...(receiver.received[0]!.headers as Record<string, string>), 'webhook-signature': 'v1,AAAA' };
    expect(() => new Webhook(secret).verify(receiver.received[0]!.body, forged)).toThrow();
  });

  it('a paid order and its renewal: order.created, subscription.created, payment.succeeded, subscription.renewed', async () => {
    const { session, guid } = await sessionOf(server, 'renews@foyer.test');
    const { orderId, subscriptionId } = await buy(server, session, 'digital-monthly-eur');
    await server.jobs.drain();
    let bodies = verified().filter((body) => body.data.accountId === guid);
    expect(bodies.map((body) => body.type).sort()).toEqual([
      'order.created',
      'payment.succeeded',
      'subscription.created',
    ]);
    expect(ofType(bodies, 'order.created')[0]!.data).toMatchObject({
      serviceName: 'demo',
      orderId,
      total: { amountMinor: expect.any(Number), currency: 'EUR' },
      paymentType: 'CARD',
    });
    expect(ofType(bodies, 'subscription.created')[0]!.data).toMatchObject({
      subscriptionId,
      orderId,
      productName: 'demo-digital',
      planId: 'digital-monthly-eur',
      status: 'ACTIVE',
    });
    expect(ofType(bodies, 'payment.succeeded')[0]!.data).toMatchObject({ orderId, reference: expect.any(String) });
    // No session id, in any body or header.
    for (const request of receiver.received) expect(JSON.stringify(request)).not.toContain(session);

    receiver.received.length = 0;
    await advance(server, 'P32D');
    bodies = verified().filter((body) => body.data.accountId === guid);
    const [renewed] = ofType(bodies, 'subscription.renewed');
    expect(renewed!.data).toMatchObject({
      subscriptionId,
      periodStart: expect.any(String),
      periodEnd: expect.any(String),
    });
    expect(ofType(bodies, 'payment.succeeded')[0]!.data).toMatchObject({ subscriptionId });
  });

  it('a profile change is account.updated; an accepted invitation is grant.accepted', async () => {
    const { session, guid } = await sessionOf(server, 'pays@foyer.test');
    const updated = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/userProfile/${guid}`,
      headers: { authorization: profileAuth(session) },
      payload: { attributes: [{ name: 'firstName', value: 'Paula' }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await server.jobs.drain();
    expect(ofType(verified(), 'account.updated')[0]!.data).toMatchObject({
      serviceName: 'demo',
      accountId: guid,
      changed: ['firstName'],
      attributes: { firstName: 'Paula', email: 'pays@foyer.test' },
    });

    const owner = await sessionOf(server, 'twice@foyer.test');
    const { subscriptionId } = await buy(server, owner.session, 'digital-monthly-eur');
    const invited = await call(server, 'POST', '/widget/account/beneficiary/invite/', {
      session: owner.session,
      payload: { subscriptionId, email: 'pays@foyer.test' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = (await mailbox(server)).find(
      (message) => message.to === 'pays@foyer.test' && message.text.includes('invitationKey'),
    );
    const key = linkParam(mail!, 'invitationKey');
    const accepted = await call(server, 'POST', `/widget/account/grant/action/${key}/accept`, {
      session,
      query: { manual: 'false' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await server.jobs.drain();
    expect(ofType(verified(), 'grant.accepted')[0]!.data).toMatchObject({
      serviceName: 'demo',
      accountId: guid,
      subscriptionId,
      ownerAccountId: owner.guid,
      grantId: expect.any(String),
    });
  });

  it('a receiver that fails twice gets the third try, on the schedule, with the same webhook-id; every try recorded', async () => {
    receiver.failFirst = 2;
    await register(server, registerBody('webhook-retried@foyer.test'));
    await server.jobs.drain();
    expect(receiver.received.map((request) => request.status)).toEqual([500]);
    const id = String(receiver.received[0]!.headers['webhook-id']);

    // Not due before its 5 seconds.
    await advance(server, 'PT4S');
    expect(receiver.received).toHaveLength(1);
    await advance(server, 'PT1S');
    expect(receiver.received.map((request) => request.status)).toEqual([500, 500]);
    await advance(server, 'PT5M');
    expect(receiver.received.map((request) => request.status)).toEqual([500, 500, 204]);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([id]));
    expect(verified()[0]).toMatchObject({ type: 'account.created' });

    const attempts = await attemptsOf(id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 204],
    ]);
    expect(Number(attempts[1]!.at) - Number(attempts[0]!.at)).toBeGreaterThanOrEqual(5_000);
    const [delivery] = await server.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries WHERE id = $1',
      [id],
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    // Delivered: later drains send nothing more.
    await advance(server, 'P1D');
    expect(receiver.received).toHaveLength(3);
  });

  it('a receiver that never answers 2xx is tried for more than 24 hours, then the delivery is failed', async () => {
    expect(RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 3_600_000);
    receiver.failFirst = 1_000;
    await register(server, registerBody('webhook-unreachable@foyer.test'));
    await server.jobs.drain();
    const id = String(receiver.received[0]!.headers['webhook-id']);
    for (const wait of RETRY_SCHEDULE_MS) await advance(server, `PT${wait / 1000}S`);
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const [delivery] = await server.db.query<{ status: string }>(
      'SELECT status FROM webhook_deliveries WHERE id = $1',
      [id],
    );
    expect(delivery!.status).toBe('failed');
    expect(await attemptsOf(id)).toHaveLength(MAX_ATTEMPTS);
    await advance(server, 'P2D');
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('forgets finished deliveries and their tries after 30 days, never a waiting one', async () => {
    receiver.failFirst = 1_000;
    await register(server, registerBody('webhook-waiting@foyer.test'));
    await server.jobs.drain();
    const waiting = String(receiver.received.at(-1)!.headers['webhook-id']);
    const finished = async () =>
      Number(
        (
          await server.db.query<{ n: unknown }>(
            `SELECT count(*) AS n FROM webhook_deliveries WHERE status IN ('delivered', 'failed')`,
          )
        )[0]!.n,
      );
    expect(await finished()).toBeGreaterThan(0);
    await pruneDeliveries(server.db, server.deps.now() + DELIVERY_RETENTION_MS + 86_400_000);
    expect(await finished()).toBe(0);
    expect(
      await server.db.query(
        'SELECT 1 FROM webhook_attempts a LEFT JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.id IS NULL',
      ),
    ).toEqual([]);
    // Still being tried: kept, with its tries.
    expect(await attemptsOf(waiting)).toHaveLength(1);
  });
});

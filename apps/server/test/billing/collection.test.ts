/**
 * Issue 25: a direct debit's first payment awaits its collection (ACTIVE_PENDING). Its renewals
 * are collected on the same mandate (kept with the subscription), and when the provider's event
 * never comes, the sweep looks the payment up now and then: a failed collection ends the
 * purchase (EXPIRED), so the plan can be bought again.
 */
import { directDebitRedirectSchema, paymentResultSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { testServer } from '../helpers';
import { call, demoSession, orderOk } from '../widget/helpers';
import { startGoCardlessStandIn, type GoCardlessStandIn } from '../widget/stand-ins/gocardless';
import { subscriptionState } from './helpers';

let gocardless: GoCardlessStandIn;
let server: PreparedServer;

beforeAll(async () => {
  gocardless = await startGoCardlessStandIn();
  Object.assign(process.env, {
    GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
    GOCARDLESS_API_URL: gocardless.apiUrl,
  });
  try {
    server = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
  } finally {
    for (const name of ['GOCARDLESS_ACCESS_TOKEN', 'GOCARDLESS_API_URL']) delete process.env[name];
  }
});
afterAll(async () => {
  await server?.close();
  await gocardless?.close();
});

describe('a direct debit never collected', () => {
  it('keeps the mandate for the renewals, and lapses once the provider says the collection failed', async () => {
    const session = await demoSession(server);
    const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], {
      paymentType: 'DIRECT_DEBIT',
    });
    const requested = await call(server, 'POST', `/widget/payment/${order.id}/directdebit`, {
      session,
      payload: { successRedirectUrl: 'http://localhost:8080/direct-debit-complete' },
    });
    const { redirectFlowId } = directDebitRedirectSchema.parse(requested.json());
    gocardless.sign(redirectFlowId);
    const paid = paymentResultSchema.parse(
      (
        await call(server, 'PUT', `/widget/payment/${order.id}/directdebit`, { session, payload: { redirectFlowId } })
      ).json(),
    );
    const subscriptionId = paid.purchases[0]!.subscriptionId!;
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    const [saved] = await server.db.query<{ payment_provider: string; payment_method: unknown }>(
      'SELECT payment_provider, payment_method FROM subscriptions WHERE id = $1',
      [subscriptionId],
    );
    const mandate = gocardless.payments.at(-1)!.mandate;
    expect(saved?.payment_provider).toBe('GOCARDLESS');
    const method = typeof saved?.payment_method === 'string' ? JSON.parse(saved.payment_method) : saved?.payment_method;
    expect(method).toEqual({ provider: 'GOCARDLESS', mandateId: mandate });

    // Still being collected: looking it up changes nothing.
    await server.db.query(`UPDATE payments SET updated_at = updated_at - 7200000 WHERE id = $1`, [paid.paymentId]);
    await server.jobs.drain();
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });

    // The bank refused it and no event came: the next look-up finds it.
    gocardless.payments.at(-1)!.status = 'failed';
    await server.jobs.drain();
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'ACTIVE_PENDING' });
    await server.db.query(`UPDATE payments SET updated_at = updated_at - 7200000 WHERE id = $1`, [paid.paymentId]);
    await server.jobs.drain();
    expect(await subscriptionState(server, subscriptionId)).toMatchObject({ status: 'EXPIRED' });
  });
});

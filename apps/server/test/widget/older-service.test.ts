/**
 * The older service of version 1 (purchase spec §7): `GET /account/{guid}` (subscriptions in the
 * v1 shape) and `POST /subscription/invite/{guid}` (the v2 invite's rules), own account only.
 */
import { beneficiarySchema, grantInvitationsSchema, olderAccountSchema, purchasesSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { loginOk, mailbox, profileAuth, testClock, testServer } from '../helpers';
import { call, orderOk, seededPerson } from './helpers';

let server: PreparedServer;
const clock = testClock(Date.UTC(2030, 0, 10, 12));

const person = (email: string) => seededPerson(email);

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: { ...seedConfig, accounts: [...seedConfig.accounts, person('owner@foyer.test'), person('other@foyer.test')] },
  });
});
afterAll(() => server.close());

async function sessionOf(email: string): Promise<{ session: string; guid: string }> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

async function subscribe(session: string, plan: string): Promise<string> {
  const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: plan }]);
  await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
  const purchases = purchasesSchema.parse(
    (await call(server, 'GET', '/widget/account/purchases/', { session })).json(),
  );
  return purchases.find((purchase) => purchase.orderItem.paymentPlan?._id === plan)!.subscription!.id;
}

const invite = (session: string | undefined, guid: string, payload: object) =>
  call(server, 'POST', `/subscription/invite/${guid}`, { ...(session ? { session } : {}), payload });

describe('the older service', () => {
  let owner: { session: string; guid: string };
  let other: { session: string; guid: string };
  let subscriptionId: string;

  beforeAll(async () => {
    owner = await sessionOf('owner@foyer.test');
    other = await sessionOf('other@foyer.test');
    subscriptionId = await subscribe(owner.session, 'digital-yearly-eur');
  });

  it('GET /account/{guid}: the own subscriptions in the v1 shape; needs the session of that account', async () => {
    for (const via of ['query', 'header'] as const) {
      const response = await call(server, 'GET', `/account/${owner.guid}`, { session: owner.session, via });
      expect(response.statusCode).toBe(200);
      expect(olderAccountSchema.parse(response.json())).toEqual({
        guid: owner.guid,
        subscriptions: [
          {
            _id: subscriptionId,
            pName: 'Digital access',
            startDate: '2030-01-10',
            paymentPlan: { _id: 'digital-yearly-eur', displayName: expect.any(String), frequency: { id: 'MONTH12' } },
            status: 'ACTIVE',
            productId: 'demo-digital',
          },
        ],
      });
    }
    expect((await call(server, 'GET', `/account/${owner.guid}`)).json().code).toBe('not_logged_in');
    const foreign = await call(server, 'GET', `/account/${owner.guid}`, { session: other.session });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    const none = await call(server, 'GET', `/account/${other.guid}`, { session: other.session });
    expect(olderAccountSchema.parse(none.json()).subscriptions).toEqual([]);
  });

  it('POST /subscription/invite/{guid}: the owner invites (mailed); duplicates refused', async () => {
    const invited = await invite(owner.session, owner.guid, {
      subscriptionId,
      email: 'Friend@Foyer.test',
      message: 'Enjoy!',
    });
    expect(invited.statusCode).toBe(201);
    expect(beneficiarySchema.parse(invited.json())).toMatchObject({
      email: 'friend@foyer.test',
      status: 'PENDING',
      message: 'Enjoy!',
      subscriptionId,
    });
    const mail = (await mailbox(server)).find((message) => message.to === 'friend@foyer.test');
    // A version 1 invite links to the v1 site's account page (v1/grant), not the v2 /invitation page.
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe('/my-account-v1');
    const key = url.searchParams.get('invitationKey') ?? '';
    expect(mail?.html).toContain(`/my-account-v1?invitationKey=${encodeURIComponent(key)}`);
    expect(key.length).toBeGreaterThan(20);

    const duplicate = await invite(owner.session, owner.guid, { subscriptionId, email: 'friend@foyer.test' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('duplicated_beneficiary');
    // The same rules as the v2 invite: one path, so a v2 duplicate of the same address is refused too.
    const v2 = await call(server, 'POST', '/widget/account/beneficiary/invite/', {
      session: owner.session,
      payload: { subscriptionId, email: 'friend@foyer.test' },
    });
    expect(v2.json().code).toBe('duplicated_beneficiary');

    // The owner sees it among the grants sent (identity service).
    const sent = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
      headers: { authorization: profileAuth(owner.session) },
    });
    expect(grantInvitationsSchema.parse(sent.json()).map((grant) => grant.email)).toContain('friend@foyer.test');
  });

  it('only the owner, on their own subscription, with a session', async () => {
    const payload = { subscriptionId, email: 'someone@foyer.test' };
    expect((await invite(undefined, owner.guid, payload)).json().code).toBe('not_logged_in');
    // Another account naming the owner's guid: FORBIDDEN; naming its own guid: not its subscription.
    const forged = await invite(other.session, owner.guid, payload);
    expect(forged.statusCode).toBe(403);
    expect((await invite(other.session, other.guid, payload)).json().code).toBe('subscription_not_found');
    // Inviting oneself is no beneficiary.
    expect((await invite(owner.session, owner.guid, { subscriptionId, email: 'owner@foyer.test' })).json().code).toBe(
      'add_beneficiary_fail',
    );
    const rows = await server.db.query('SELECT 1 FROM grants WHERE email = $1', ['someone@foyer.test']);
    expect(rows).toEqual([]);
  });

  it('validates: subscription id and a valid email are required', async () => {
    for (const payload of [
      { email: 'x@foyer.test' },
      { subscriptionId },
      { subscriptionId, email: '' },
      { subscriptionId, email: 'not-an-email' },
    ]) {
      const response = await invite(owner.session, owner.guid, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('concurrent invites of one address give one beneficiary; only the owner deletes it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => invite(owner.session, owner.guid, { subscriptionId, email: 'race@foyer.test' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().code === 'duplicated_beneficiary')).toHaveLength(5);
    const key = beneficiarySchema.parse(answers.find((answer) => answer.statusCode === 201)!.json()).key;
    const remove = (who: { session: string; guid: string }) =>
      server.app.inject({
        method: 'DELETE',
        url: `/ic/api/userProfile/${who.guid}/grant/${key}`,
        headers: { authorization: profileAuth(who.session) },
      });
    expect((await remove(other)).json().code).toBe('beneficiary_not_found');
    expect((await remove(owner)).statusCode).toBe(204);
    // Deleted, the address may be invited again.
    expect((await invite(owner.session, owner.guid, { subscriptionId, email: 'race@foyer.test' })).statusCode).toBe(
      201,
    );
  });

  it('the owner deletes an invitation the invitee declined (v1/invitations-list lists it with Delete)', async () => {
    const invited = await invite(owner.session, owner.guid, { subscriptionId, email: 'other@foyer.test' });
    expect(invited.statusCode).toBe(201);
    const key = beneficiarySchema.parse(invited.json()).key;
    const auth = (who: { session: string }) => ({ authorization: profileAuth(who.session) });
    const declined = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${other.guid}/grant/${key}/decline`,
      headers: auth(other),
    });
    expect(declined.json().status).toBe('DECLINED');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/ic/api/userProfile/${owner.guid}/grant/${key}`,
      headers: auth(owner),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const sent = grantInvitationsSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
          headers: auth(owner),
        })
      ).json(),
    );
    expect(sent.find((row) => row.key === key)?.status).toBe('REMOVED');
  });
});

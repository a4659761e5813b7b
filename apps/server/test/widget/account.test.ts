import {
  beneficiariesSchema,
  beneficiarySchema,
  grantInvitationSchema,
  grantInvitationsSchema,
  parseCancellationReasons,
  propertySchema,
  purchasesSchema,
} from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledProductIds } from '../../src/account/entitlements';
import type { PreparedServer } from '../../src/index';
import { seedConfig } from '../../src/seed-config';
import { linkParam, loginOk, mailbox, profileAuth, testClock, testServer } from '../helpers';
import { call, orderOk, seededPerson } from './helpers';

const DAY = 86_400_000;
let server: PreparedServer;
const clock = testClock(Date.UTC(2030, 0, 10, 12));

const person = (email: string) => seededPerson(email);

beforeAll(async () => {
  server = await testServer({
    now: clock.now,
    loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
    seed: {
      ...seedConfig,
      accounts: [
        ...seedConfig.accounts,
        person('owner@foyer.test'),
        person('friend@foyer.test'),
        person('stranger@foyer.test'),
      ],
    },
  });
});
afterAll(() => server.close());

async function sessionOf(email: string): Promise<{ session: string; guid: string }> {
  const response = await loginOk(server, email, 'right-password-1');
  return { session: response.mainSession.sessionId, guid: response.guid };
}

/** Buys the yearly digital plan for the account and answers its subscription id. */
async function subscribe(session: string, plan = 'digital-yearly-eur'): Promise<string> {
  const order = await orderOk(server, session, [{ product: 'demo-digital', paymentPlan: plan }]);
  const paid = await call(server, 'POST', `/widget/payment/${order.id}`, { session, payload: { token: 'manual' } });
  expect(paid.statusCode).toBe(200);
  const purchases = purchasesSchema.parse(
    (await call(server, 'GET', '/widget/account/purchases/', { session })).json(),
  );
  return purchases.find((purchase) => purchase.orderItem.paymentPlan?._id === plan)!.subscription!.id;
}

function invite(session: string, subscriptionId: string, email: string, message?: string) {
  return call(server, 'POST', '/widget/account/beneficiary/invite/', {
    session,
    payload: { subscriptionId, email, ...(message ? { message } : {}) },
  });
}

async function invitationKeyFor(email: string): Promise<string> {
  const mail = (await mailbox(server)).find((message) => message.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return linkParam(mail, 'invitationKey');
}

describe('the account area', () => {
  let owner: { session: string; guid: string };
  let friend: { session: string; guid: string };
  let stranger: { session: string; guid: string };
  let subscriptionId: string;
  let raceSubscriptionId: string;

  beforeAll(async () => {
    owner = await sessionOf('owner@foyer.test');
    friend = await sessionOf('friend@foyer.test');
    stranger = await sessionOf('stranger@foyer.test');
    subscriptionId = await subscribe(owner.session);
  });

  it('reads the purchases back, with dates, status, plan and no beneficiaries; needs a login', async () => {
    const response = await call(server, 'GET', '/widget/account/purchases/', { session: owner.session });
    expect(response.statusCode).toBe(200);
    const [purchase] = purchasesSchema.parse(response.json());
    expect(purchase).toMatchObject({
      status: 'ACTIVE',
      orderItem: {
        product: { name: 'demo-digital' },
        paymentPlan: { _id: 'digital-yearly-eur', frequency: { id: 'MONTH12' } },
      },
      subscription: { id: subscriptionId, status: 'ACTIVE', startDate: '2030-01-10', endDate: '2031-01-10' },
      beneficiaries: 0,
    });
    expect((await call(server, 'GET', '/widget/account/purchases/')).json().code).toBe('not_logged_in');
    expect(purchasesSchema.parse((await call(server, 'GET', '/widget/account/purchases/', stranger)).json())).toEqual(
      [],
    );
  });

  it('invites: mails a single-use key (hashed at rest); refuses duplicates and strangers', async () => {
    const invited = await invite(owner.session, subscriptionId, 'Friend@Foyer.test', 'Enjoy!');
    expect(invited.statusCode).toBe(201);
    const beneficiary = beneficiarySchema.parse(invited.json());
    expect(beneficiary).toMatchObject({ email: 'friend@foyer.test', status: 'PENDING', message: 'Enjoy!' });
    const key = await invitationKeyFor('friend@foyer.test');
    expect(key).not.toBe(beneficiary.key);
    const mail = (await mailbox(server)).find((message) => message.to === 'friend@foyer.test')!;
    expect(mail.subject).toBe('Invitation to Digital access');
    expect(mail.text).toContain('"Enjoy!"');
    expect(mail.text).toContain('/invitation?invitationKey=');
    const stored = await server.db.query<{ key_hash: string }>('SELECT key_hash FROM grants WHERE id = $1', [
      beneficiary.key,
    ]);
    expect(stored[0]!.key_hash).not.toContain(key);
    expect(JSON.stringify(invited.json())).not.toContain(key);

    const duplicate = await invite(owner.session, subscriptionId, 'friend@foyer.test');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('duplicated_beneficiary');
    // A stranger cannot invite on, list or remove from someone else's subscription.
    expect((await invite(stranger.session, subscriptionId, 'x@foyer.test')).json().code).toBe('subscription_not_found');
    const list = await call(server, 'GET', `/widget/account/beneficiary/${subscriptionId}`, stranger);
    expect(list.json().code).toBe('subscription_not_found');
    const remove = await call(server, 'DELETE', `/widget/account/beneficiary/${subscriptionId}/${beneficiary.key}`, {
      session: stranger.session,
    });
    expect(remove.json().code).toBe('beneficiary_not_found');
    // An invalid address is refused before anything is stored.
    expect((await invite(owner.session, subscriptionId, 'not-an-email')).json().code).toBe('VALIDATION_FAILED');
  });

  it('concurrent duplicate invites give one beneficiary', async () => {
    const sub = await subscribe(owner.session, 'digital-monthly-eur');
    raceSubscriptionId = sub;
    const answers = await Promise.all(Array.from({ length: 6 }, () => invite(owner.session, sub, 'race@foyer.test')));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().code === 'duplicated_beneficiary')).toHaveLength(5);
    const list = beneficiariesSchema.parse(
      (await call(server, 'GET', `/widget/account/beneficiary/${sub}`, { session: owner.session })).json(),
    );
    expect(list.map((row) => row.email)).toEqual(['race@foyer.test']);
  });

  it('the invitee sees the invitation by key and in received, accepts once; entitlement follows', async () => {
    const key = await invitationKeyFor('friend@foyer.test');
    const byKey = await call(server, 'GET', `/widget/account/grant/invitation/${key}`, friend);
    expect(grantInvitationSchema.parse(byKey.json())).toMatchObject({
      status: 'PENDING',
      subscriptionId,
      roleName: 'demo-digital:reader',
    });
    const received = grantInvitationsSchema.parse(
      (await call(server, 'GET', '/widget/account/grant/received', friend)).json(),
    );
    expect(received.map((grant) => grant.status)).toEqual(['PENDING']);
    expect(await entitledProductIds(server.db, friend.guid, clock.now())).toEqual([]);

    const accepted = await call(server, 'POST', `/widget/account/grant/action/${key}/accept`, {
      session: friend.session,
      query: { manual: 'false' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(grantInvitationSchema.parse(accepted.json()).status).toBe('ACCEPTED');
    expect(await entitledProductIds(server.db, friend.guid, clock.now())).toEqual(['demo-digital']);
    // Single use: the key no longer answers anyone else, nor acts again.
    expect((await call(server, 'GET', `/widget/account/grant/invitation/${key}`, stranger)).json().code).toBe(
      'grant_not_found',
    );
    const again = await call(server, 'POST', `/widget/account/grant/action/${key}/decline`, stranger);
    expect(again.json().code).toBe('action_decline_fail');
    const byStranger = await call(server, 'POST', `/widget/account/grant/action/${key}/accept`, stranger);
    expect(byStranger.json().code).toBe('action_accept_fail');
    expect(await entitledProductIds(server.db, stranger.guid, clock.now())).toEqual([]);
    // The caller who accepted still sees it, now ACCEPTED.
    const mine = await call(server, 'GET', `/widget/account/grant/invitation/${key}`, friend);
    expect(mine.json().status).toBe('ACCEPTED');

    const list = beneficiariesSchema.parse(
      (await call(server, 'GET', `/widget/account/beneficiary/${subscriptionId}`, owner)).json(),
    );
    expect(list).toMatchObject([{ email: 'friend@foyer.test', status: 'ACCEPTED' }]);
    const purchases = purchasesSchema.parse((await call(server, 'GET', '/widget/account/purchases/', owner)).json());
    expect(purchases.find((purchase) => purchase.subscription?.id === subscriptionId)!.beneficiaries).toBe(1);
  });

  it('a stranger cannot act on an invitation to someone else by its id; the invitee can', async () => {
    await invite(owner.session, subscriptionId, 'other-friend@foyer.test');
    const [grant] = grantInvitationsSchema.parse(
      (await call(server, 'GET', '/widget/account/grant/received', { session: stranger.session })).json(),
    );
    expect(grant).toBeUndefined();
    const sent = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
      headers: { authorization: profileAuth(owner.session) },
    });
    const pending = grantInvitationsSchema.parse(sent.json()).find((row) => row.email === 'other-friend@foyer.test')!;
    const refused = await call(server, 'POST', `/widget/account/grant/action/${pending.key}/accept`, stranger);
    expect(refused.json().code).toBe('action_accept_fail');
    // Through the identity service, another user's grants are FORBIDDEN.
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
      headers: { authorization: profileAuth(stranger.session) },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the identity service grant calls: received, one grant, decline by id, owner deletes; others FORBIDDEN', async () => {
    await invite(owner.session, subscriptionId, 'stranger@foyer.test');
    const auth = (sessionId: string) => ({ authorization: profileAuth(sessionId) });
    const received = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${stranger.guid}/grant/received`,
      headers: auth(stranger.session),
    });
    const [grant] = grantInvitationsSchema.parse(received.json());
    expect(grant).toMatchObject({ email: 'stranger@foyer.test', status: 'PENDING' });
    const one = await server.app.inject({
      method: 'GET',
      url: `/ic/api/userProfile/${stranger.guid}/grant/${grant!.key}`,
      headers: auth(stranger.session),
    });
    expect(one.json().key).toBe(grant!.key);
    const foreign = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${stranger.guid}/grant/${grant!.key}/decline`,
      headers: auth(friend.session),
    });
    expect(foreign.statusCode).toBe(403);
    const declined = await server.app.inject({
      method: 'POST',
      url: `/ic/api/userProfile/${stranger.guid}/grant/${grant!.key}/decline`,
      headers: auth(stranger.session),
    });
    expect(declined.json().status).toBe('DECLINED');
    await invite(owner.session, subscriptionId, 'withdrawn@foyer.test');
    const sent = grantInvitationsSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: `/ic/api/userProfile/${owner.guid}/grant/sent`,
          headers: auth(owner.session),
        })
      ).json(),
    );
    const withdrawn = sent.find((row) => row.email === 'withdrawn@foyer.test')!;
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/ic/api/userProfile/${owner.guid}/grant/${withdrawn.key}`,
      headers: auth(owner.session),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('removing a beneficiary ends the entitlement; only the owner may', async () => {
    const [row] = beneficiariesSchema
      .parse((await call(server, 'GET', `/widget/account/beneficiary/${subscriptionId}`, owner)).json())
      .filter((beneficiary) => beneficiary.email === 'friend@foyer.test');
    const removed = await call(server, 'DELETE', `/widget/account/beneficiary/${subscriptionId}/${row!.key}`, owner);
    expect(removed.statusCode).toBe(204);
    expect(await entitledProductIds(server.db, friend.guid, clock.now())).toEqual([]);
    // The address may be invited again after removal.
    expect((await invite(owner.session, subscriptionId, 'friend@foyer.test')).statusCode).toBe(201);
  });

  it('cancels with a reason from List_Reasons_Cancel and a date; entitlement lasts until that day', async () => {
    const property = propertySchema.parse((await call(server, 'GET', '/properties/List_Reasons_Cancel', owner)).json());
    const reasons = parseCancellationReasons(property.value);
    expect(reasons[0]).toEqual({ key: 'TOO_EXPENSIVE', value: 'It is too expensive' });
    const path = `/api/1.0/subscription/${subscriptionId}/cancel/${owner.guid}`;
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now() + DAY).toISOString().slice(0, 10);
    const yesterday = new Date(clock.now() - DAY).toISOString().slice(0, 10);

    expect(
      (await call(server, 'POST', path, { ...owner, payload: { cancelDate: yesterday, reason: 'OTHER' } })).json().code,
    ).toBe('cancel_date_invalid');
    expect(
      (await call(server, 'POST', path, { ...owner, payload: { cancelDate: today, reason: 'NOPE' } })).json().code,
    ).toBe('cancel_reason_invalid');
    // A stranger: with their own id in the path the subscription is unknown to them; with the owner's, FORBIDDEN.
    const strangerPath = `/api/1.0/subscription/${subscriptionId}/cancel/${stranger.guid}`;
    expect(
      (
        await call(server, 'POST', strangerPath, { ...stranger, payload: { cancelDate: today, reason: 'OTHER' } })
      ).json().code,
    ).toBe('subscription_not_found');
    expect(
      (await call(server, 'POST', path, { ...stranger, payload: { cancelDate: today, reason: 'OTHER' } })).statusCode,
    ).toBe(403);

    const cancelled = await call(server, 'POST', path, {
      ...owner,
      payload: { cancelDate: tomorrow, reason: 'OTHER' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelDate: tomorrow, endDate: tomorrow });
    const purchases = purchasesSchema.parse((await call(server, 'GET', '/widget/account/purchases/', owner)).json());
    expect(purchases.find((purchase) => purchase.subscription?.id === subscriptionId)).toMatchObject({
      status: 'CANCELLED',
      subscription: { status: 'CANCELLED', cancelDate: tomorrow },
    });
    expect(await entitledProductIds(server.db, owner.guid, clock.now())).toContain('demo-digital');
    const twice = await call(server, 'POST', path, { ...owner, payload: { cancelDate: tomorrow, reason: 'OTHER' } });
    expect(twice.json().code).toBe('subscription_not_cancellable');
  });
  it('an invitation expires: it can no longer be answered, and the address can be invited again', async () => {
    await invite(owner.session, raceSubscriptionId, 'late@foyer.test');
    const key = await invitationKeyFor('late@foyer.test');
    clock.advance(15 * DAY);
    const late = await sessionOf('friend@foyer.test');
    expect((await call(server, 'POST', `/widget/account/grant/action/${key}/accept`, late)).json().code).toBe(
      'action_accept_fail',
    );
    const again = await sessionOf('owner@foyer.test');
    expect((await invite(again.session, raceSubscriptionId, 'late@foyer.test')).statusCode).toBe(201);
  });
});

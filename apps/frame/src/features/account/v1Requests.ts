/**
 * The version 1 account widgets' calls (purchase spec §7): grants through the identity service's
 * calls by user (`/userProfile/{guid}/grant/...`), the account's subscriptions and the beneficiary
 * invite through the older service (`GET /account/{guid}`, `POST /subscription/invite/{guid}`).
 * `guid` is always the session's own user. Events as the version 2 account area's.
 */
import type { FoyerError } from '@foyer/api';
import {
  actOnUserGrant,
  deleteUserGrant,
  getUserGrant,
  getUserGrantsReceived,
  getUserGrantsSent,
} from '@foyer/api/grants';
import {
  getOlderAccount,
  inviteToSubscription,
  type Beneficiary,
  type BeneficiaryInvite,
  type GrantInvitation,
  type SubscriptionV1,
} from '@foyer/api/widget';
import type { RootState } from '../../app/store';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity, type IdentityCallApi } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { callWidget } from '../../app/store/widgetClient';
import { failure, grantRequests } from './accountRequests';

const guidOf = (api: IdentityCallApi) => (api.getState() as RootState).session.guid ?? '';

/** `v1/grant`: the received invitations and the page's `invitationKey`, by user. */
export const userGrants = grantRequests('v1', {
  received: (api, signal) => callIdentity(api, getUserGrantsReceived, { params: { guid: guidOf(api) }, signal }),
  byKey: (api, id, signal) => callIdentity(api, getUserGrant, { params: { guid: guidOf(api), id }, signal }),
  act: (api, { key, action }) => callIdentity(api, actOnUserGrant, { params: { guid: guidOf(api), id: key, action } }),
});

/** `v1/subscriptions-list`: the visitor's subscriptions, from the older service. */
const loadSubscriptions = createAppAsyncThunk<SubscriptionV1[], void>('v1/subscriptions', async (_arg, api) => {
  const result = await callWidget(api, getOlderAccount, { params: { guid: guidOf(api) }, signal: api.signal });
  if (!result.ok) return api.rejectWithValue(result.error);
  api.extra.host.publish({ name: 'subscriptionsList.loaded', payload: { count: result.data.subscriptions.length } });
  return result.data.subscriptions;
});
export const subscriptionsV1Request = createRequest<SubscriptionV1[], void>('v1Subscriptions', loadSubscriptions);

/** `v1/invitations-list`: the visitor's subscriptions and the invitations they sent. */
export interface InvitationsView {
  subscriptions: SubscriptionV1[];
  /** Live ones only (PENDING, ACCEPTED, DECLINED, EXPIRED): a deleted one is gone from the list. */
  sent: GrantInvitation[];
}

const loadInvitations = createAppAsyncThunk<InvitationsView, void>('v1/invitations', async (_arg, api) => {
  const guid = guidOf(api);
  const [account, sent] = await Promise.all([
    callWidget(api, getOlderAccount, { params: { guid }, signal: api.signal }),
    callIdentity(api, getUserGrantsSent, { params: { guid }, signal: api.signal }),
  ]);
  const failed: FoyerError | null = !account.ok ? account.error : !sent.ok ? sent.error : null;
  if (failed || !account.ok || !sent.ok) return api.rejectWithValue(failed!);
  const live = sent.data.filter((grant) => grant.status !== 'REMOVED');
  api.extra.host.publish({ name: 'invitationsList.loaded', payload: { count: live.length } });
  return { subscriptions: account.data.subscriptions, sent: live };
});
export const invitationsRequest = createRequest<InvitationsView, void>('v1Invitations', loadInvitations);

/** The subscription's owner invites a beneficiary through the older service. */
export const inviteV1 = createAppAsyncThunk<Beneficiary, BeneficiaryInvite>('v1/invite', async (body, api) => {
  const result = await callWidget(api, inviteToSubscription, { params: { guid: guidOf(api) }, body });
  if (!result.ok) {
    api.extra.host.publish({ name: 'beneficiary.failed', payload: failure(result.error) });
    return api.rejectWithValue(result.error);
  }
  api.extra.host.publish({ name: 'beneficiary.invited', payload: { subscriptionId: body.subscriptionId } });
  return result.data;
});

/** The owner deletes invitations (one email, or every one of a subscription), one call each. */
export const deleteGrantsV1 = createAppAsyncThunk<void, { subscriptionId: string; keys: string[] }>(
  'v1/deleteGrants',
  async ({ subscriptionId, keys }, api) => {
    const guid = guidOf(api);
    for (const key of keys) {
      const result = await callIdentity(api, deleteUserGrant, { params: { guid, key } });
      if (!result.ok) {
        api.extra.host.publish({ name: 'beneficiary.failed', payload: failure(result.error) });
        return api.rejectWithValue(result.error);
      }
    }
    api.extra.host.publish({ name: 'beneficiary.removed', payload: { subscriptionId } });
  },
);

/**
 * The account area's server calls (purchase spec §7) as thunks: reads as request slices (one
 * `RequestState` each, reloaded by useRequest), changes as thunks the widgets dispatch and unwrap.
 * Each publishes its protocol event; payloads carry ids and codes, never keys or addresses.
 */
import type { FoyerError } from '@foyer/api';
import {
  actOnGrant,
  cancelSubscription,
  CANCEL_REASONS_PROPERTY,
  getBeneficiaries,
  getGrantInvitation,
  getProperty,
  getPurchases,
  getReceivedGrants,
  inviteBeneficiary,
  parseCancellationReasons,
  removeBeneficiary,
  type Beneficiary,
  type BeneficiaryInvite,
  type CancellationReason,
  type GrantAction,
  type GrantInvitation,
  type Purchase,
} from '@foyer/api/widget';
import { createAppAsyncThunk } from '../../store/asyncStatus';
import { createRequest } from '../../store/requests';
import { callWidget } from '../_purchase/widgetClient';

export const failure = (error: FoyerError) => ({ code: error.code, statusCode: error.statusCode });

const loadPurchases = createAppAsyncThunk<Purchase[], void>('account/purchases', async (_arg, api) => {
  const result = await callWidget(api, getPurchases, { signal: api.signal });
  if (!result.ok) {
    api.extra.host.publish({ name: 'purchasesList.failed', payload: failure(result.error) });
    return api.rejectWithValue(result.error);
  }
  api.extra.host.publish({ name: 'purchasesList.loaded', payload: { count: result.data.length } });
  return result.data;
});
export const purchasesRequest = createRequest<Purchase[], void>('accountPurchases', loadPurchases);

const loadBeneficiaries = createAppAsyncThunk<Beneficiary[], string>(
  'account/beneficiaries',
  async (subscriptionId, api) => {
    const result = await callWidget(api, getBeneficiaries, { params: { subscriptionId }, signal: api.signal });
    return result.ok ? result.data : api.rejectWithValue(result.error);
  },
);
export const beneficiariesRequest = createRequest<Beneficiary[], string>('accountBeneficiaries', loadBeneficiaries);

/** The received invitations, and the one of the page's `invitationKey` (null when it has none). */
export interface GrantsView {
  received: GrantInvitation[];
  keyed: GrantInvitation | null;
  /** Set when the key named no invitation for this visitor (used, expired, someone else's). */
  keyError: FoyerError | null;
}

const loadGrants = createAppAsyncThunk<GrantsView, string | null>('account/grants', async (invitationKey, api) => {
  const [received, keyed] = await Promise.all([
    callWidget(api, getReceivedGrants, { signal: api.signal }),
    invitationKey
      ? callWidget(api, getGrantInvitation, { params: { key: invitationKey }, signal: api.signal })
      : Promise.resolve(null),
  ]);
  if (!received.ok) return api.rejectWithValue(received.error);
  api.extra.host.publish({ name: 'grantInvitations.loaded', payload: { count: received.data.length } });
  return {
    received: received.data,
    keyed: keyed?.ok ? keyed.data : null,
    keyError: keyed && !keyed.ok ? keyed.error : null,
  };
});
export const grantsRequest = createRequest<GrantsView, string | null>('accountGrants', loadGrants);

const loadReasons = createAppAsyncThunk<CancellationReason[], void>('account/cancelReasons', async (_arg, api) => {
  const result = await callWidget(api, getProperty, { params: { name: CANCEL_REASONS_PROPERTY }, signal: api.signal });
  return result.ok ? parseCancellationReasons(result.data.value) : api.rejectWithValue(result.error);
});
export const reasonsRequest = createRequest<CancellationReason[], void>('accountCancelReasons', loadReasons);

export const sendInvitation = createAppAsyncThunk<Beneficiary, BeneficiaryInvite>(
  'account/invite',
  async (body, api) => {
    const result = await callWidget(api, inviteBeneficiary, { body });
    if (!result.ok) {
      api.extra.host.publish({ name: 'beneficiary.failed', payload: failure(result.error) });
      return api.rejectWithValue(result.error);
    }
    api.extra.host.publish({ name: 'beneficiary.invited', payload: { subscriptionId: body.subscriptionId } });
    return result.data;
  },
);

export const dropBeneficiary = createAppAsyncThunk<void, { subscriptionId: string; key: string }>(
  'account/removeBeneficiary',
  async (params, api) => {
    const result = await callWidget(api, removeBeneficiary, { params });
    if (!result.ok) {
      api.extra.host.publish({ name: 'beneficiary.failed', payload: failure(result.error) });
      return api.rejectWithValue(result.error);
    }
    api.extra.host.publish({ name: 'beneficiary.removed', payload: { subscriptionId: params.subscriptionId } });
  },
);

export const answerGrant = createAppAsyncThunk<GrantInvitation, { key: string; action: GrantAction }>(
  'account/answerGrant',
  async (params, api) => {
    const result = await callWidget(api, actOnGrant, { params, query: { manual: 'false' } });
    if (!result.ok) {
      api.extra.host.publish({ name: 'grant.failed', payload: failure(result.error) });
      return api.rejectWithValue(result.error);
    }
    const payload = { subscriptionId: result.data.subscriptionId };
    api.extra.host.publish({ name: params.action === 'accept' ? 'grant.accepted' : 'grant.declined', payload });
    return result.data;
  },
);

export const cancelOne = createAppAsyncThunk<
  { subscriptionId: string; cancelDate: string },
  { subscriptionId: string; cancelDate: string; reason: string }
>('account/cancelSubscription', async ({ subscriptionId, cancelDate, reason }, api) => {
  const guid = api.getState().session.guid ?? '';
  const result = await callWidget(api, cancelSubscription, {
    params: { subscriptionId, id: guid },
    body: { cancelDate, reason },
  });
  if (!result.ok) {
    api.extra.host.publish({ name: 'cancelSubscription.failed', payload: failure(result.error) });
    return api.rejectWithValue(result.error);
  }
  const done = { subscriptionId, cancelDate: result.data.cancelDate ?? cancelDate };
  api.extra.host.publish({ name: 'subscription.cancelled', payload: done });
  return done;
});

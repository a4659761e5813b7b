/**
 * The account area's server calls (purchase spec §7) as thunks: reads as request slices (one
 * `RequestState` each, reloaded by useRequest), changes as thunks the widgets dispatch and unwrap.
 * Each publishes its protocol event; payloads carry ids and codes, never keys or addresses.
 */
import type { ApiResult, FoyerError } from '@foyer/api';
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
import { createAppAsyncThunk, type AppAsyncThunk } from '../../app/store/asyncStatus';
import type { IdentityCallApi } from '../../app/store/identityClient';
import { createRequest, type RequestSlice } from '../../app/store/requests';
import { callWidget } from '../../app/store/widgetClient';

export const failure = (error: FoyerError) => ({ code: error.code, statusCode: error.statusCode });

/**
 * The visitor's purchases, publishing the events of the widget that shows them: the purchases list
 * publishes `purchasesList.loaded`; cancel-subscription reads the same call to offer the running
 * subscriptions, and the spec names no loaded event for it, so it publishes only its failure (a
 * page with both widgets would otherwise hear `purchasesList.loaded` twice).
 */
function purchasesLoader(
  name: string,
  events: { loaded?: 'purchasesList.loaded'; failed: 'purchasesList.failed' | 'cancelSubscription.failed' },
) {
  return createAppAsyncThunk<Purchase[], void>(`${name}/purchases`, async (_arg, api) => {
    const result = await callWidget(api, getPurchases, { signal: api.signal });
    if (!result.ok) {
      // A load given up for a newer one (a login or session event reloads the list) did not fail.
      if (!api.signal.aborted) api.extra.host.publish({ name: events.failed, payload: failure(result.error) });
      return api.rejectWithValue(result.error);
    }
    if (events.loaded) api.extra.host.publish({ name: events.loaded, payload: { count: result.data.length } });
    return result.data;
  });
}

/** purchases-list's rows. */
export const purchasesRequest = createRequest<Purchase[], void>(
  'accountPurchases',
  purchasesLoader('account', { loaded: 'purchasesList.loaded', failed: 'purchasesList.failed' }),
);

/** cancel-subscription's choice of running subscriptions. */
export const cancellablePurchasesRequest = createRequest<Purchase[], void>(
  'cancelSubscriptionPurchases',
  purchasesLoader('cancelSubscription', { failed: 'cancelSubscription.failed' }),
);

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

/**
 * Where a grant widget's calls go: the widget service's account calls (version 2), or the
 * identity service's calls by user (version 1, `v1Requests.ts`).
 */
export interface GrantCalls {
  received(api: IdentityCallApi, signal: AbortSignal): Promise<ApiResult<GrantInvitation[]>>;
  byKey(api: IdentityCallApi, key: string, signal: AbortSignal): Promise<ApiResult<GrantInvitation>>;
  act(api: IdentityCallApi, params: { key: string; action: GrantAction }): Promise<ApiResult<GrantInvitation>>;
}

export interface GrantRequests {
  grants: RequestSlice<GrantsView, string | null>;
  answer: AppAsyncThunk<GrantInvitation, { key: string; action: GrantAction }>;
}

/** The grant list and its accept/decline over `calls`, with the account area's events. */
export function grantRequests(name: string, calls: GrantCalls): GrantRequests {
  const loadGrants = createAppAsyncThunk<GrantsView, string | null>(`${name}/grants`, async (invitationKey, api) => {
    const [received, keyed] = await Promise.all([
      calls.received(api, api.signal),
      invitationKey ? calls.byKey(api, invitationKey, api.signal) : Promise.resolve(null),
    ]);
    if (!received.ok) return api.rejectWithValue(received.error);
    api.extra.host.publish({ name: 'grantInvitations.loaded', payload: { count: received.data.length } });
    return {
      received: received.data,
      keyed: keyed?.ok ? keyed.data : null,
      keyError: keyed && !keyed.ok ? keyed.error : null,
    };
  });
  const answer = createAppAsyncThunk<GrantInvitation, { key: string; action: GrantAction }>(
    `${name}/answerGrant`,
    async (params, api) => {
      const result = await calls.act(api, params);
      if (!result.ok) {
        api.extra.host.publish({ name: 'grant.failed', payload: failure(result.error) });
        return api.rejectWithValue(result.error);
      }
      const payload = { subscriptionId: result.data.subscriptionId };
      api.extra.host.publish({ name: params.action === 'accept' ? 'grant.accepted' : 'grant.declined', payload });
      return result.data;
    },
  );
  return { grants: createRequest<GrantsView, string | null>(`${name}Grants`, loadGrants), answer };
}

/** Version 2: the widget service's `/widget/account/grant/...` calls. */
export const widgetGrants = grantRequests('account', {
  received: (api, signal) => callWidget(api, getReceivedGrants, { signal }),
  byKey: (api, key, signal) => callWidget(api, getGrantInvitation, { params: { key }, signal }),
  act: (api, params) => callWidget(api, actOnGrant, { params, query: { manual: 'false' } }),
});

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

import { foyerError, type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { createRequest, type RequestSlice } from '../../app/store/requests';
import type { AppThunk } from '../../app/store/thunk';

/** The activation message: its text code and HTTP-like status (the message box colours by it). */
export type ActivationOutcome = FoyerError;

/**
 * POST /userProfileActivationWorkflow/:key. The outcome is a message with a severity: success
 * (activated), warning (confirmed but the account is locked); a rejection is the danger message
 * (unknown, used or expired key). No key at all: "Couldn't find the activation key!" without a
 * request. A key is single-use: one activation per frame, even if the widget mounts twice, and
 * never aborted (a second try would only hear that the key was used).
 */
export const activateAccount = createAppAsyncThunk<ActivationOutcome, string | undefined>(
  'accountActivation/activate',
  async (key, api) => {
    const { extra, rejectWithValue } = api;
    if (!key) return rejectWithValue(foyerError('ACTIVATION_KEY_MISSING'));
    const result = await callIdentity(api, identityApi.activateAccount, { params: { key } });
    if (!result.ok) {
      extra.host.publish({
        name: 'accountActivation.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return rejectWithValue(result.error);
    }
    extra.host.publish({ name: 'accountActivation.success', payload: { guid: result.data.guid } });
    return result.data.state === 'LOCKED'
      ? foyerError('account-activation.locked', [], 300)
      : foyerError('account-activation.success', [], 200);
  },
  { condition: (_key, { getState }): boolean => activationRequest.select(getState()).status === 'idle' },
);

export const activationRequest: RequestSlice<ActivationOutcome, string | undefined> = createRequest<
  ActivationOutcome,
  string | undefined
>('accountActivation', activateAccount);

export const cancelActivation = (): AppThunk => (_dispatch, _getState, extra) =>
  extra.host.publish({ name: 'accountActivation.cancelled', payload: {} });

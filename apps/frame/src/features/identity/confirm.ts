import { foyerError, type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { createRequest, type RequestSlice } from '../../app/store/requests';

/** The confirmation message: its text code and HTTP-like status (the message box colours by it). */
export type IdentifierConfirmOutcome = FoyerError;

/** The keys of the mailed link: `guid` and `identifierChangeKey` of the page's query. */
export interface IdentifierConfirmLink {
  guid?: string;
  key?: string;
}

/**
 * POST /userProfile/:guid/identifier/confirm (issue 11): the new address proves itself with the
 * key mailed to it, and only then does the change take effect. Success is a message telling the
 * visitor to log in with the new address; an unknown, used or expired key is the danger message;
 * a link without its keys says so without a request. The key is single-use: one confirmation per
 * frame, even if the widget mounts twice, never aborted.
 */
export const confirmIdentifier = createAppAsyncThunk<IdentifierConfirmOutcome, IdentifierConfirmLink>(
  'identifierChange/confirm',
  async ({ guid, key }, api) => {
    const { extra, rejectWithValue } = api;
    if (!guid || !key) return rejectWithValue(foyerError('confirm-identifier.missing', [], 400));
    const result = await callIdentity(api, identityApi.confirmIdentifierChange, {
      params: { id: guid },
      body: { key },
    });
    if (!result.ok) {
      extra.host.publish({
        name: 'identifierChange.failed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      // The server answers an activation key's code; the visitor followed a confirmation link.
      return rejectWithValue(
        result.error.code === 'ACTIVATION_KEY_NOT_FOUND'
          ? foyerError('confirm-identifier.expired', [], result.error.statusCode)
          : result.error,
      );
    }
    extra.host.publish({ name: 'identifierChange.confirmed', payload: { guid } });
    return foyerError('confirm-identifier.success', [], 200);
  },
  { condition: (_link, { getState }): boolean => identifierConfirmRequest.select(getState()).status === 'idle' },
);

export const identifierConfirmRequest: RequestSlice<IdentifierConfirmOutcome, IdentifierConfirmLink> = createRequest<
  IdentifierConfirmOutcome,
  IdentifierConfirmLink
>('identifierChange', confirmIdentifier);

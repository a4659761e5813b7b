import { foyerError, type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../../app/store/identityClient';
import type { AppThunk } from '../../../app/store/thunk';

/**
 * PUT /userProfile/:guid/password. The server ends the account's other sessions and keeps this
 * one. Without a session: 'Not logged-in!' (identity spec §6), never a request.
 */
export const changePassword =
  (input: { oldPassword?: string; newPassword: string }): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const { guid, loggedIn } = getState().session;
    if (!loggedIn || !guid) return foyerError('NOT_LOGGED_IN');
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.changePassword, {
      params: { id: guid },
      body: input,
    });
    if (result.ok) {
      extra.host.publish({ name: 'changePassword.success', payload: { guid } });
      return null;
    }
    extra.host.publish({
      name: 'changePassword.failed',
      payload: { code: result.error.code, statusCode: result.error.statusCode },
    });
    return result.error;
  };

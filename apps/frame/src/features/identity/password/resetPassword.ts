import { type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../../app/store/identityClient';
import type { AppThunk } from '../../../app/store/thunk';

/**
 * PUT /resetAttributeWorkflow/:key with the new password. No automatic login (OWASP): the server
 * ends every session of the account and the visitor logs in with the new password.
 * ATTRIBUTE_VALIDATION_FAILED (the server refused the password) and RESET_USER_PROFILE_NOT_FOUND
 * (the link was used or expired) come back as errors with their catalogue texts.
 */
export const resetPassword =
  (key: string, password: string): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.resetPassword, {
      params: { key },
      body: { attributes: [{ name: 'password', value: password }] },
    });
    if (result.ok) {
      extra.host.publish({ name: 'resetPassword.success', payload: {} });
      return null;
    }
    extra.host.publish({
      name: 'resetPassword.failed',
      payload: { code: result.error.code, statusCode: result.error.statusCode },
    });
    return result.error;
  };

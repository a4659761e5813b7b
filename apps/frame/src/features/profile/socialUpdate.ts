/**
 * The social profile update (identity spec §4): the profile update (PUT /userProfile/:id/:service,
 * which also publishes profile.updated), then socialProfile.updated with statusCode, message and
 * response (the account, never the profile's values: the host page gets ids, not documents).
 */
import type { FoyerError, NameValue } from '@foyer/api';
import type { AppThunk } from '../../app/store/thunk';
import { updateProfile } from './update';

export const updateSocialProfile =
  (input: {
    serviceName: string;
    attributes: NameValue[];
    message: string;
  }): AppThunk<Promise<{ ok: true; pendingConfirmation: boolean } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const result = await dispatch(
      updateProfile({
        serviceName: input.serviceName,
        attributes: input.attributes,
        rolesToAssign: [],
        rolesToUnAssign: [],
      }),
    );
    if (!result.ok) {
      extra.host.publish({
        name: 'socialProfile.updateFailed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return result;
    }
    extra.host.publish({
      name: 'socialProfile.updated',
      payload: {
        statusCode: result.pendingConfirmation ? 202 : 200,
        message: input.message,
        response: { guid: getState().session.guid ?? '' },
      },
    });
    return result;
  };

export const cancelSocialProfile = (): AppThunk => (_dispatch, _getState, extra) => {
  extra.host.publish({ name: 'editSocialProfile.cancelled', payload: {} });
};

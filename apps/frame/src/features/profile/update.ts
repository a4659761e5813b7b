import { foyerError, type FoyerError, type NameValue } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { missingInput } from '../../app/store/requiredInputs';
import type { AppThunk } from '../../app/store/thunk';
import { fetchProfile, markProfileDirty } from './profileData';
import { liveSecureSession } from '../../app/store/secureSession';

export interface ProfileUpdateInput {
  serviceName: string;
  attributes: NameValue[];
  rolesToAssign: readonly string[];
  rolesToUnAssign: readonly string[];
}

/**
 * Without a session: USER_NOT_LOGGED_IN ('User is not loggedIn.', identity spec §8), no call.
 * PUT /userProfile/:id/:service (identity spec §7; the service form also joins the service once
 * nothing it requires is missing), then the profile is reloaded and profile.updated published.
 * A 202 says a changed e-mail takes effect only once the new address confirms the mailed link.
 */
export const updateProfile =
  (
    input: ProfileUpdateInput,
  ): AppThunk<Promise<{ ok: true; pendingConfirmation: boolean } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const guid = state.session.guid;
    if (!state.session.loggedIn) return { ok: false, error: foyerError('USER_NOT_LOGGED_IN') };
    // A change of roles alone sends no attribute: the attributes must not be empty only without one.
    const roles = input.rolesToAssign.length + input.rolesToUnAssign.length;
    const missing = missingInput({ userId: guid, ...(roles ? {} : { attributes: input.attributes }) });
    if (missing || !guid) return { ok: false, error: missing ?? foyerError('USER_ID_EMPTY') };
    // Secure mode: the update is authorised by the secure session (identity spec §6), which must
    // still live. Outside it a live one goes along too: it is the fresh proof a new address needs
    // (the server asks for it in any mode), and without it a re-authentication would prove nothing.
    const secure = liveSecureSession(state.session, extra.storage);
    if (state.frame.settings.secureMode && !secure) return { ok: false, error: foyerError('secure_session_expired') };
    const sessionId = secure?.sessionId;
    dispatch(markProfileDirty(guid));
    const result = await callIdentity(
      { getState, dispatch, extra },
      identityApi.updateUserProfileForService,
      {
        params: { id: guid, service: input.serviceName },
        body: {
          attributes: input.attributes,
          ...(input.rolesToAssign.length ? { rolesToAssign: [...input.rolesToAssign] } : {}),
          ...(input.rolesToUnAssign.length ? { rolesToUnAssign: [...input.rolesToUnAssign] } : {}),
        },
      },
      sessionId ? { sessionId } : {},
    );
    if (!result.ok) {
      extra.host.publish({
        name: 'profile.updateFailed',
        payload: { code: result.error.code, statusCode: result.error.statusCode },
      });
      return result;
    }
    await dispatch(fetchProfile(true));
    extra.host.publish({ name: 'profile.updated', payload: { guid } });
    // 202: a changed identifier waits for the link mailed to the new address (issue 11, finding 2).
    return { ok: true, pendingConfirmation: result.status === 202 };
  };

/** Cancel: the form went back to the saved values; tell the page (a modal wrapper closes). */
export const cancelEdit = (): AppThunk => (_dispatch, _getState, extra) => {
  extra.host.publish({ name: 'editProfile.cancelled', payload: {} });
};

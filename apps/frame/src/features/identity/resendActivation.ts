import { type FoyerError, type NameValue } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { missingInput } from '../../app/store/requiredInputs';
import { selectServiceName } from '../../app/store/selectors';
import type { AppThunk } from '../../app/store/thunk';

/**
 * `user_profile_inactive` on login offers this (identity spec §8): POST
 * /userProfileActivationWorkflow/resendByIdentifiers {realmName, service, identifiers}. The answer
 * is the same for any identifiers, so the visitor learns nothing about other accounts.
 */
export const resendActivation =
  (identifiers: NameValue[]): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const missing = missingInput({ realm: state.frame.settings.realmName, identifiers });
    if (missing) return missing;
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.resendActivation, {
      body: { realmName: state.frame.settings.realmName, service: selectServiceName(state), identifiers },
    });
    if (!result.ok) return result.error;
    extra.host.publish({ name: 'login.activationResent', payload: {} });
    return null;
  };

import { type FoyerError, type NameValue } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../app/store/identityClient';
import { missingInput } from '../../app/store/requiredInputs';
import { selectServiceName } from '../../app/store/selectors';
import type { AppThunk } from '../../app/store/thunk';

/**
 * Forgot password: POST /userProfile/resetAttributeWorkflow/:scheme?realm=…&<identifier>=…&serviceName=…
 * The server answers the same whether or not the account exists (OWASP), and so does the widget.
 */
export const sendPasswordReset =
  (scheme: string, identifiers: NameValue[]): AppThunk<Promise<FoyerError | null>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const missing = missingInput({ realm: state.frame.settings.realmName, identifiers });
    const result = missing
      ? { ok: false as const, error: missing }
      : await callIdentity({ getState, dispatch, extra }, identityApi.forgotPassword, {
          params: { authScheme: scheme },
          query: {
            ...Object.fromEntries(identifiers.map(({ name, value }) => [name, value])),
            realm: state.frame.settings.realmName,
            serviceName: selectServiceName(state),
          },
        });
    if (result.ok) {
      extra.host.publish({ name: 'forgotPassword.success', payload: {} });
      return null;
    }
    extra.host.publish({
      name: 'forgotPassword.failed',
      payload: { code: result.error.code, statusCode: result.error.statusCode },
    });
    return result.error;
  };

export const cancelPasswordReset = (): AppThunk => (_dispatch, _getState, extra) =>
  extra.host.publish({ name: 'forgotPassword.cancelled', payload: {} });

import { foyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { templateProblems } from '../../ui/form/fields';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';

export interface RegistrationSetup {
  scheme: string;
  serviceName: string;
  template: Template;
  recaptchaSiteKey: string | null;
  /** The service offers to create the account with a code mailed to the address (issue 31). */
  emailCodeSignIn: boolean;
}

/**
 * What the registration form needs: the service (GET /service/:name: its scheme and captcha site
 * key), then the scheme's registration template for that service (GET
 * /ui/template/registration/:scheme/:service — it includes the attributes the service requires).
 * The page's recaptchaSiteKey setting wins over the service's. No service name: SERVICE_NAME_EMPTY;
 * a blank scheme: AUTH_SCHEME_EMPTY (identity spec §8), never a call to a template without one.
 */
export const loadRegistration = createAppAsyncThunk<RegistrationSetup, string | undefined>(
  'registration/load',
  async (schemeAttribute, api) => {
    const { getState, signal, rejectWithValue } = api;
    const serviceName = selectServiceName(getState());
    if (!serviceName) return rejectWithValue(foyerError('SERVICE_NAME_EMPTY'));
    const service = await callIdentity(api, identityApi.getService, { params: { name: serviceName }, signal });
    if (!service.ok) return rejectWithValue(service.error);
    const scheme = schemeAttribute?.trim() || service.data.authenticationSchemeName.trim();
    if (!scheme) return rejectWithValue(foyerError('AUTH_SCHEME_EMPTY'));
    const template = await callIdentity(api, identityApi.getServiceRegistrationTemplate, {
      params: { scheme, service: serviceName },
      signal,
    });
    if (!template.ok) return rejectWithValue(template.error);
    const problems = templateProblems(template.data);
    if (problems.length) return rejectWithValue(foyerError('INVALID_WIDGET_CONFIG', [problems.join(', ')]));
    const recaptchaSiteKey = getState().frame.settings.recaptchaSiteKey ?? service.data.recaptchaSiteKey ?? null;
    const emailCodeSignIn = service.data.emailCodeSignIn === true;
    return { scheme, serviceName, template: template.data, recaptchaSiteKey, emailCodeSignIn };
  },
);

export const registrationRequest = createRequest<RegistrationSetup, string | undefined>(
  'registration',
  loadRegistration,
);

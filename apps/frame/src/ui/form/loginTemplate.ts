/**
 * The scheme's login template, for the login form and for forgot-password (a reset asks for the
 * scheme's identifiers): the scheme comes from the widget's attribute, else from the service
 * (GET /service/:name); then GET /ui/template/login/:scheme (at once, beside the service lookup,
 * when the attribute names the scheme). The service also gives its reCAPTCHA site key: the server
 * refuses a login to a service with a site key unless it carries a solved captcha. The page's
 * recaptchaSiteKey setting wins over the service's, as in registration.
 *
 * A scheme that resolves to nothing (no attribute and no service to ask, or a blank name) rejects
 * with AUTH_SCHEME_EMPTY (identity spec §8) instead of asking for `/ui/template/login/`.
 * A scheme the attribute names is also checked with GET /authenticationScheme/:name, in parallel
 * with its template (no extra round trip): a misspelt name shows AUTHENTICATION_SCHEME_NOT_FOUND
 * even from an identity server whose template call answers a bare 404.
 */
import { foyerError, type FoyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity, type IdentityCallApi } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';

export interface LoginTemplate {
  scheme: string;
  template: Template;
  recaptchaSiteKey: string | null;
  /** The service offers "Email me a sign-in code" (issue 31). */
  emailCodeSignIn: boolean;
}

export const loadLoginTemplate = createAppAsyncThunk<LoginTemplate, string | undefined>(
  'loginTemplate/load',
  async (schemeAttribute, api) => {
    const { signal, rejectWithValue } = api;
    const serviceName = selectServiceName(api.getState());
    const scheme = schemeAttribute?.trim() || undefined;
    if (!scheme && !serviceName) return rejectWithValue(foyerError('AUTH_SCHEME_EMPTY'));
    const getTemplate = (name: string) =>
      callIdentity(api, identityApi.getLoginTemplate, { params: { scheme: name }, signal });
    const early = scheme ? Promise.all([checkScheme(api, scheme, signal), getTemplate(scheme)]) : null;
    // Without a service name the named scheme is enough (no captcha site key but the page's).
    const service =
      scheme && !serviceName
        ? null
        : await callIdentity(api, identityApi.getService, { params: { name: serviceName }, signal });
    if (service && !service.ok) return rejectWithValue(service.error);
    const name = scheme ?? service?.data.authenticationSchemeName.trim() ?? '';
    if (!name) return rejectWithValue(foyerError('AUTH_SCHEME_EMPTY'));
    const [problem, template] = early ? await early : [null, await getTemplate(name)];
    if (problem) return rejectWithValue(problem);
    if (!template.ok) return rejectWithValue(template.error);
    const recaptchaSiteKey = api.getState().frame.settings.recaptchaSiteKey ?? service?.data.recaptchaSiteKey ?? null;
    const emailCodeSignIn = service?.data.emailCodeSignIn === true;
    return { scheme: name, template: template.data, recaptchaSiteKey, emailCodeSignIn };
  },
);

/**
 * GET /authenticationScheme/:name: null when the scheme exists, else the error to show. Only a
 * 404 is the check's to tell (any 404 means the scheme is missing, whatever body another identity
 * server gives it); any other failure is left to the template call beside it.
 */
async function checkScheme(api: IdentityCallApi, name: string, signal: AbortSignal): Promise<FoyerError | null> {
  const result = await callIdentity(api, identityApi.getAuthenticationScheme, { params: { name }, signal });
  if (result.ok || result.error.statusCode !== 404) return null;
  return result.error.code === 'AUTHENTICATION_SCHEME_NOT_FOUND'
    ? result.error
    : foyerError('AUTHENTICATION_SCHEME_NOT_FOUND', [name]);
}

export const loginTemplateRequest = createRequest<LoginTemplate, string | undefined>(
  'loginTemplate',
  loadLoginTemplate,
);

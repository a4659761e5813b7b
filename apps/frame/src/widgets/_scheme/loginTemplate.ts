/**
 * The scheme's login template, for the login form and for forgot-password (a reset asks for the
 * scheme's identifiers): the scheme comes from the widget's attribute, else from the service
 * (GET /service/:name); then GET /ui/template/login/:scheme (at once, beside the service lookup,
 * when the attribute names the scheme). The service also gives its reCAPTCHA site key: the server
 * refuses a login to a service with a site key unless it carries a solved captcha. The page's
 * recaptchaSiteKey setting wins over the service's, as in registration.
 */
import type { Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../store/asyncStatus';
import { callIdentity } from '../../store/identityClient';
import { createRequest } from '../../store/requests';
import { selectServiceName } from '../../store/selectors';

export interface LoginTemplate {
  scheme: string;
  template: Template;
  recaptchaSiteKey: string | null;
}

export const loadLoginTemplate = createAppAsyncThunk<LoginTemplate, string | undefined>(
  'loginTemplate/load',
  async (scheme, api) => {
    const { signal, rejectWithValue } = api;
    const serviceName = selectServiceName(api.getState());
    const getTemplate = (name: string) =>
      callIdentity(api, identityApi.getLoginTemplate, { params: { scheme: name }, signal });
    const early = scheme ? getTemplate(scheme) : null;
    const service =
      scheme && !serviceName
        ? null
        : await callIdentity(api, identityApi.getService, { params: { name: serviceName }, signal });
    if (service && !service.ok) return rejectWithValue(service.error);
    const name = scheme ?? service?.data.authenticationSchemeName ?? '';
    const template = await (early ?? getTemplate(name));
    if (!template.ok) return rejectWithValue(template.error);
    const recaptchaSiteKey = api.getState().frame.settings.recaptchaSiteKey ?? service?.data.recaptchaSiteKey ?? null;
    return { scheme: name, template: template.data, recaptchaSiteKey };
  },
);

export const loginTemplateRequest = createRequest<LoginTemplate, string | undefined>(
  'loginTemplate',
  loadLoginTemplate,
);

import { type FoyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { selectServiceName } from '../../store/selectors';
import type { AppThunk } from '../../store/thunk';

export type LoginFormData =
  { ok: true; scheme: string; template: Template; recaptchaSiteKey: string | null } | { ok: false; error: FoyerError };

/**
 * The login form's template and captcha: the service (GET /service/:name) names the scheme —
 * unless the widget's attribute does — and its reCAPTCHA site key: the server refuses a login to a
 * service with a site key unless it carries a solved captcha. Then GET /ui/template/login/:scheme
 * (at once, beside the service lookup, when the attribute names the scheme). The page's
 * recaptchaSiteKey setting wins over the service's, as in registration.
 */
export const loadLoginForm =
  (scheme: string | undefined): AppThunk<Promise<LoginFormData>> =>
  async (dispatch, getState, extra) => {
    const api = { getState, dispatch, extra };
    const serviceName = selectServiceName(getState());
    const getTemplate = (name: string) => callIdentity(api, identityApi.getLoginTemplate, { params: { scheme: name } });
    const early = scheme ? getTemplate(scheme) : null;
    const service =
      scheme && !serviceName
        ? null
        : await callIdentity(api, identityApi.getService, { params: { name: serviceName } });
    if (service && !service.ok) return service;
    const name = scheme ?? service?.data.authenticationSchemeName ?? '';
    const template = await (early ?? getTemplate(name));
    if (!template.ok) return template;
    const recaptchaSiteKey = getState().frame.settings.recaptchaSiteKey ?? service?.data.recaptchaSiteKey ?? null;
    return { ok: true, scheme: name, template: template.data, recaptchaSiteKey };
  };

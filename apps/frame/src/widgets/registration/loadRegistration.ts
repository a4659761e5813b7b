import { type FoyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { foyerError } from '@foyer/api';
import { templateProblems } from '../_forms/fields';
import { callIdentity } from '../../store/identityClient';
import { selectServiceName } from '../../store/selectors';
import type { AppThunk } from '../../store/thunk';

export type RegistrationSetup =
  | { ok: true; scheme: string; serviceName: string; template: Template; recaptchaSiteKey: string | null }
  | { ok: false; error: FoyerError };

/**
 * What the registration form needs: the service (GET /service/:name: its scheme and captcha site
 * key), then the scheme's registration template for that service (GET
 * /ui/template/registration/:scheme/:service — it includes the attributes the service requires).
 * The page's recaptchaSiteKey setting wins over the service's.
 */
export const loadRegistration =
  (schemeAttribute: string | undefined): AppThunk<Promise<RegistrationSetup>> =>
  async (dispatch, getState, extra) => {
    const api = { getState, dispatch, extra };
    const serviceName = selectServiceName(getState());
    if (!serviceName) return { ok: false, error: foyerError('SERVICE_NAME_EMPTY') };
    const service = await callIdentity(api, identityApi.getService, { params: { name: serviceName } });
    if (!service.ok) return service;
    const scheme = schemeAttribute ?? service.data.authenticationSchemeName;
    const template = await callIdentity(api, identityApi.getServiceRegistrationTemplate, {
      params: { scheme, service: serviceName },
    });
    if (!template.ok) return template;
    const problems = templateProblems(template.data);
    if (problems.length) return { ok: false, error: foyerError('INVALID_WIDGET_CONFIG', [problems.join(', ')]) };
    const recaptchaSiteKey = getState().frame.settings.recaptchaSiteKey ?? service.data.recaptchaSiteKey ?? null;
    return { ok: true, scheme, serviceName, template: template.data, recaptchaSiteKey };
  };

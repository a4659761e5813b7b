import { type FoyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { selectServiceName } from '../../store/selectors';
import type { AppThunk } from '../../store/thunk';

export type LoginFormData = { ok: true; scheme: string; template: Template } | { ok: false; error: FoyerError };

/**
 * The login form's template: the scheme comes from the widget's attribute, else from the
 * service (GET /service/:name); then GET /ui/template/login/:scheme.
 */
export const loadLoginForm =
  (scheme: string | undefined): AppThunk<Promise<LoginFormData>> =>
  async (dispatch, getState, extra) => {
    const api = { getState, dispatch, extra };
    let name = scheme;
    if (!name) {
      const service = await callIdentity(api, identityApi.getService, {
        params: { name: selectServiceName(getState()) },
      });
      if (!service.ok) return service;
      name = service.data.authenticationSchemeName;
    }
    const template = await callIdentity(api, identityApi.getLoginTemplate, { params: { scheme: name } });
    return template.ok ? { ok: true, scheme: name, template: template.data } : template;
  };

import { type FoyerError, type Template } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import { selectServiceName } from '../../store/selectors';
import type { AppThunk } from '../../store/thunk';

export type SchemeTemplate = { ok: true; scheme: string; template: Template } | { ok: false; error: FoyerError };

/**
 * The scheme's login template (its identifiers are what a reset asks for): the scheme from the
 * attribute, else from the service. (The login widget has the same lookup; sharing the module
 * would split it into a chunk of its own on the login route, whose budget is tight.)
 */
export const loadSchemeTemplate =
  (scheme: string | undefined): AppThunk<Promise<SchemeTemplate>> =>
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

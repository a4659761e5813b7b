/**
 * The scheme's login template, for the login form and for forgot-password (a reset asks for the
 * scheme's identifiers): the scheme comes from the widget's attribute, else from the service
 * (GET /service/:name); then GET /ui/template/login/:scheme.
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
}

export const loadLoginTemplate = createAppAsyncThunk<LoginTemplate, string | undefined>(
  'loginTemplate/load',
  async (scheme, api) => {
    const { signal, rejectWithValue } = api;
    let name = scheme;
    if (!name) {
      const service = await callIdentity(api, identityApi.getService, {
        params: { name: selectServiceName(api.getState()) },
        signal,
      });
      if (!service.ok) return rejectWithValue(service.error);
      name = service.data.authenticationSchemeName;
    }
    const template = await callIdentity(api, identityApi.getLoginTemplate, { params: { scheme: name }, signal });
    if (!template.ok) return rejectWithValue(template.error);
    return { scheme: name, template: template.data };
  },
);

export const loginTemplateRequest = createRequest<LoginTemplate, string | undefined>(
  'loginTemplate',
  loadLoginTemplate,
);

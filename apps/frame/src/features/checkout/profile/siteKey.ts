/**
 * The captcha of the purchase flow's sign-up (issue 11, finding 5): the server refuses
 * POST /widget/profile/{service} without a solved captcha when the service has a site key, so a
 * visitor without a session sees one. The key is the page's recaptchaSiteKey setting, else the
 * service's (GET /service/:name), as in registration.
 */
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../../app/store/asyncStatus';
import { callIdentity } from '../../../app/store/identityClient';
import { createRequest } from '../../../app/store/requests';

export const loadSignUpSiteKey = createAppAsyncThunk<string | null, string>(
  'signUpSiteKey/load',
  async (serviceName, api) => {
    const page = api.getState().frame.settings.recaptchaSiteKey;
    if (page) return page;
    const service = await callIdentity(api, identityApi.getService, {
      params: { name: serviceName },
      signal: api.signal,
    });
    if (!service.ok) return api.rejectWithValue(service.error);
    return service.data.recaptchaSiteKey ?? null;
  },
);

export const signUpSiteKeyRequest = createRequest<string | null, string>('signUpSiteKey', loadSignUpSiteKey);

/**
 * GET /recaptcha/settings/:siteKey (identity spec §7): how long a solved captcha stays good
 * (`responseLifetimeSeconds`). Asked beside the script load, never before it (no extra round trip
 * before the challenge shows). A site key the identity server does not know (404) can never be
 * verified: RECAPTCHA_SITE_KEY_REQUIRED. Any other failure leaves the spec's 120 s (§9).
 */
import { foyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';

/** The token lifetime in milliseconds. */
export const loadRecaptchaSettings = createAppAsyncThunk<number, string>(
  'recaptchaSettings/load',
  async (siteKey, api) => {
    const result = await callIdentity(api, identityApi.getRecaptchaSettings, {
      params: { siteKey },
      signal: api.signal,
    });
    if (result.ok) return result.data.responseLifetimeSeconds * 1000;
    if (result.error.statusCode === 404) return api.rejectWithValue(foyerError('RECAPTCHA_SITE_KEY_REQUIRED'));
    return api.rejectWithValue(result.error);
  },
);

export const recaptchaSettingsRequest = createRequest<number, string>('recaptchaSettings', loadRecaptchaSettings);

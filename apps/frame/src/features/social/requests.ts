/**
 * The social widgets' server data as request slices: the networks the service configured
 * (GET /social/permissions), the user's linked profiles (GET /social/:guid), the social
 * registration form with the provider's profile to fill it, and the link form.
 */
import {
  SOCIAL_NETWORKS,
  socialError,
  socialNetworkOf,
  type LinkedProfiles,
  type SocialNetwork,
  type SocialProfile,
  type Template,
} from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import * as socialApi from '@foyer/api/social';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';

/**
 * The networks to offer: those the page named (case-insensitive, googleplus as google, in the
 * page's order), else all, and only those the service configured. Unsupported names are reported.
 */
export function offeredNetworks(
  named: readonly string[],
  configured: readonly SocialNetwork[],
): { networks: SocialNetwork[]; unsupported: string[] } {
  const unsupported = named.filter((name) => !socialNetworkOf(name));
  const wanted = named.length
    ? named.map(socialNetworkOf).filter((n): n is SocialNetwork => !!n)
    : [...SOCIAL_NETWORKS];
  return { networks: [...new Set(wanted)].filter((network) => configured.includes(network)), unsupported };
}

export const socialPermissionsRequest = createRequest<SocialNetwork[], string>(
  'socialPermissions',
  createAppAsyncThunk<SocialNetwork[], string>('socialPermissions/load', async (_service, api) => {
    const result = await callIdentity(api, socialApi.getSocialPermissions, { signal: api.signal });
    if (!result.ok) return api.rejectWithValue(result.error);
    return result.data.networks.map((entry) => entry.network);
  }),
);

export const linkedProfilesRequest = createRequest<LinkedProfiles, string>(
  'linkedProfiles',
  createAppAsyncThunk<LinkedProfiles, string>('linkedProfiles/load', async (guid, api) => {
    const result = await callIdentity(api, socialApi.getLinkedProfiles, { params: { guid }, signal: api.signal });
    if (!result.ok) return api.rejectWithValue(result.error);
    return result.data;
  }),
);

/** The linked profiles' pictures (GET /social/:network/userAvatar/:id), by network; none where a network gives none. */
export const linkedAvatarsRequest = createRequest<
  Partial<Record<SocialNetwork, string>>,
  readonly { network: SocialNetwork; socialUserId: string }[]
>(
  'linkedAvatars',
  createAppAsyncThunk<
    Partial<Record<SocialNetwork, string>>,
    readonly { network: SocialNetwork; socialUserId: string }[]
  >('linkedAvatars/load', async (profiles, api) => {
    const answers = await Promise.all(
      profiles.map(({ network, socialUserId }) =>
        callIdentity(api, socialApi.getSocialAvatar, {
          params: { network, socialUserId },
          query: { width: String(AVATAR_PIXELS), height: String(AVATAR_PIXELS) },
          signal: api.signal,
        }),
      ),
    );
    // A picture is decoration: a network without one (or a failed call) shows the card without it.
    return Object.fromEntries(answers.flatMap((answer) => (answer.ok ? [[answer.data.network, answer.data.url]] : [])));
  }),
);

/** The cards' picture size in CSS pixels, asked at twice that for sharp screens. */
export const AVATAR_SIZE = 32;
const AVATAR_PIXELS = AVATAR_SIZE * 2;

export interface SocialRegistrationForm {
  template: Template;
  profile: SocialProfile;
}

export const socialRegistrationFormRequest = createRequest<
  SocialRegistrationForm,
  { network: SocialNetwork; ticket: string }
>(
  'socialRegistrationForm',
  createAppAsyncThunk<SocialRegistrationForm, { network: SocialNetwork; ticket: string }>(
    'socialRegistrationForm/load',
    async ({ network, ticket }, api) => {
      const service = selectServiceName(api.getState());
      const [template, profile] = await Promise.all([
        callIdentity(api, socialApi.getSocialRegistrationTemplate, { params: { service }, signal: api.signal }),
        callIdentity(api, socialApi.getSocialProfile, { params: { network }, query: { ticket }, signal: api.signal }),
      ]);
      if (!template.ok) return api.rejectWithValue(template.error);
      if (!profile.ok) return api.rejectWithValue(profile.error);
      return { template: template.data, profile: profile.data };
    },
  ),
);

export interface SocialLinkForm {
  scheme: string;
  template: Template;
  /** The page's or the service's reCAPTCHA site key: then the login before linking needs a solved captcha. */
  recaptchaSiteKey: string | null;
}

/**
 * The link form: the scheme the widget names, else the service's (GET /service/:name), then
 * GET /ui/template/social/link/:scheme. The service also gives its reCAPTCHA site key (the server
 * refuses a login to a service with one unless it carries a solved captcha). A slice of its own: the login widget's template request
 * must not be reset by the panel inside it.
 */
export const socialLinkFormRequest = createRequest<SocialLinkForm, string | undefined>(
  'socialLinkForm',
  createAppAsyncThunk<SocialLinkForm, string | undefined>('socialLinkForm/load', async (schemeAttribute, api) => {
    let scheme = schemeAttribute?.trim() ?? '';
    const name = selectServiceName(api.getState());
    // The link panel's own text (identity spec §5), not the login's AUTH_SCHEME_EMPTY.
    if (!scheme && !name) return api.rejectWithValue(socialError('SOCIAL_AUTH_SCHEME_EMPTY'));
    // Without a service name the named scheme is enough (no captcha site key but the page's).
    const service = name
      ? await callIdentity(api, identityApi.getService, { params: { name }, signal: api.signal })
      : null;
    if (service && !service.ok) return api.rejectWithValue(service.error);
    if (!scheme) scheme = service?.data.authenticationSchemeName?.trim() ?? '';
    if (!scheme) return api.rejectWithValue(socialError('SOCIAL_AUTH_SCHEME_EMPTY'));
    const result = await callIdentity(api, socialApi.getSocialLinkTemplate, { params: { scheme }, signal: api.signal });
    if (!result.ok) return api.rejectWithValue(result.error);
    const recaptchaSiteKey = api.getState().frame.settings.recaptchaSiteKey ?? service?.data.recaptchaSiteKey ?? null;
    return { scheme, template: result.data, recaptchaSiteKey };
  }),
);

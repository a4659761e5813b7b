/**
 * One adapter per network. Endpoints and user-info shapes are the providers' documented ones:
 * - Google (OpenID Connect): userinfo claims `sub`, `email`, `given_name`, `family_name`, `name`, `picture`.
 * - LinkedIn (Sign In with LinkedIn using OpenID Connect): the same standard claims.
 * - Facebook (Graph API, plain OAuth 2.0): `GET /me?fields=id,name,email,first_name,last_name,picture`
 *   answers `{id, name, email, first_name, last_name, picture: {data: {url}}}`.
 * - X (OAuth 2.0 with PKCE): `GET /2/users/me?user.fields=profile_image_url` answers
 *   `{data: {id, name, username, profile_image_url}}`; X gives no e-mail address.
 * Verified here only against a local stand-in (docs/widgets-identity.md, "Social sign-in").
 */
import type { SocialNetwork } from '@foyer/api';
import { authorizationUrl, endpointsOf, exchangeCode, fetchUserInfo, text, type OAuthEndpoints } from './oauth';
import { scopesFor } from './scopes';
import { SocialProviderError, type SocialAdapter, type SocialIdentity } from './types';

interface NetworkSpec {
  network: SocialNetwork;
  defaults: OAuthEndpoints;
  /** Scopes always asked for. */
  baseScopes: string[];
  separator: string;
  clientAuth: 'post' | 'basic';
  identity: (info: Record<string, unknown>) => SocialIdentity;
}

function oidcIdentity(info: Record<string, unknown>): SocialIdentity {
  const socialUserId = text(info.sub);
  if (!socialUserId) throw new SocialProviderError('user info without sub');
  return compact({
    socialUserId,
    email: info.email_verified === false ? undefined : text(info.email),
    firstName: text(info.given_name),
    lastName: text(info.family_name),
    displayName: text(info.name),
    pictureUrl: text(info.picture),
  });
}

function compact(identity: { [K in keyof SocialIdentity]: SocialIdentity[K] | undefined }): SocialIdentity {
  return Object.fromEntries(
    Object.entries(identity).filter(([, value]) => value !== undefined),
  ) as unknown as SocialIdentity;
}

const SPECS: Record<SocialNetwork, NetworkSpec> = {
  google: {
    network: 'google',
    defaults: {
      authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenEndpoint: 'https://oauth2.googleapis.com/token',
      userInfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    baseScopes: ['openid', 'profile'],
    separator: ' ',
    clientAuth: 'post',
    identity: oidcIdentity,
  },
  linkedin: {
    network: 'linkedin',
    defaults: {
      authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
      tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
      userInfoEndpoint: 'https://api.linkedin.com/v2/userinfo',
    },
    baseScopes: ['openid', 'profile'],
    separator: ' ',
    clientAuth: 'post',
    identity: oidcIdentity,
  },
  facebook: {
    network: 'facebook',
    defaults: {
      authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userInfoEndpoint: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,first_name,last_name,picture',
    },
    baseScopes: ['public_profile'],
    separator: ',',
    clientAuth: 'post',
    identity: (info) => {
      const socialUserId = text(info.id);
      if (!socialUserId) throw new SocialProviderError('Graph /me without id');
      const picture = info.picture as { data?: { url?: unknown } } | undefined;
      return compact({
        socialUserId,
        email: text(info.email),
        firstName: text(info.first_name),
        lastName: text(info.last_name),
        displayName: text(info.name),
        pictureUrl: text(picture?.data?.url),
      });
    },
  },
  twitter: {
    network: 'twitter',
    defaults: {
      authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
      userInfoEndpoint: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    },
    baseScopes: ['users.read', 'tweet.read'],
    separator: ' ',
    clientAuth: 'basic',
    identity: (info) => {
      const data = info.data as Record<string, unknown> | undefined;
      const socialUserId = text(data?.id);
      if (!data || !socialUserId) throw new SocialProviderError('users/me without data.id');
      return compact({
        socialUserId,
        displayName: text(data.name) ?? text(data.username),
        pictureUrl: text(data.profile_image_url),
      });
    },
  },
};

function adapterOf(spec: NetworkSpec): SocialAdapter {
  return {
    network: spec.network,
    scopes: (requested) => scopesFor(spec.network, spec.baseScopes, requested),
    authorizeUrl(input) {
      const scope = scopesFor(spec.network, spec.baseScopes, input.scopes).join(spec.separator);
      return authorizationUrl(endpointsOf(input.config, spec.defaults).authorizationEndpoint, input, scope);
    },
    async identify(input) {
      const endpoints = endpointsOf(input.config, spec.defaults);
      const accessToken = await exchangeCode(endpoints.tokenEndpoint, input, spec.clientAuth);
      // The token is used here once and dropped: it is never stored nor sent to a browser.
      return spec.identity(await fetchUserInfo(endpoints.userInfoEndpoint, accessToken));
    },
  };
}

export const SOCIAL_ADAPTERS: Readonly<Record<SocialNetwork, SocialAdapter>> = {
  google: adapterOf(SPECS.google),
  linkedin: adapterOf(SPECS.linkedin),
  facebook: adapterOf(SPECS.facebook),
  twitter: adapterOf(SPECS.twitter),
};

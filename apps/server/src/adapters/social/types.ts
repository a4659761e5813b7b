/** The one interface every social network adapter implements (identity spec §3 "social network"). */
import type { SocialNetwork } from '@foyer/api';
import type { SocialNetworkConfig } from '@foyer/api/config';

/** A network's settings in a service's settings (`social.google` …); one definition, the configuration schema's. */
export type { SocialNetworkConfig } from '@foyer/api/config';

/** The visitor as the provider describes them, in one shape for every network. */
export interface SocialIdentity {
  socialUserId: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  pictureUrl?: string;
}

export interface AuthorizeInput {
  config: SocialNetworkConfig;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** Permission names of the social scope setting and extendPermissions (`email`, `facebook:user_link`, …; scopes.ts). */
  scopes: readonly string[];
}

export interface SocialAdapter {
  network: SocialNetwork;
  /** The scopes this network is asked for, given the permission names requested (scopes.ts). */
  scopes(requested: readonly string[]): string[];
  /** The provider URL the popup goes to. */
  authorizeUrl(input: AuthorizeInput): string;
  /** Code → access token (the spec's /accessToken proxy), then the provider's user info. */
  identify(input: {
    config: SocialNetworkConfig;
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<SocialIdentity>;
}

/** The provider refused or answered something unusable; the visitor sees technical_difficulties. */
export class SocialProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SocialProviderError';
  }
}

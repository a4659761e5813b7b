/**
 * The scopes a network is asked for (identity spec §3: the social scope setting, default email,
 * and §6: extend permissions). Sites name permissions once for every network; each network spells
 * them its own way, and some have no such permission at all. A name is either:
 * - portable (`email`, `birthday`, …): looked up in PERMISSION_SCOPES, asked only of the networks
 *   that have it (X has no e-mail scope, so `email` is not asked of X);
 * - network-specific, `network:scope` (`facebook:user_link`,
 *   `google:https://www.googleapis.com/auth/calendar.readonly`): asked of that network only, as is.
 * Any other name is asked of no network, so one network's scope never breaks another's consent
 * screen (an unknown scope makes Google and LinkedIn refuse the whole request).
 * Scope names are the providers' documented ones; verified here only against the stand-in.
 */
import { socialNetworkOf, type SocialNetwork } from '@foyer/api';

type PerNetwork = Readonly<Record<SocialNetwork, string | null>>;

/** Portable permission → each network's scope (null: the network has none). */
export const PERMISSION_SCOPES: Readonly<Record<string, PerNetwork>> = {
  email: { google: 'email', linkedin: 'email', facebook: 'email', twitter: null },
  profile: { google: 'profile', linkedin: 'profile', facebook: 'public_profile', twitter: 'users.read' },
  birthday: {
    google: 'https://www.googleapis.com/auth/user.birthday.read',
    facebook: 'user_birthday',
    linkedin: null,
    twitter: null,
  },
  gender: {
    google: 'https://www.googleapis.com/auth/user.gender.read',
    facebook: 'user_gender',
    linkedin: null,
    twitter: null,
  },
  location: {
    google: 'https://www.googleapis.com/auth/user.addresses.read',
    facebook: 'user_location',
    linkedin: null,
    twitter: null,
  },
  friends: { google: null, linkedin: null, facebook: 'user_friends', twitter: 'follows.read' },
};

const NETWORK_PREFIX = /^([A-Za-z]+):(.+)$/;

/** The scope `name` means for `network`, or null when that network is not to be asked for it. */
export function scopeFor(network: SocialNetwork, name: string): string | null {
  const prefixed = NETWORK_PREFIX.exec(name);
  const named = prefixed ? socialNetworkOf(prefixed[1]!) : null;
  if (named) return named === network ? prefixed![2]! : null;
  return PERMISSION_SCOPES[name.toLowerCase()]?.[network] ?? null;
}

/** The network's scopes for the requested names, after its own base scopes, without repeats. */
export function scopesFor(network: SocialNetwork, base: readonly string[], requested: readonly string[]): string[] {
  const mapped = requested.map((name) => scopeFor(network, name)).filter((scope): scope is string => !!scope);
  return [...new Set([...base, ...mapped])];
}

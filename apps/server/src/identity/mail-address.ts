import { EMAIL_PATTERN } from '@foyer/api';
import type { Account } from './store';

/** Where an account's mail goes: its `email` attribute, else the first attribute that looks like an address. */
export function mailAddressOf(account: Pick<Account, 'attributes'>): string | null {
  const email = account.attributes.email?.trim();
  if (email) return email;
  return Object.values(account.attributes).find((value) => EMAIL_PATTERN.test(value.trim())) ?? null;
}

/**
 * The account's address when it may be trusted as the owner's: proven by mail or vouched for by
 * a network (migration 024). Anything that hands the address's rights to the account (invitations
 * sent to it, a Disqus sign-on carrying it) asks this, never mailAddressOf.
 */
export function provenAddressOf(account: Pick<Account, 'attributes' | 'addressProvenAt'>): string | null {
  return account.addressProvenAt === null ? null : mailAddressOf(account);
}

/** False only for an account with an address nobody has proven yet. */
export function addressTrusted(account: Pick<Account, 'attributes' | 'addressProvenAt'>): boolean {
  return account.addressProvenAt !== null || mailAddressOf(account) === null;
}

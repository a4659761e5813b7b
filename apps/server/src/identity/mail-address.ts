import { EMAIL_PATTERN } from '@foyer/api';
import type { Account } from './store';

/** Where an account's mail goes: its `email` attribute, else the first attribute that looks like an address. */
export function mailAddressOf(account: Pick<Account, 'attributes'>): string | null {
  const email = account.attributes.email?.trim();
  if (email) return email;
  return Object.values(account.attributes).find((value) => EMAIL_PATTERN.test(value.trim())) ?? null;
}

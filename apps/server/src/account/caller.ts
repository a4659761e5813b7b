import type { AppDeps } from '../deps';
import { mailAddressOf } from '../identity/mail-address';
import { findAccountByGuid } from '../identity/store';

/** The session's account and its mail address (the invitee side matches invitations by it). */
export async function callerOf(deps: AppDeps, guid: string): Promise<{ guid: string; email: string | null }> {
  const account = await findAccountByGuid(deps.db, guid);
  return { guid, email: account ? mailAddressOf(account) : null };
}

import type { AppDeps } from '../deps';
import { mailAddressOf, provenAddressOf } from '../identity/mail-address';
import { findAccountByGuid } from '../identity/store';

export interface AccountCaller {
  guid: string;
  /**
   * The address invitations are matched by: the account's address once proven, else null
   * (issue 24: whoever signs up an invited address without proving it must not see or take the
   * invitation by its id; the mailed key still works for them, as it proves the mailbox).
   */
  email: string | null;
  /** The account's address, proven or not (an owner does not invite their own address). */
  address: string | null;
}

/** The session's account and its mail addresses (the invitee side matches invitations by the proven one). */
export async function callerOf(deps: AppDeps, guid: string): Promise<AccountCaller> {
  const account = await findAccountByGuid(deps.db, guid);
  return {
    guid,
    email: account ? provenAddressOf(account) : null,
    address: account ? mailAddressOf(account) : null,
  };
}

/**
 * The mail after a password reset that unlinked networks linked after the account was made
 * (identity/social-store.ts dropLaterLinks; issue 24, finding 4).
 */
import { NETWORK_NAMES, type SocialNetwork } from '@foyer/api';
import type { TaskLogger } from '../background';
import type { AppDeps } from '../deps';
import { mailAddressOf } from '../identity/mail-address';
import { findDefaultService, findService, type Account } from '../identity/store';
import { resetUnlinkedNotice } from './messages';

/** What a reset unlinked, and the service whose page asked for the reset (the reset key's). */
export interface ResetUnlinked {
  networks: SocialNetwork[];
  serviceName: string | null;
}

/** Tells the owner, after the reset's answer, which networks went; nothing when none did. */
export function mailResetUnlinked(
  deps: AppDeps,
  account: Pick<Account, 'attributes'>,
  { networks, serviceName }: ResetUnlinked,
  log: TaskLogger,
): void {
  const to = mailAddressOf(account);
  if (!to || !networks.length) return;
  deps.background.run(async () => {
    const service = serviceName ? await findService(deps.db, serviceName) : await findDefaultService(deps.db);
    if (!service) return;
    const networkNames = networks.map((network) => NETWORK_NAMES[network]);
    await deps.mailer.send(resetUnlinkedNotice({ to, networkNames, service }));
  }, log);
}

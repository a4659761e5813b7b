/**
 * Whether a social registration's e-mail address is one the network vouched for. Only such an
 * address makes an ACTIVE account at once; any other (X gives none, or the visitor changed the
 * network's) is unproven, and everything keyed by the address (invitations sent to it, password
 * reset, the address's one account) must wait until the activation mailed to it comes back.
 */
import type { SocialIdentity } from '../adapters/social/types';
import { normalizeIdentifier } from './identifiers';
import { mailAddressOf } from './mail-address';

export function addressVouched(identity: SocialIdentity, attributes: Record<string, string>): boolean {
  const address = mailAddressOf({ attributes });
  // No address on the account: nothing is keyed by one.
  if (!address) return true;
  return !!identity.email && normalizeIdentifier(identity.email) === normalizeIdentifier(address);
}

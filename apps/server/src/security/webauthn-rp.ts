/**
 * The WebAuthn relying party of this server (issue 31). Passkeys are made and used inside the
 * frames, so the origin the browser reports is the widgets origin (PUBLIC_URL), whatever host page
 * embeds them. The relying party id (rpID) is the domain passkeys are bound to: by default the
 * registrable domain of the widgets origin (`id.news.example` → `news.example`, by the public
 * suffix list), so a passkey keeps working if the widgets move to another subdomain of that
 * domain; a site owner may set a longer one (FOYER_WEBAUTHN_RP_ID), never one the widgets origin is
 * not under (browsers refuse it). docs/security.md, "Passkeys", says what this means for owners.
 */
import { getDomain } from 'tldts';

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  rpID: string;
  /** The origin every ceremony must come from: the widgets origin. */
  origin: string;
}

export class InvalidRelyingPartyId extends Error {
  override name = 'InvalidRelyingPartyId';
}

/**
 * The relying party for the widgets at `publicUrl`, with `configured` (FOYER_WEBAUTHN_RP_ID) when
 * given. Throws InvalidRelyingPartyId for a configured id the widgets' host is neither equal to
 * nor a subdomain of, or one that is a public suffix (`co.uk`: every site under it would share it).
 */
export function relyingPartyOf(publicUrl: string, configured?: string): RelyingParty {
  const { hostname, origin } = new URL(publicUrl);
  // An IP address has no registrable domain; browsers take no passkeys on one (use localhost).
  const registrable = getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
  if (configured === undefined || configured === '') return { rpID: registrable, origin };
  const rpID = configured.trim().toLowerCase().replace(/\.$/, '');
  const under = hostname === rpID || hostname.endsWith(`.${rpID}`);
  if (!under) {
    throw new InvalidRelyingPartyId(
      `FOYER_WEBAUTHN_RP_ID "${configured}": the widgets origin ${origin} is not on that domain or under it`,
    );
  }
  if (rpID.length < registrable.length) {
    throw new InvalidRelyingPartyId(
      `FOYER_WEBAUTHN_RP_ID "${configured}" is a public suffix; the shortest allowed is "${registrable}"`,
    );
  }
  return { rpID, origin };
}

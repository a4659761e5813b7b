/**
 * The social calls of identity spec §7. Apart from the other identity calls so only the social
 * widgets (and login/registration when configured with networks) load them.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { sessionResponseSchema, templateSchema } from './schemas';
import {
  linkedProfilesSchema,
  socialAvatarSchema,
  socialLinkSchema,
  socialPermissionsSchema,
  socialProfileSchema,
  socialRedeemedSchema,
  socialRedeemSchema,
  socialRegisteredSchema,
  socialRegisterSchema,
  socialSessionSchema,
} from './social-schemas';

type Network = { network: string };
type GuidNetwork = { guid: string; network: string };

/** Signs in the account linked to the ticket's social identity (or registers it: autoRegister). */
export const socialSession = /* @__PURE__ */ endpoint<
  Network,
  z.input<typeof socialSessionSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/social/:network/session', socialSessionSchema, sessionResponseSchema);
/**
 * Creates an account from the social registration form, linked to the ticket's identity, and signs
 * it in; or (202) leaves it waiting for the activation of an address the network did not vouch for.
 */
export const socialRegister = /* @__PURE__ */ endpoint<
  Network,
  z.input<typeof socialRegisterSchema>,
  z.infer<typeof socialRegisteredSchema>
>('POST', '/social/:network/register', socialRegisterSchema, socialRegisteredSchema);
export const socialLink = /* @__PURE__ */ endpoint<
  GuidNetwork,
  z.input<typeof socialLinkSchema>,
  z.infer<typeof linkedProfilesSchema>
>('POST', '/social/:guid/:network/link', socialLinkSchema, linkedProfilesSchema);
export const socialUnlink = /* @__PURE__ */ endpoint<GuidNetwork, never, z.infer<typeof linkedProfilesSchema>>(
  'POST',
  '/social/:guid/:network/unlink',
  null,
  linkedProfilesSchema,
);
/**
 * Secure mode for an account without a password: a fresh ticket from one of its linked networks
 * proves it is still the owner (as POST /session/:id does with the password); answers the main
 * session refreshed and a new secure session.
 */
export const socialReauthenticate = /* @__PURE__ */ endpoint<
  GuidNetwork,
  z.input<typeof socialLinkSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/social/:guid/:network/reauthenticate', socialLinkSchema, sessionResponseSchema);
export const getLinkedProfiles = /* @__PURE__ */ endpoint<
  { guid: string },
  never,
  z.infer<typeof linkedProfilesSchema>
>('GET', '/social/:guid', null, linkedProfilesSchema);
/** Query `ticket`: the profile the provider gave for it (social registration fills its form with it). */
export const getSocialProfile = /* @__PURE__ */ endpoint<Network, never, z.infer<typeof socialProfileSchema>>(
  'GET',
  '/social/:network/socialProfile',
  null,
  socialProfileSchema,
);
/**
 * Query `pictureType`, `width`, `height`: the picture of one of the caller's linked profiles, at
 * about that size as the network serves it (a URL on the network's image host).
 */
export const getSocialAvatar = /* @__PURE__ */ endpoint<
  { network: string; socialUserId: string },
  never,
  z.infer<typeof socialAvatarSchema>
>('GET', '/social/:network/userAvatar/:socialUserId', null, socialAvatarSchema);
export const getSocialPermissions = /* @__PURE__ */ endpoint<
  Record<string, never>,
  never,
  z.infer<typeof socialPermissionsSchema>
>('GET', '/social/permissions', null, socialPermissionsSchema);
/** The service's registration form without password fields. */
export const getSocialRegistrationTemplate = /* @__PURE__ */ endpoint<
  { service: string },
  never,
  z.infer<typeof templateSchema>
>('GET', '/ui/template/social/registration/:service', null, templateSchema);
/** The scheme's login form, for linking a social identity to an existing account. */
export const getSocialLinkTemplate = /* @__PURE__ */ endpoint<
  { scheme: string },
  never,
  z.infer<typeof templateSchema>
>('GET', '/ui/template/social/link/:scheme', null, templateSchema);
/**
 * Full-redirect sign-in: the frame redeems, once, the result id the server put in the host page's
 * URL when it sent the visitor back, for the ticket (or the provider's error).
 */
export const redeemSocialResult = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof socialRedeemSchema>,
  z.infer<typeof socialRedeemedSchema>
>('POST', '/social/result', socialRedeemSchema, socialRedeemedSchema);

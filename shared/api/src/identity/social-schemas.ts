/**
 * Social sign-in payloads (identity spec §3 "social auth payload", "social network", linked
 * profiles; §7's /social calls). The OAuth step runs on the identity server: the provider's
 * access token never leaves it. What the frame holds instead is a `ticket`, a short-lived,
 * single-purpose reference to the social identity the server verified, handed to the opener
 * frame by the server's callback page (`socialOutcomeSchema`).
 */
import * as z from 'zod/mini';
import { name, nameValueSchema, sessionResponseSchema } from './schemas';

/** The supported networks (identity spec §3); googleplus is read as google. */
export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'google', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Network names as the networks write them (not translated): the widgets' buttons and the server's mails. */
export const NETWORK_NAMES: Readonly<Record<SocialNetwork, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
};

/** The network a configuration or URL names, case-insensitively, googleplus as google; null if unsupported. */
export function socialNetworkOf(value: string): SocialNetwork | null {
  const lower = value.trim().toLowerCase();
  const canonical = lower === 'googleplus' ? 'google' : lower;
  return (SOCIAL_NETWORKS as readonly string[]).includes(canonical) ? (canonical as SocialNetwork) : null;
}

/** Linked profiles are keyed by the upper-case network name (identity spec §3). */
export function linkedProfileKey(network: SocialNetwork): string {
  return network.toUpperCase();
}

/** A social ticket: opaque, URL-safe. */
const ticket = z.string().check(z.minLength(16), z.maxLength(200));

/** Body of POST /social/:network/session (identity spec §3 social auth payload, minus the token). */
export const socialSessionSchema = z.object({
  ticket,
  realmName: name,
  serviceName: name,
  /** Profile attribute ← social profile field, used when autoPopulate is on. */
  attributesMapping: z._default(z.array(nameValueSchema).check(z.maxLength(20)), []),
  rememberMe: z._default(z.boolean(), false),
});
export type SocialSession = z.infer<typeof socialSessionSchema>;

/** Query of POST /social/:network/session. */
export const socialSessionQuerySchema = z.object({
  autoRegister: z.optional(z.enum(['true', 'false'])),
  autoPopulate: z.optional(z.enum(['true', 'false'])),
});

/** Body of POST /social/:network/register: the social registration form (no password). */
export const socialRegisterSchema = z.object({
  ticket,
  realm: name,
  services: z.array(name).check(z.minLength(1), z.maxLength(10)),
  /** 'Attributes should be list of key/value pairs' (identity spec §5): arrays only. */
  attributes: z.array(nameValueSchema).check(z.maxLength(50)),
  roles: z._default(z.array(z.string()).check(z.maxLength(20)), []),
  rolesToAssign: z._default(z.array(z.string()).check(z.maxLength(20)), []),
});
export type SocialRegister = z.infer<typeof socialRegisterSchema>;

/**
 * Answer of POST /social/:network/register: 201 signed in; or 202 when the form's e-mail address is
 * not the one the network vouched for (X gives none): the account waits, INACTIVE and without a
 * session, for the activation link mailed to that address.
 */
export const socialRegisteredSchema = z.union([
  sessionResponseSchema,
  z.object({ guid: z.string(), state: z.literal('INACTIVE') }),
]);

/** Body of POST /social/:guid/:network/link. */
export const socialLinkSchema = z.object({ ticket });

/** One linked social profile as GET /social/:guid lists it. */
export const linkedProfileSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  socialUserId: z.string(),
  displayName: z.optional(z.string()),
  email: z.optional(z.string()),
  pictureUrl: z.optional(z.string()),
  linkedAt: z.number(),
});
export type LinkedProfile = z.infer<typeof linkedProfileSchema>;

/** GET /social/:guid: linked profiles keyed by upper-case network, plus whether a password exists. */
export const linkedProfilesSchema = z.object({
  profiles: z.record(z.string(), linkedProfileSchema),
  /** False for accounts created by social registration: their last network cannot be unlinked. */
  hasPassword: z.boolean(),
});
export type LinkedProfiles = z.infer<typeof linkedProfilesSchema>;

/** GET /social/permissions: the networks the calling service has configured, with their scopes. */
export const socialPermissionsSchema = z.object({
  networks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), scopes: z.array(z.string()) })),
});
export type SocialPermissions = z.infer<typeof socialPermissionsSchema>;

/** GET /social/:network/socialProfile?ticket=…: what the provider told about the visitor. */
export const socialProfileSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  socialUserId: z.string(),
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  displayName: z.optional(z.string()),
  pictureUrl: z.optional(z.string()),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

/** Picture sizes of GET /social/:network/userAvatar/:socialUserId (the Graph API's `type` names). */
export const AVATAR_PICTURE_TYPES = ['small', 'normal', 'large', 'square'] as const;
const avatarSide = z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/)));

/** Query of GET /social/:network/userAvatar/:socialUserId (identity spec §7: pictureType, width, height). */
export const socialAvatarQuerySchema = z.object({
  pictureType: z.optional(z.enum(AVATAR_PICTURE_TYPES)),
  width: avatarSide,
  height: avatarSide,
});
export type SocialAvatarQuery = z.infer<typeof socialAvatarQuerySchema>;

/** GET /social/:network/userAvatar/:socialUserId: the linked profile's picture at about that size. */
export const socialAvatarSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  socialUserId: z.string(),
  url: z.url({ protocol: /^https?$/ }),
});
export type SocialAvatar = z.infer<typeof socialAvatarSchema>;

/**
 * What the server's callback page posts to the frame that opened the popup (target origin: the
 * widgets origin). `attempt` is the frame's own random value, echoed so a frame accepts only the
 * answer to the popup it opened. No token: the ticket is useful only to the identity server.
 */
export const socialOutcomeSchema = z.union([
  z.object({
    type: z.literal('foyer:social-outcome'),
    attempt: z.string().check(z.minLength(8), z.maxLength(100)),
    network: z.enum(SOCIAL_NETWORKS),
    ticket,
  }),
  z.object({
    type: z.literal('foyer:social-outcome'),
    attempt: z.string().check(z.minLength(8), z.maxLength(100)),
    network: z.enum(SOCIAL_NETWORKS),
    /** An identity error code: access_denied (refused at the provider) or technical_difficulties. */
    error: z.string().check(z.maxLength(100)),
  }),
]);
export type SocialOutcome = z.infer<typeof socialOutcomeSchema>;

/** Path (relative to the identity base URL) the frame opens in the popup to start the OAuth step. */
export const SOCIAL_AUTHORIZE_PATH = '/social/:network/authorize';
/** Path the providers redirect back to (the default redirect URI). */
export const SOCIAL_CALLBACK_PATH = '/social/callback';

/**
 * Full-redirect sign-in (in-app browsers, blocked popups): what resumes on the host page, sign-in
 * (login, registration, social buttons), linking (link accounts), or the fresh proof link and
 * unlink ask of an account without a password (confirm: a social re-authentication).
 */
export const SOCIAL_PURPOSES = ['signIn', 'link', 'confirm'] as const;
export type SocialPurpose = (typeof SOCIAL_PURPOSES)[number];
// The host page's query parameters the server adds when it sends the visitor back (the result id
// and its purpose) are the loader's to read: SOCIAL_RETURN_PARAMS in @foyer/protocol/light.
/** A result id: opaque, URL-safe. */
export const socialResultIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,100}$/));

/**
 * Body of POST /social/result: the result id the host page's URL carried, and the attempt of the
 * trip, kept in this browser when it started (the frame's tab storage, else the host page's, by the
 * loader). Required (issue 24): a result without it could be someone else's trip (login CSRF).
 */
export const socialRedeemSchema = z.object({
  result: socialResultIdSchema,
  attempt: z.string().check(z.minLength(8), z.maxLength(100)),
});
/** POST /social/result: the step's outcome, as the popup's message gives it. */
export const socialRedeemedSchema = z.union([
  z.object({ network: z.enum(SOCIAL_NETWORKS), purpose: z.enum(SOCIAL_PURPOSES), ticket }),
  z.object({
    network: z.enum(SOCIAL_NETWORKS),
    purpose: z.enum(SOCIAL_PURPOSES),
    error: z.string().check(z.maxLength(100)),
  }),
]);
export type SocialRedeemed = z.infer<typeof socialRedeemedSchema>;

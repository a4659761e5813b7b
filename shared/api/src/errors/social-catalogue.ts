/**
 * The error codes of social sign-in (identity spec §5, §8, and the social re-authentication of
 * security/social-proof.ts), apart from the identity catalogue so that frames without social
 * widgets never download their texts (the login route's budget). The server answers them like any
 * code (errors/all.ts); the social widgets' messages register their English and translations.
 */
import { errorFactory } from './foyer-error';

export const SOCIAL_ERRORS = {
  user_linked_with_different_account: { status: 409, text: 'This social account is linked with a different account.' },
  USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK: {
    status: 409,
    text: 'Your account is already linked with this social network.',
  },
  unlink_user_social_network: {
    status: 403,
    text: 'Please complete your profile before you unlink this social network.',
  },
  SOCIAL_ALL_NETWORKS_CONNECTED: { status: 400, text: 'All social networks are connected!' },
  SOCIAL_NO_NETWORK_LINKED: { status: 400, text: 'No social network is linked!' },
  SOCIAL_SETTINGS_INVALID: { status: 400, text: 'Social SDK settings are invalid!' },
  SOCIAL_ACTION_EMPTY: { status: 400, text: 'Action should not be empty! Available options [Login or Register]' },
  SOCIAL_NETWORK_EMPTY: { status: 400, text: 'Social Network should not be empty!' },
  SOCIAL_NETWORK_NOT_SUPPORTED: { status: 400, text: "Social Network '{0}' is not supported!" },
  SOCIAL_SELECTION_EMPTY: { status: 400, text: 'Select Social Network should not be empty!' },
  /** The link panel (link to an existing account) with no authentication scheme to log in with (identity spec §5). */
  SOCIAL_AUTH_SCHEME_EMPTY: { status: 400, text: 'Auth Scheme name should not be empty!' },
  /**
   * Social registration's attributes, roles and rolesToAssign must be lists, and the social buttons'
   * attributesMapping a list of `attribute=field` pairs (identity spec §5).
   */
  SOCIAL_ATTRIBUTES_NOT_PAIRS: { status: 400, text: 'Attributes should be list of key/value pairs' },
  /** The sign-in popup was closed (or blocked) before the provider answered. */
  SOCIAL_POPUP_CLOSED: { status: 400, text: 'The sign-in window was closed before it finished. Please try again.' },
  /** The ticket from the provider's answer was used, has expired, or belongs to another network. */
  SOCIAL_TICKET_INVALID: {
    status: 401,
    text: 'Your social sign-in has expired. Please sign in with the network again.',
  },
  /** Full-redirect sign-in: the page to come back to is not one of the service's allowed host origins. */
  SOCIAL_RETURN_NOT_ALLOWED: { status: 400, text: 'The sign-in cannot return to this page.' },
  /** The sign-in popup could not open (a popup blocker), where the page cannot go to the provider instead. */
  SOCIAL_POPUP_BLOCKED: {
    status: 400,
    text: 'Your browser blocked the sign-in window. Please allow pop-ups for this page and try again.',
  },
  /** Social re-authentication (security/social-proof.ts): an account with a password confirms with it. */
  SOCIAL_PROOF_NEEDS_PASSWORD: { status: 403, text: 'Please confirm it is you with your password.' },
  /** Social re-authentication with a social account that is not the one linked to this account. */
  SOCIAL_PROOF_NOT_LINKED: {
    status: 401,
    text: 'That social account is not the one linked to your account. Please sign in with the linked one.',
  },
  /** Social re-authentication with a network linked less than a day ago. */
  SOCIAL_PROOF_TOO_RECENT: {
    status: 403,
    text: 'A network linked in the last 24 hours cannot confirm it is you yet. Please use the network you signed up with.',
  },
  /**
   * Linking a network (or the Disqus sign-on) from an account whose e-mail address nobody has
   * proven yet (issue 24: a purchase sign-up, a registration without activation): a reset proves it.
   */
  ADDRESS_NOT_PROVEN: {
    status: 403,
    text: 'Your e-mail address is not confirmed yet. To confirm it, use "Forgot your password?" and follow the link we mail you, then try again.',
  },
  /**
   * Link and unlink without a fresh proof (security/fresh-proof.ts): a main session alone cannot
   * change how the account signs in; the frame asks for the password (or a linked network) and retries.
   */
  SOCIAL_PROOF_REQUIRED: {
    status: 403,
    text: 'Please confirm it is you before you link or unlink a social network.',
  },
  /** GET /social/:network/userAvatar/:id: no linked profile of the caller with a picture. */
  SOCIAL_AVATAR_NOT_FOUND: { status: 404, text: 'There is no picture for this social account.' },
} as const satisfies Record<string, { status: number; text: string }>;

export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

/** A FoyerError for a social code, with its status and English text. */
export const socialError = /* @__PURE__ */ errorFactory(SOCIAL_ERRORS);

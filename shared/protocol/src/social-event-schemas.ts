/** Payload schemas of the social widgets' events (identity spec §2, §4); loaded with those widgets. */
import * as z from 'zod/mini';
import { emptyPayload, failurePayload } from './schemas';

const guid = z.string().check(z.minLength(1), z.maxLength(100));
const network = z.enum(['facebook', 'twitter', 'google', 'linkedin']);
const networkPayload = z.strictObject({ guid, network });
const networkFailure = z.strictObject({ ...failurePayload.shape, network: z.optional(network) });

/**
 * Social events (identity spec §2, §4). Payloads name the account and the network, never a
 * provider token or the social ticket (spec's social_session stays on the server).
 */
export const socialEventPayloadSchemas = {
  'socialLogin.success': networkPayload,
  'socialLogin.failed': networkFailure,
  'socialRegister.success': networkPayload,
  'socialRegister.failed': networkFailure,
  'socialLink.success': networkPayload,
  'socialLink.failed': networkFailure,
  'socialUnlink.success': networkPayload,
  'socialUnlink.failed': networkFailure,
  /** After sign-in, link or unlink: the networks now linked (upper-case keys), or none when logged out. */
  'socialSession.refresh': z.strictObject({ linked: z.array(z.string()) }),
  /**
   * Social registration's Cancel (identity spec §4): the form is left (back to the sign-in
   * buttons) and the social sign-in library's `hello` entry removed.
   */
  'socialRegistration.cancelled': emptyPayload,
  /** The Cancel of link-accounts and unlink-accounts (`showCancel`): a modal closes; a page may hide the widget. */
  'linkAccounts.cancelled': emptyPayload,
  'unlinkAccounts.cancelled': emptyPayload,
  /**
   * Unlink refused with 403 and an authentication scheme (unlink_user_social_network): the
   * auth-scheme-failed notice; edit-social-profile loads that scheme's form (identity spec §4).
   */
  'socialUnlink.authSchemeFailed': z.strictObject({ authenticationSchemeName: z.string().check(z.maxLength(100)) }),
  /** The social profile update succeeded (identity spec §3: statusCode, message, response). */
  'socialProfile.updated': z.strictObject({
    statusCode: z.number(),
    message: z.string().check(z.maxLength(200)),
    response: z.strictObject({ guid }),
  }),
  'socialProfile.updateFailed': failurePayload,
  'editSocialProfile.cancelled': emptyPayload,
};

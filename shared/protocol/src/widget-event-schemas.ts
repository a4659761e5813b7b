/**
 * Payload schemas of the identity suite's events that only some widgets publish: registration,
 * activation, passwords and profile editing (the purchase journey's are in
 * purchase-event-schemas.ts). Loaded with those widgets (apps/frame/src/app/routes.ts registers them
 * through registerEventSchemas), never on the login route. Shapes are shared where they can be.
 */
import * as z from 'zod/mini';
import { emptyPayload, failurePayload, guidPayload } from './schemas';

const guid = z.string().check(z.minLength(1), z.maxLength(100));

export const identityEventPayloadSchemas = {
  'registration.success': guidPayload,
  'registration.cancelled': emptyPayload,
  'registration.failed': failurePayload,
  /**
   * About 1.5 s after registration.success (identity spec §4): where the page should send the visitor next —
   * `payment` (the service check passed), `editProfile` (attributes the service requires are missing) or `login`.
   */
  'registration.redirect': z.strictObject({
    to: z.enum(['payment', 'editProfile', 'login']),
    guid,
    serviceName: z.string(),
    attributes: z.optional(z.array(z.string())),
  }),
  'accountActivation.success': guidPayload,
  'accountActivation.failed': failurePayload,
  'accountActivation.cancelled': emptyPayload,
  'resetPassword.success': emptyPayload,
  'resetPassword.failed': failurePayload,
  'changePassword.success': guidPayload,
  'changePassword.failed': failurePayload,
  'profile.updateFailed': failurePayload,
  'editProfile.cancelled': emptyPayload,
  'identifierChange.confirmed': guidPayload,
  'identifierChange.failed': failurePayload,
};

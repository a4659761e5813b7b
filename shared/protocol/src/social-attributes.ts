/**
 * The social widgets' attributes and events (identity spec §2 social widgets, §4, §9 defaults).
 * A module of its own, loaded only with the social widgets and with login/registration when a page
 * configures networks for them (apps/frame/src/app/routes.ts, features/social).
 */
import * as z from 'zod/mini';
import { commonAttributes, flagAttribute, listAttribute, textAttribute } from './attribute-helpers';

/** Case-insensitive network names (`google,facebook`); checked against the supported list by the widget. */
export const networksAttribute = listAttribute;

/**
 * The roles a social registration gives the new account (identity spec §3: `roles` and
 * `rolesToAssign`, comma-separated); the server accepts only the service's assignable roles.
 */
const registrationRoles = {
  roles: listAttribute(),
  rolesToAssign: listAttribute(),
};

const socialCommon = {
  ...commonAttributes,
  /** Networks to offer, comma-separated (googleplus counts as google); default: every network the service configured. */
  networks: networksAttribute(),
  /**
   * Permissions asked for besides the service's social scope (identity spec §3: extend permissions):
   * portable names (`birthday`) each network spells its own way, or `network:scope` for one network.
   */
  extendPermissions: listAttribute(),
  /** Text buttons ('Sign in with Google') or icon buttons (identity spec §5: icons or text). */
  buttonStyle: z._default(z.enum(['text', 'icons']), 'text'),
  formStyle: z._default(z.string().check(z.maxLength(100)), 'form-horizontal'),
};

export const socialButtonsAttributesSchema = z.strictObject({
  ...socialCommon,
  /** Required (identity spec §5): 'Action should not be empty! Available options [Login or Register]'. */
  networkAction: z.optional(z.string().check(z.maxLength(20))),
  autoRegister: flagAttribute(false),
  autoPopulate: flagAttribute(true),
  description: textAttribute(),
  label: textAttribute(),
  authenticationSchemeName: textAttribute(),
  /**
   * Profile attributes filled from the network's profile on an autoRegister with autoPopulate
   * (identity spec §3 attributesMapping): `attribute=field` pairs, comma-separated
   * (`givenName=firstName, familyName=lastName`); anything else says 'Attributes should be list
   * of key/value pairs'.
   */
  attributesMapping: listAttribute(),
  ...registrationRoles,
});
export type SocialButtonsAttributes = z.infer<typeof socialButtonsAttributesSchema>;

export const linkAccountsAttributesSchema = z.strictObject({
  ...socialCommon,
  /** The networks the widget may offer (identity spec §2: selected networks, case-insensitive). */
  selectedNetworks: listAttribute(),
  linkLabel: textAttribute(),
  showCancel: flagAttribute(false),
});
export type LinkAccountsAttributes = z.infer<typeof linkAccountsAttributesSchema>;

export const unlinkAccountsAttributesSchema = z.strictObject({
  ...socialCommon,
  unlinkLabel: textAttribute(),
  showCancel: flagAttribute(false),
});
export type UnlinkAccountsAttributes = z.infer<typeof unlinkAccountsAttributesSchema>;

export const socialRegistrationAttributesSchema = z.strictObject({
  ...socialCommon,
  authenticationSchemeName: textAttribute(),
  description: textAttribute(),
  submitLabel: textAttribute(),
  /** Attributes of the form not shown (identity spec §2: optional hidden attributes). */
  hiddenAttributes: listAttribute(),
  /** The embedded link panel ('I already have a account'). */
  showLinkPanel: flagAttribute(true),
  linkSubmitLabel: textAttribute(),
  linkCancelLabel: textAttribute(),
  ...registrationRoles,
});
export type SocialRegistrationAttributes = z.infer<typeof socialRegistrationAttributesSchema>;

export const linkExistingAccountAttributesSchema = z.strictObject({
  ...socialCommon,
  authenticationSchemeName: textAttribute(),
  description: textAttribute(),
  submitLabel: textAttribute(),
  showCancel: flagAttribute(false),
  /** The forgot-password flip panel (identity spec §2). */
  showForgotPassword: flagAttribute(true),
  alignment: z._default(z.enum(['left', 'center', 'right']), 'left'),
});
export type LinkExistingAccountAttributes = z.infer<typeof linkExistingAccountAttributesSchema>;

export const editSocialProfileAttributesSchema = z.strictObject({
  ...commonAttributes,
  /** The scheme whose identifiers and validators the form shows; default the service's. */
  authenticationSchemeName: textAttribute(),
  /** Fill the form with the user's current values (false: start empty; identity spec §2). */
  showExistingAttributes: flagAttribute(true),
  submitLabel: textAttribute(),
  cancelLabel: textAttribute(),
  showCancel: flagAttribute(true),
});
export type EditSocialProfileAttributes = z.infer<typeof editSocialProfileAttributesSchema>;

export const socialWidgetAttributeSchemas = {
  'social-buttons': socialButtonsAttributesSchema,
  'link-accounts': linkAccountsAttributesSchema,
  'unlink-accounts': unlinkAccountsAttributesSchema,
  'social-registration': socialRegistrationAttributesSchema,
  'link-existing-account': linkExistingAccountAttributesSchema,
  'edit-social-profile': editSocialProfileAttributesSchema,
} as const;

export { socialEventPayloadSchemas } from './social-event-schemas';

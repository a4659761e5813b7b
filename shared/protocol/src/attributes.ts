/**
 * Attribute schemas of the widgets other than login and profile. A module of its own so the
 * frame loads it only with the widget that needs it (see apps/frame/src/app/routes.ts); the login
 * route's budget cannot carry every widget's schema.
 */
import * as z from 'zod/mini';
import { commonAttributes, flagAttribute, listAttribute, textAttribute } from './attribute-helpers';
import { loginAttributesSchema, profileAttributesSchema } from './schemas';

/** Account activation: the key and service come from the host page's query (identity spec §2). */
export const accountActivationAttributesSchema = z.strictObject({
  ...commonAttributes,
  showCancel: flagAttribute(false),
});
export type AccountActivationAttributes = z.infer<typeof accountActivationAttributesSchema>;

/** Identifier change confirmation (issue 11): the guid and key come from the host page's query. */
export const confirmIdentifierAttributesSchema = z.strictObject({ ...commonAttributes });
export type ConfirmIdentifierAttributes = z.infer<typeof confirmIdentifierAttributesSchema>;

export const forgotPasswordAttributesSchema = z.strictObject({
  ...commonAttributes,
  authenticationSchemeName: textAttribute(),
  /** Cancel button (identity spec §9: cancel off by default). */
  showCancel: flagAttribute(false),
  submitLabel: textAttribute(),
  /** Alignment of the panel's buttons (identity spec §9: default left). */
  alignment: z._default(z.enum(['left', 'center', 'right']), 'left'),
});
export type ForgotPasswordAttributes = z.infer<typeof forgotPasswordAttributesSchema>;

/** Reset password: the key and service come from the host page's query (identity spec §2). */
export const resetPasswordAttributesSchema = z.strictObject({
  ...commonAttributes,
  submitLabel: textAttribute(),
});
export type ResetPasswordAttributes = z.infer<typeof resetPasswordAttributesSchema>;

export const changePasswordAttributesSchema = z.strictObject({
  ...commonAttributes,
  showOldPassword: flagAttribute(true),
  submitLabel: textAttribute(),
});
export type ChangePasswordAttributes = z.infer<typeof changePasswordAttributesSchema>;

const registrationAttributes = {
  ...commonAttributes,
  authenticationSchemeName: textAttribute(),
  /** Log in right after registering when the server created an active account. */
  autoLogin: flagAttribute(false),
  /** Cancel button (identity spec §9: cancel off by default). */
  showCancel: flagAttribute(false),
  submitLabel: textAttribute(),
  /** Social sign-up buttons above the form (issue 14), comma-separated networks. */
  socialNetworks: listAttribute(),
  socialButtonStyle: z._default(z.enum(['text', 'icons']), 'text'),
};

export const registrationAttributesSchema = z.strictObject(registrationAttributes);
export type RegistrationAttributes = z.infer<typeof registrationAttributesSchema>;

const editProfileAttributes = {
  ...commonAttributes,
  /** Fill the form with the user's current values (false: start empty, send only what is typed). */
  showExistingAttributes: flagAttribute(true),
  /** Attributes not shown (and not sent). */
  hiddenAttributes: listAttribute(),
  /** Attributes shown read-only (and not sent). */
  nonEditableAttributes: listAttribute(),
  /** Always load the profile from the server instead of this frame's cached copy. */
  disableCache: flagAttribute(false),
  /** Roles given to / taken from the user with every update (only the service's assignable roles). */
  rolesToAssign: listAttribute(),
  rolesToUnAssign: listAttribute(),
  showCancel: flagAttribute(false),
  submitLabel: textAttribute(),
};

export const editProfileAttributesSchema = z.strictObject(editProfileAttributes);
export type EditProfileAttributes = z.infer<typeof editProfileAttributesSchema>;

/** The actions of the capture container (identity spec §2); the social ones come with the social widgets. */
export const CAPTURE_ACTIONS = ['register', 'editProfile', 'socialAccountRegister', 'socialAccountLink'] as const;

export const captureAttributesSchema = z.strictObject({
  ...registrationAttributes,
  ...editProfileAttributes,
  action: z._default(z.enum(CAPTURE_ACTIONS), 'register'),
});
export type CaptureAttributes = z.infer<typeof captureAttributesSchema>;

/** Attribute schemas of the identity widgets loaded lazily, by widget name (purchase ones: purchase-attributes.ts). */
export const widgetAttributeSchemas = {
  login: loginAttributesSchema,
  profile: profileAttributesSchema,
  'account-activation': accountActivationAttributesSchema,
  'forgot-password': forgotPasswordAttributesSchema,
  'reset-password': resetPasswordAttributesSchema,
  'change-password': changePasswordAttributesSchema,
  registration: registrationAttributesSchema,
  'edit-profile': editProfileAttributesSchema,
  capture: captureAttributesSchema,
  'confirm-identifier': confirmIdentifierAttributesSchema,
} as const;
export * from './widget-event-schemas';

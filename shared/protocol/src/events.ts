/**
 * Event names and the envelope that carries them across frames. Dependency-free (the loader uses
 * it); the payload schemas live in `event-schemas.ts`.
 */
export const EVENT_NAMES = [
  'login.success',
  'login.failed',
  'login.missingAttributes',
  'logout.action',
  'session.refresh',
  'session.expired',
  'profile.updated',
  'profile.loaded',
  'registration.success',
  'registration.cancelled',
  'forgotPassword.success',
  'forgotPassword.cancelled',
  'widget.configError',
  // Identity suite (issue 3): activation, passwords.
  'login.forgotPassword',
  'login.activationResent',
  'accountActivation.success',
  'accountActivation.failed',
  'accountActivation.cancelled',
  'forgotPassword.failed',
  'resetPassword.success',
  'resetPassword.failed',
  'changePassword.success',
  'changePassword.failed',
  // Identity suite (issue 3): registration and profile editing.
  'registration.failed',
  'registration.redirect',
  'profile.updateFailed',
  'editProfile.cancelled',
  // Identifier change confirmation (issue 11).
  'identifierChange.confirmed',
  'identifierChange.failed',
  // Purchase journey (issue 4).
  'login.register',
  'modal.dismissed',
  'basket.updated',
  'productSelection.failed',
  'productSelection.success',
  'productProfile.success',
  'productProfile.failed',
  'productSummary.success',
  'productSummary.cancelled',
  'checkout.started',
  'checkout.failed',
  'order.created',
  'payment.success',
  'payment.failed',
  'payment.processing',
  'paymentType.selected',
  'directDebit.redirect',
  'directDebit.success',
  'directDebit.failed',
  // Account area (issue 13).
  'purchasesList.loaded',
  'purchasesList.failed',
  'beneficiary.invited',
  'beneficiary.removed',
  'beneficiary.failed',
  'grantInvitations.loaded',
  'grant.accepted',
  'grant.declined',
  'grant.failed',
  'subscription.cancelled',
  'cancelSubscription.failed',
  'subscription.paid',
  'subscriptionsList.loaded',
  // Version 1 account widgets (issue 16).
  'invitationsList.loaded',
  // Version 1 basket (issue 16).
  'basket.synced',
  'transaction.created',
  // Social sign-in (issue 14).
  'socialLogin.success',
  'socialLogin.failed',
  'socialRegister.success',
  'socialRegister.failed',
  'socialLink.success',
  'socialLink.failed',
  'socialUnlink.success',
  'socialUnlink.failed',
  'socialSession.refresh',
  'socialRegistration.cancelled',
  'linkAccounts.cancelled',
  'unlinkAccounts.cancelled',
  'socialUnlink.authSchemeFailed',
  'socialProfile.updated',
  'socialProfile.updateFailed',
  'editSocialProfile.cancelled',
  // Metered paywall (issue 15).
  'paywall.authorized',
  'paywall.shown',
  'paywallNotifier.shown',
  // Passkeys (issue 31).
  'passkey.added',
  'passkey.removed',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** An event as it crosses postMessage: a known name and a JSON object payload. */
export interface EventEnvelope {
  name: EventName;
  payload: Record<string, unknown>;
}

/** Payloads larger than this (as JSON) are refused: events carry ids and codes, not documents. */
export const MAX_EVENT_PAYLOAD_BYTES = 16_384;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The loader's structural check of an event coming from a frame. The frame validates payloads
 * against the full zod schemas before it sends and after it receives.
 */
export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (!isPlainObject(value) || !isEventName(value.name) || !isPlainObject(value.payload)) return false;
  try {
    return JSON.stringify(value.payload).length <= MAX_EVENT_PAYLOAD_BYTES;
  } catch {
    return false;
  }
}

/**
 * The modal wrapper closes on any widget's success or cancelled event, except the
 * forgot-password ones (they flip back to the login panel instead), and a social sign-in's or
 * registration's success: the frame publishes it just before the login.success that closes the
 * modal, and closing on the first would destroy the frame's connection before the second arrived.
 */
export function closesModal(name: EventName): boolean {
  return /\.(success|cancelled)$/.test(name) && !/^(forgotPassword\.|social(Login|Register)\.success)/.test(name);
}

/**
 * How a visitor signed in, as `login.success` tells the page (issue 31): a password (the login
 * form, registration's auto-login, the purchase flow's sign-up), a passkey, a code mailed to them,
 * or a social network.
 */
export const LOGIN_METHODS = ['password', 'passkey', 'email_code', 'social'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

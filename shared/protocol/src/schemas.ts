/**
 * zod schemas of the protocol (frame side). `zod/mini` keeps the frame bundle small.
 */
import * as z from 'zod/mini';
import { EVENT_NAMES, MAX_EVENT_PAYLOAD_BYTES } from './events';
import { PROTOCOL_VERSION, MAX_FRAME_HEIGHT } from './methods';
import { commonAttributes, countAttribute, flagAttribute, textAttribute } from './attribute-helpers';

/** An absolute http(s) URL, checked with the platform's own URL parser. */
const httpUrl = () =>
  z.string().check(
    z.refine((value) => {
      try {
        return /^https?:$/.test(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an http(s) URL'),
  );

const providerKey = z.object({ key: z.string().check(z.minLength(1), z.maxLength(200)) });

/** Page-level settings: `window.FoyerSettings` or the `data-foyer-settings` JSON block. */
export const pageSettingsSchema = z.object({
  /** Identity server base URL; default: the widgets server's own `/ic/api`. */
  icDomain: z.optional(httpUrl()),
  /** Widget / product-manager service base URL; default: the widgets server's own `/pm/api`. */
  pmDomain: z.optional(httpUrl()),
  serviceName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  realmName: z._default(z.string().check(z.minLength(1), z.maxLength(100)), 'default'),
  icAppName: z._default(z.string(), 'ev-widgets'),
  version: z._default(z.union([z.literal(1), z.literal(2)]), 2),
  recaptchaSiteKey: z.optional(z.string()),
  secureMode: z._default(z.boolean(), false),
  ssoCookieDomain: z.optional(z.string()),
  enableSSOMode: z._default(z.boolean(), true),
  enableSeamlessMode: z._default(z.boolean(), true),
  uniqueIdentifierValidation: z._default(z.boolean(), true),
  socialScope: z._default(z.string(), 'email'),
  /** BCP 47 tag; default: the browser's language. */
  locale: z.optional(z.string().check(z.maxLength(35))),
  /** Site-owner opt-in: include the session id in `login.success` / `session.refresh` payloads. */
  exposeSessionId: z._default(z.boolean(), false),
  // Product-manager configuration (purchase spec §1): the checkout's steps (§4).
  skipProfile: z._default(z.boolean(), false),
  skipValidation: z._default(z.boolean(), false),
  skipSummary: z._default(z.boolean(), false),
  /** After a profile step that created the account, do not log the visitor in. */
  skipSessionCreation: z._default(z.boolean(), false),
  /** A checkout without a session opens the login widget (false: only publishes the not_logged_in failure). */
  login: z._default(z.boolean(), true),
  /** Profile attribute renames: the service's attribute name -> the name the page's backend expects. */
  attributeMapping: z.optional(z.record(z.string(), z.string())),
  /** Card provider keys `{key}`; default: the key the widget service names for the order. */
  stripeKey: z.optional(providerKey),
  mercadoKey: z.optional(providerKey),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const loginAttributesSchema = z.strictObject({
  ...commonAttributes,
  authenticationSchemeName: textAttribute(),
  showRememberMe: flagAttribute(true),
  showForgotPassword: flagAttribute(true),
  showCancel: flagAttribute(false),
  /** A 'Create an account' button that publishes `login.register` (the checkout opens the profile step). */
  showRegister: flagAttribute(false),
  submitLabel: textAttribute(),
  /**
   * What the forgot-password link does: `flip` to the forgot-password panel inside the login
   * widget, or `event`: publish `login.forgotPassword` and let the host page handle it.
   */
  forgotPasswordHandler: z._default(z.enum(['flip', 'event']), 'flip'),
});
export type LoginAttributes = z.infer<typeof loginAttributesSchema>;

/** Default profile refresh: 30 minutes (identity spec §9). */
export const DEFAULT_PROFILE_REFRESH_SECONDS = 30 * 60;

export const profileAttributesSchema = z.strictObject({
  ...commonAttributes,
  refreshInterval: countAttribute(DEFAULT_PROFILE_REFRESH_SECONDS, 7 * 24 * 3600),
  showLogout: flagAttribute(true),
});
export type ProfileAttributes = z.infer<typeof profileAttributesSchema>;

const guid = z.string().check(z.minLength(1), z.maxLength(100));
const sessionId = z.string().check(z.minLength(16), z.maxLength(200));

/** Shared by every `*.failed` event: the error code and HTTP status. */
const failurePayload = z.strictObject({ code: z.string(), statusCode: z.optional(z.number()) });
/** Shared by the events that carry nothing (`*.cancelled` …). */
const emptyPayload = z.strictObject({});
const widgetPayload = z.strictObject({ widget: z.string().check(z.maxLength(100)) });
const basketPayload = z.strictObject({ productCount: z.number() });
const orderPayload = z.strictObject({ orderId: guid });

/** Payload of each event (identity spec §2 and §4). Payloads never carry secrets. */
export const eventPayloadSchemas = {
  'login.success': z.strictObject({ guid, sessionId: z.optional(sessionId) }),
  'login.failed': failurePayload,
  'login.missingAttributes': z.strictObject({
    guid,
    serviceName: z.string(),
    attributes: z.array(z.string()),
  }),
  'logout.action': z.strictObject({ guid: z.optional(guid) }),
  'session.refresh': z.strictObject({
    loggedIn: z.boolean(),
    guid: z.optional(guid),
    sessionId: z.optional(sessionId),
  }),
  'session.expired': emptyPayload,
  'profile.updated': z.strictObject({ guid }),
  'profile.loaded': z.strictObject({ guid, state: z.optional(z.string()) }),
  'registration.success': z.strictObject({ guid }),
  'registration.cancelled': emptyPayload,
  'forgotPassword.success': emptyPayload,
  'forgotPassword.cancelled': emptyPayload,
  'widget.configError': z.strictObject({ widget: z.string(), message: z.string() }),
  'login.forgotPassword': emptyPayload,
  'login.activationResent': emptyPayload,
  'accountActivation.success': z.strictObject({ guid }),
  'accountActivation.failed': failurePayload,
  'accountActivation.cancelled': emptyPayload,
  'forgotPassword.failed': failurePayload,
  'resetPassword.success': emptyPayload,
  'resetPassword.failed': failurePayload,
  'changePassword.success': z.strictObject({ guid }),
  'changePassword.failed': failurePayload,
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
  'profile.updateFailed': failurePayload,
  'editProfile.cancelled': emptyPayload,
  // Purchase journey. Shapes are shared on purpose: every route parses events, so each new
  // schema object would cost the login route's budget.
  /** The login widget's 'Create an account' button (attribute showRegister). */
  'login.register': emptyPayload,
  /** Published by the loader when the visitor closes a modal (Esc, backdrop, close button, Foyer.close). */
  'modal.dismissed': widgetPayload,
  /** The basket (sessionStorage `basket`) changed: how many products it holds now. */
  'basket.updated': basketPayload,
  'productSelection.failed': failurePayload,
  'productProfile.success': z.strictObject({ guid }),
  'productProfile.failed': failurePayload,
  /** The visitor confirmed the order summary (the checkout goes on to the order). */
  'productSummary.success': basketPayload,
  'productSummary.cancelled': emptyPayload,
  'checkout.started': basketPayload,
  'checkout.failed': failurePayload,
  'order.created': orderPayload,
  'payment.success': orderPayload,
  'payment.failed': failurePayload,
  'paymentType.selected': z.strictObject({ paymentType: z.string().check(z.maxLength(40)) }),
  /** The direct-debit widget is sending the visitor to the provider's mandate page. */
  'directDebit.redirect': orderPayload,
  'directDebit.success': orderPayload,
  'directDebit.failed': failurePayload,
} satisfies Record<(typeof EVENT_NAMES)[number], z.ZodMiniType>;

export type EventPayloads = { [K in keyof typeof eventPayloadSchemas]: z.infer<(typeof eventPayloadSchemas)[K]> };

/** A typed event: name plus its payload. */
export type FoyerEvent = { [K in keyof EventPayloads]: { name: K; payload: EventPayloads[K] } }[keyof EventPayloads];

/** Full validation of an event crossing a frame boundary. Returns null when invalid. */
export function parseEvent(value: unknown): FoyerEvent | null {
  const envelope = z.object({ name: z.enum(EVENT_NAMES), payload: z.record(z.string(), z.unknown()) }).safeParse(value);
  if (!envelope.success) return null;
  if (JSON.stringify(envelope.data.payload).length > MAX_EVENT_PAYLOAD_BYTES) return null;
  const payload = eventPayloadSchemas[envelope.data.name].safeParse(envelope.data.payload);
  if (!payload.success) return null;
  return { name: envelope.data.name, payload: payload.data } as FoyerEvent;
}

export const frameContextSchema = z.object({
  protocolVersion: z.literal(PROTOCOL_VERSION),
  /**
   * Compared with the frame's own route by the frame (a plain string here: the full list of
   * widget names would cost every route's bundle for no extra safety).
   */
  widget: z.string().check(z.maxLength(100)),
  attributes: z.record(z.string(), z.string()),
  settings: z.record(z.string(), z.unknown()),
  query: z.record(z.string(), z.string()),
  hostOrigin: z.string(),
  inModal: z.boolean(),
});

export const frameHeightSchema = z.number().check(z.minimum(0), z.maximum(MAX_FRAME_HEIGHT));

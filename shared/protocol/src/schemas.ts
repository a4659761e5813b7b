/**
 * zod schemas of the protocol (frame side). `zod/mini` keeps the frame bundle small.
 */
import * as z from 'zod/mini';
import { LOGIN_METHODS, MAX_EVENT_PAYLOAD_BYTES, type EVENT_NAMES } from './events';
// Types only: the runtime table loads with the widgets that use it (see coreEventPayloadSchemas).
import type { purchaseEventPayloadSchemas } from './purchase-event-schemas';
import type { passkeyEventPayloadSchemas } from './passkey-event-schemas';
import type { socialEventPayloadSchemas } from './social-event-schemas';
import type { identityEventPayloadSchemas } from './widget-event-schemas';
import { PROTOCOL_VERSION, MAX_FRAME_HEIGHT } from './methods';
import { commonAttributes, countAttribute, flagAttribute, listAttribute, textAttribute } from './attribute-helpers';
import type { paywallEventPayloadSchemas } from './paywall-attributes';

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
  /** Version 1: the payment type every basket is forced to (a v1 code such as online-CAU), when active. */
  v1PaymentType: z.optional(z.string().check(z.maxLength(40))),
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
  /** Social sign-in buttons under the form (issue 14), comma-separated networks; none: no social code loads. */
  socialNetworks: listAttribute(),
  socialButtonStyle: z._default(z.enum(['text', 'icons']), 'text'),
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
export const failurePayload = z.strictObject({ code: z.string(), statusCode: z.optional(z.number()) });
/** Shared by the events that carry nothing (`*.cancelled` …). */
export const emptyPayload = z.strictObject({});
export const guidPayload = z.strictObject({ guid });

/**
 * Payloads of the events every frame may publish or react to: the login and profile routes and
 * the session handling of all frames (identity spec §2 and §4). Payloads never carry secrets.
 * The other widgets' events are in widget-event-schemas.ts, loaded with those widgets (each event
 * schema here costs the login route's budget) and added by registerEventSchemas.
 */

export const coreEventPayloadSchemas = {
  // `method` is optional so that an older frame's event still passes; this frame always sets it.
  'login.success': z.strictObject({
    guid,
    sessionId: z.optional(sessionId),
    method: z.optional(z.enum(LOGIN_METHODS)),
  }),
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
  'profile.updated': guidPayload,
  'profile.loaded': z.strictObject({ guid, state: z.optional(z.string()) }),
  // The login widget's forgot-password flip panel and its links.
  'forgotPassword.success': emptyPayload,
  'forgotPassword.cancelled': emptyPayload,
  'forgotPassword.failed': failurePayload,
  'login.forgotPassword': emptyPayload,
  'login.activationResent': emptyPayload,
  /** The login widget's 'Create an account' button (attribute showRegister). */
  'login.register': emptyPayload,
  'widget.configError': z.strictObject({ widget: z.string(), message: z.string() }),
};

type CoreEventName = keyof typeof coreEventPayloadSchemas;
type WidgetEventSchemas = typeof identityEventPayloadSchemas &
  typeof purchaseEventPayloadSchemas &
  typeof socialEventPayloadSchemas &
  typeof paywallEventPayloadSchemas &
  typeof passkeyEventPayloadSchemas;
/** Every event's payload schema type (the runtime tables are split: core here, widgets lazily). */
type EventSchemas = typeof coreEventPayloadSchemas & WidgetEventSchemas;

export type EventPayloads = { [K in keyof EventSchemas]: z.infer<EventSchemas[K]> };

/** A typed event: name plus its payload. */
export type FoyerEvent = { [K in keyof EventPayloads]: { name: K; payload: EventPayloads[K] } }[keyof EventPayloads];

/** Compile-time: the two tables together name every event of EVENT_NAMES, and nothing else. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const EVENT_TABLES_COMPLETE: Exactly<keyof EventSchemas, (typeof EVENT_NAMES)[number]> = true;
export type { CoreEventName };

/** The payload schemas this frame knows: the core ones, and the widgets' once registered. */
const knownSchemas: Record<string, z.ZodMiniType> = { ...coreEventPayloadSchemas };

/** Adds event payload schemas (a widget route's own events, widget-event-schemas.ts). */
export function registerEventSchemas(schemas: Record<string, z.ZodMiniType>): void {
  Object.assign(knownSchemas, schemas);
}

const envelopeSchema = z.object({ name: z.string(), payload: z.record(z.string(), z.unknown()) });

/**
 * Full validation of an event crossing a frame boundary. Returns null when invalid, and for an
 * event whose schema this frame has not loaded (it cannot check it, so it does not trust it).
 */
export function parseEvent(value: unknown): FoyerEvent | null {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) return null;
  const { name, payload } = envelope.data;
  if (!Object.prototype.hasOwnProperty.call(knownSchemas, name)) return null;
  if (JSON.stringify(payload).length > MAX_EVENT_PAYLOAD_BYTES) return null;
  const parsed = knownSchemas[name]!.safeParse(payload);
  return parsed.success ? ({ name, payload: parsed.data } as FoyerEvent) : null;
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
  hostPath: z.optional(z.string().check(z.maxLength(2048))),
  inModal: z.boolean(),
});

export const frameHeightSchema = z.number().check(z.minimum(0), z.maximum(MAX_FRAME_HEIGHT));

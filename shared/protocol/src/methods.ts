import type { EventEnvelope } from './events';
import type { WidgetName } from './widgets';

/** Travels in every handshake; a frame refuses a host speaking another major version. */
export const PROTOCOL_VERSION = 1;

/** Everything a frame learns from its host page, pulled again on every (re)connect. */
export interface FrameContext {
  protocolVersion: number;
  widget: WidgetName;
  /** Raw `data-*` values (camelCased names); the frame parses them with the widget's schema. */
  attributes: Record<string, string>;
  /** Page-level settings (`window.FoyerSettings` or the settings JSON block), unvalidated. */
  settings: Record<string, unknown>;
  /** The host page's query parameters. */
  query: Record<string, string>;
  hostOrigin: string;
  /** The host page's path (location.pathname): with hostOrigin and query, the page's address (direct-debit return). */
  hostPath?: string;
  /** True when the widget is shown in the loader's modal wrapper. */
  inModal: boolean;
}

/** Methods the loader (host page) exposes to each frame over penpal. */
export interface HostMethods {
  [name: string]: (...args: never[]) => unknown;
  getContext(): FrameContext;
  /** The frame's content height in CSS pixels (applied once no press is held, see `press`). */
  resize(height: number): void;
  /**
   * The visitor pressed a pointer inside the frame (true) or let it go (false): while any press
   * is held, on the page or in a frame, the loader keeps every frame's height as it is, so that
   * nothing moves under a click.
   */
  press(down: boolean): void;
  /** Publishes an event to the other frames, `Foyer.on` handlers and `window`. */
  publish(event: EventEnvelope): void;
  /** Asks for top-level navigation; true when the loader accepted and started it. */
  navigate(url: string): boolean;
  /**
   * Opens a widget in the modal (replacing the one shown), only one the caller's row of
   * WIDGET_CAPABILITIES lists under `open`; true when the loader accepted. Attributes are
   * `data-*` values, checked by the opened widget's own schema.
   */
  open(widget: string, attributes: Record<string, string>): boolean;
  /** Closes the modal the widget is shown in (no-op inline). */
  close(): void;
  /**
   * The frame forwards an Escape key press: key events inside the frame never reach the host
   * page's listeners. The loader closes the modal the widget is shown in unless it was opened
   * with `keyboard: false` (no-op inline).
   */
  escape(): void;
  /**
   * The frame's name in the page's language ('Log in', 'Iniciar sesión'), once its texts are
   * loaded: it becomes the iframe's title and, in the modal, the dialog's accessible name. Plain
   * text of at most MAX_TITLE_LENGTH characters; anything else is ignored. `close` is the
   * frame's word for the modal's close cross ('Cerrar'), checked the same way.
   */
  title(text: string, close?: string): void;
  /**
   * The paywall widgets' anonymous meter id, kept in the host site's own storage: `id` (issued by
   * the server) is stored first when given; answers the stored id, or null (other widgets, or
   * storage refused).
   */
  meter(id?: string): string | null;
  /**
   * Posts a hidden `<form method="post">` with `fields` to `url` from the host page (top-level
   * navigation): the version 1 checkout handing the visitor to the hosted payment page. Only
   * widgets whose WIDGET_CAPABILITIES row grants `postForm` may; `url` and `fields` must pass resolveFormPost (an https URL or one on
   * the widgets origin; at most MAX_FORM_FIELDS string fields of bounded size). Resolves true when
   * the loader accepted and submitted the form. The form code is a lazily loaded loader part.
   */
  postForm(url: string, fields: Record<string, string>): Promise<boolean>;
  /**
   * Full-redirect social sign-in (issue 24), for widgets that may `navigate`: with `attempt`, the
   * loader keeps it in the host page's session storage (SOCIAL_ATTEMPT_KEY) for the trip and
   * answers it; without, it answers, once, the attempt kept when this page view came back from the
   * trip with a result for this frame, else null. Never taken from the page's address.
   */
  socialAttempt(attempt?: string): string | null;
}

/** Methods each frame exposes to the loader. */
export interface FrameMethods {
  [name: string]: (...args: never[]) => unknown;
  /** An event published by another frame on the page. */
  deliver(event: EventEnvelope): void;
  /** `Foyer.logout()`: ends the session; resolves when done. */
  logout(): Promise<void>;
  /**
   * The modal this frame's control opened has closed: focus that control again (or, when it is
   * disabled or gone, the frame's first control), so a keyboard visitor continues where they were.
   */
  restoreFocus(): void;
  /**
   * `Foyer.setAppearance()`: the page's new appearance, JSON as the page gave it; the frame
   * checks it (`parseAppearance`) and applies what is valid.
   */
  setAppearance(appearance: unknown): void;
  /**
   * The comment-system bridge (loader part disqus.js, identity spec §4) asks for Disqus's
   * `remote_auth_s3` of the frame's session for the Disqus site `site`: the signed value (public
   * by Disqus's design) and when it stops being accepted, or null without a session. The session
   * id itself never leaves the frame.
   */
  commentAuth(site: string): Promise<CommentAuth | null>;
  /**
   * `Foyer.getToken()` (issue 26): a fresh visitor token (a short-lived ES256 JWT for the site's
   * own server, checked against the widgets origin's /.well-known/jwks.json) of the frame's
   * session, or null when nobody is logged in or the frame's service does not allow this host
   * page's origin. The session id itself never leaves the frame.
   */
  visitorToken(): Promise<string | null>;
}

/** What `FrameMethods.commentAuth` answers: Disqus's `remote_auth_s3` and its expiry (epoch ms). */
export interface CommentAuth {
  token: string;
  expiresAt: number;
}

/** Longest frame title the loader accepts (characters). */
export const MAX_TITLE_LENGTH = 120;

export function isFrameTitle(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TITLE_LENGTH;
}

/** Largest frame height the loader accepts (px); protects the host page from absurd values. */
export const MAX_FRAME_HEIGHT = 20_000;

export function isFrameHeight(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_FRAME_HEIGHT;
}

/**
 * Widget frames: creating the sandboxed iframe, the penpal connection with the host methods a
 * frame may call, and the event hub that relays events between frames and to the host page.
 * Everything a frame sends is checked at run time; bad input is ignored with a warning and never
 * throws into the host page.
 */
import type { RemoteProxy } from 'penpal';
import type { PenpalPart } from './penpal-entry';
import { loadPart } from './parts';
import type { OpenModal } from './modal';
import type { postForm } from './form';
import {
  capabilitiesOf,
  closesModal,
  isFrameHeight,
  isFrameTitle,
  isWidgetName,
  PAGE_PARAM,
  PROTOCOL_VERSION,
  reservedHeight,
  resolveTopNavigation,
  widgetRoute,
  widgetTitle,
  type EventEnvelope,
  type FrameMethods,
  type HostMethods,
  type WidgetName,
} from '@foyer/protocol/light';
import { isObject, type Attributes, type Settings } from './settings';
import { socialReturn, takeSocialAttempt } from './social-return';

/** Exactly what the widgets need (issue 2): nothing more. */
export const SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-storage-access-by-user-activation allow-top-navigation-by-user-activation';

export interface Frame {
  iframe: HTMLIFrameElement;
  widget: WidgetName;
  inModal: boolean;
  destroy(): void;
  /** Set once the handshake completed; penpal keeps it working across frame reloads. */
  remote?: RemoteProxy<FrameMethods>;
  /** Resolves with `remote` once the first handshake completed. */
  ready: Promise<RemoteProxy<FrameMethods>>;
}

export type Handler = (payload: Record<string, unknown>, name: string) => void;

/** Set by `boot`: the loader's own URL, the widgets origin, the page settings and the page instance's id. */
export const env = { src: '', origin: '', settings: {} as Settings, page: '' };
/**
 * Set by the modal while one is open. `close(true)` is the visitor dismissing it (the modal then
 * emits `modal.dismissed`); a plain `close()` is the widget being done or replaced.
 */
export const modal: {
  /** `replaced`: another open takes its place, which keeps the focus and the opener. */
  close?: (dismissed?: boolean, replaced?: boolean) => void;
  escape?: () => void;
  step?: boolean;
  /** What had the focus before the first of a run of modals opened; it gets it back after. */
  opener?: Element | null;
} = {};

export const frames: Frame[] = [];
export const handlers = new Map<string, Set<Handler>>();

/**
 * Runs a modal action asked for by a frame after the current call returns: closing destroys the
 * frame's connection, which must not overtake penpal's reply to that call.
 */
const afterReply = (action?: (dismissed?: boolean) => void, dismissed?: boolean) =>
  setTimeout(() => action?.(dismissed));

/** Bumped by every open and close, so a close made while modal.js loads cancels the pending open. */
let openSeq = 0;

/** Shows `widget` in the modal (modal.js, fetched on first use), replacing the one shown. */
export function openModal(widget: unknown, attributes: Attributes, options?: unknown, step = false): void {
  const seq = ++openSeq;
  loadPart<OpenModal>(env.src, 'modal.js', 'FoyerModal').then((open) => {
    if (seq !== openSeq) return;
    open(
      { modal, mount, removeFrame, emit, refocus, appearance: env.settings.appearance },
      widget,
      attributes,
      options,
    );
    modal.step = step;
  }, console.error);
}

/** `Foyer.close()`: the page closes the modal for the visitor, a dismissal. */
export function closeModal(): void {
  openSeq++;
  modal.close?.(true);
}

/**
 * `attributes` of a checkout step from a frame: a plain record of at most 32 strings with
 * camelCase names, as `data-*` attributes would give (the opened widget's schema checks values).
 */
const isStepAttributes = (value: unknown): value is Attributes =>
  isObject(value) &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.keys(value).length <= 32 &&
  Object.entries(value).every(
    ([name, item]) => /^[a-zA-Z]\w{0,63}$/.test(name) && typeof item === 'string' && item.length <= 2048,
  );

const warn = (what: string, frame: Frame, value: unknown) =>
  console.warn(`Foyer: ignored ${what} from the ${frame.widget} frame`, value);

/** A visible inline error instead of a blank space, and the same text in the console. */
export function showError(host: Element, message: string): void {
  console.error(message);
  const box = document.createElement('p');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'color:#a94442;background-color:#f2dede;padding:8px;border-radius:4px;font:14px sans-serif';
  box.textContent = message;
  host.append(box);
}

/** Relays an event to every other connected frame, `Foyer.on` handlers and `window`. */
export function emit(event: EventEnvelope, from?: Frame): void {
  for (const frame of frames) {
    if (frame !== from && frame.remote) {
      try {
        frame.remote.deliver(event).catch(() => {});
      } catch {
        // The connection was destroyed between the check and the call.
      }
    }
  }
  for (const handler of [...(handlers.get(event.name) || [])]) {
    try {
      handler(event.payload, event.name);
    } catch (error) {
      console.error('Foyer: an event handler failed', error);
    }
  }
  dispatchEvent(new CustomEvent('foyer:' + event.name, { detail: event.payload }));
  if (from?.inModal && closesModal(event.name) && (!modal.step || ownEvent(from.widget, event.name)))
    afterReply(modal.close);
}

/**
 * A checkout step (opened by a runner) closes on its own events only: the product profile that
 * creates an account publishes login.success first, and must stay open until its
 * productProfile.success, which the waiting checkout needs.
 */
const ownEvent = (widget: WidgetName, name: string) =>
  widget.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()).startsWith(name.split('.')[0]!);

/** After a modal closed: the frame whose control opened it focuses that control again. */
export function refocus(element: Element | null | undefined): void {
  try {
    frames
      .find((frame) => frame.iframe === element)
      ?.remote?.restoreFocus()
      .catch(() => {});
  } catch {
    // The connection was destroyed meanwhile.
  }
}

export function removeFrame(frame: Frame): void {
  const index = frames.indexOf(frame);
  if (index >= 0) frames.splice(index, 1);
  frame.destroy();
}

/** Destroys the connections of frames that left the document. */
export function prune(): void {
  for (const frame of [...frames]) if (!frame.iframe.isConnected) removeFrame(frame);
}

/** The methods a frame may call; each checks its arguments, whatever the frame sends. */
/**
 * `isEvent` is the protocol's isEventEnvelope, `keepAttempt` social-attempt.ts's keeper and
 * `keepMeter` meter.ts's, all of the penpal part; without a keeper no trip's attempt is kept (the
 * frame then starts no trip), and without `keepMeter` the paywall has no stored meter id.
 */
export function hostMethods(
  frame: Frame,
  attributes: Attributes,
  isEvent: (value: unknown) => value is EventEnvelope,
  keepAttempt?: (attempt: string) => boolean,
  keepMeter?: (id: unknown) => string | null,
  layout?: PenpalPart['layout'],
): HostMethods {
  const { iframe, widget, inModal } = frame;
  // The restricted methods ask the widget's row of the capability table (shared/protocol widgets.ts).
  // By the route the frame runs: on a version 1 page a `product-summary` element runs `v1/product-summary`.
  const can = capabilitiesOf(widgetRoute(widget, Number(env.settings.version)));
  return {
    getContext: () => ({
      protocolVersion: PROTOCOL_VERSION,
      widget,
      attributes,
      settings: env.settings,
      // A social sign-in's result, out of the address bar; for the modal widget that started it, if one did.
      query: {
        ...Object.fromEntries(new URLSearchParams(location.search)),
        ...(inModal || !socialReturn.modal ? socialReturn.query : {}),
      },
      hostOrigin: location.origin,
      hostPath: location.pathname,
      inModal,
    }),
    // The frame's content height replaces the reserved one, and the placeholder goes: at once,
    // or once the visitor's press ends (layout-hold.ts).
    resize: (height: unknown) => {
      if (!isFrameHeight(height)) return warn('resize', frame, height);
      const apply = () => {
        iframe.style.height = height + 'px';
        iframe.style.backgroundColor = iframe.style.borderRadius = '';
      };
      if (layout) layout.sized(iframe, apply);
      else apply();
    },
    // The visitor pressed (true) or let go (false) inside the frame.
    press: (down: unknown) => layout?.press(frame, down),
    publish: (event: unknown) => {
      if (isEvent(event)) emit(event, frame);
      else warn('publish', frame, event);
    },
    // Only the redirect widgets of the spec, and only to an https URL, a same-origin path or the widgets origin.
    navigate: (target: unknown) => {
      const href = can.navigate && resolveTopNavigation(target, location.href, env.origin);
      if (href) location.assign(href);
      else warn('navigate', frame, target);
      return !!href;
    },
    // The checkout's next step in the modal, same path as Foyer.open (size md). Run after the
    // reply: replacing a modal may destroy the caller's own connection.
    open: (target: unknown, attributes: unknown) => {
      const ok = !!can.open?.includes(target as WidgetName) && isStepAttributes(attributes);
      const size = target === 'paywall' ? 'lg' : 'md';
      if (ok) afterReply(() => openModal(target, attributes, { size }, !!can.checkout?.includes(target as WidgetName)));
      else warn('open', frame, target);
      return ok;
    },
    // The widget closing itself without its success event: the visitor is done with it.
    close: () => {
      if (inModal) afterReply(modal.close, true);
    },
    escape: () => {
      if (inModal) afterReply(modal.escape);
    },
    // Plain text into attributes only: the iframe's title and the dialog's accessible name.
    title: (text: unknown, close?: unknown) => {
      if (!isFrameTitle(text)) return warn('title', frame, text);
      iframe.title = text;
      const dialog = inModal && iframe.closest('[role=dialog]');
      if (!dialog) return;
      dialog.setAttribute('aria-label', text);
      if (isFrameTitle(close)) dialog.querySelector('button')?.setAttribute('aria-label', close);
    },
    // The version 1 checkout hands the visitor to the hosted payment page; form.js checks the URL
    // and fields (resolveFormPost) and submits.
    postForm: (target: unknown, fields: unknown) => {
      const refused = () => (warn('postForm', frame, target), false);
      return can.postForm
        ? loadPart<typeof postForm>(env.src, 'form.js', 'FoyerForm').then(
            (post) => post(target, fields, env.origin) || refused(),
            refused,
          )
        : Promise.resolve(refused());
    },
    // The paywall's anonymous meter id, in the host site's own storage (meter.ts).
    meter: (id: unknown) => (can.meter && keepMeter?.(id)) || null,
    // A social trip's attempt, for the widgets that may start one (by `navigate`), and handed back
    // only to the frame that gets the trip's result (the modal widget that left, or the page's).
    socialAttempt: (attempt: unknown) => {
      if (!can.navigate) return null;
      if (attempt !== undefined) return typeof attempt === 'string' && keepAttempt?.(attempt) ? attempt : null;
      return inModal || !socialReturn.modal ? takeSocialAttempt() : null;
    },
  };
}

/** A light grey box where the widget will be, until the frame reports its content height. */
const PLACEHOLDER = 'background-color:#f3f4f6;border-radius:4px';

/**
 * The height reserved for the widget until its frame reports one: the page's `data-height` (on
 * the script tag or the placeholder element), else the widget's measured first height at the
 * host's width (WIDGET_HEIGHTS), so what follows the widget does not move when it appears.
 */
function initialHeight(host: Element, widget: WidgetName, attributes: Attributes, given?: string): number {
  const height = Number.parseInt(given ?? (host as HTMLElement).dataset?.height ?? '', 10);
  if (isFrameHeight(height)) return height;
  return reservedHeight(widget, host.getBoundingClientRect().width, attributes.showHeader !== 'false');
}

/**
 * Appends a widget frame to `host` and connects to it; shows an inline error for an unknown widget.
 * `height` is the page's `data-height` when the host element is not where it was written.
 */
export function mount(
  host: Element,
  widget: unknown,
  attributes: Attributes,
  inModal = false,
  height?: string,
): Frame | undefined {
  if (!isWidgetName(widget)) {
    showError(host, `Foyer: unknown widget "${String(widget)}"`);
    return;
  }
  const { origin, settings } = env;
  const url = new URL('/w/' + widgetRoute(widget, Number(settings.version)), origin);
  // The frame's own choice (selectServiceName): attribute, then the page's ?serviceName= (mailed
  // links carry it), then the settings. The server binds the frame's calls to this service.
  const service =
    attributes.serviceName || new URLSearchParams(location.search).get('serviceName') || settings.serviceName;
  if (typeof service === 'string' && service) url.searchParams.set('serviceName', service);
  // The page instance, so this page's frames share their basket and no other tab's (protocol page.ts).
  if (env.page) url.hash = `${PAGE_PARAM}=${env.page}`;

  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', SANDBOX);
  // Passkeys (issue 31) are made and used in the frames: WebAuthn inside a cross-origin frame needs
  // the page's grant. Without an origin each feature goes to the frame's src origin only (the
  // widgets origin), never to a document the frame later navigates to.
  iframe.setAttribute('allow', 'payment *;publickey-credentials-get;publickey-credentials-create');
  iframe.setAttribute('loading', 'eager');
  iframe.title = widgetTitle(widget);
  iframe.style.cssText = `border:0;width:100%;display:block;height:0;${PLACEHOLDER}`;
  iframe.src = url.href;
  // In the document first, so the frame's request starts before the layout the reserved height
  // reads (the page's first, as a rule); nothing paints in between.
  host.append(iframe);
  if (!iframe.contentWindow) {
    iframe.remove();
    showError(host, 'Foyer: widgets can only be mounted into an element in the document');
    return;
  }
  iframe.style.height = `${initialHeight(host, widget, attributes, height)}px`;

  let connected: (remote: RemoteProxy<FrameMethods>) => void = () => {};
  const ready = new Promise<RemoteProxy<FrameMethods>>((resolve) => (connected = resolve));
  const frame: Frame = { iframe, widget, inModal, ready, destroy: () => {} };
  let destroyed = false;
  frame.destroy = () => {
    destroyed = true;
  };
  loadPart<PenpalPart>(env.src, 'penpal.js', 'FoyerPenpal').then(
    ({ connect, WindowMessenger, isEventEnvelope, socialAttempt, meter, layout }) => {
      if (destroyed || !iframe.contentWindow) return;
      const connection = connect<FrameMethods>({
        messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow, allowedOrigins: [origin] }),
        methods: hostMethods(frame, attributes, isEventEnvelope, socialAttempt, meter, layout),
      });
      frame.destroy = connection.destroy;
      connection.promise.then(
        (remote) => connected((frame.remote = remote)),
        () => {},
      );
    },
    console.error,
  );
  frames.push(frame);
  return frame;
}

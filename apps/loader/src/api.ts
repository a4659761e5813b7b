/**
 * `window.Foyer`, the host page API. Every argument is checked at run time: page code is typed
 * only if the site owner uses TypeScript.
 *
 * Calls made before the loader arrived are queued by this async snippet stub and replayed in order:
 *
 *   <script>
 *     window.Foyer = window.Foyer || { q: [] };
 *     ['on', 'off', 'mount', 'open', 'close', 'logout', 'getToken', 'setAppearance'].forEach(function (m) {
 *       Foyer[m] = Foyer[m] || function () { Foyer.q.push([m].concat([].slice.call(arguments))); };
 *     });
 *   </script>
 *   <script async src="https://widgets.example.com/loader.js"></script>
 *
 * A queued call is run on replay but its answer is lost (the stub returns nothing): a page that
 * needs what `getToken` or `logout` answer calls them once the loader is there.
 */
import type { FrameMethods, WidgetName } from '@foyer/protocol/light';
import type { RemoteProxy } from 'penpal';
import { closeModal, env, frames, handlers, mount, openModal, type Handler } from './frames';
import { isObject, toAttributes } from './settings';

export interface ModalOptions {
  /** Max width 300 / 500 / 800 px; default md. */
  size?: 'sm' | 'md' | 'lg';
  /** Esc closes (default true). */
  keyboard?: boolean;
  /** A backdrop click closes when true (default); 'static' shows it without closing, false hides it. */
  backdrop?: boolean | 'static';
  /** The close cross in the corner (default true). */
  closeButton?: boolean;
}

export interface FoyerApi {
  /** Calls `handler(payload, name)` for every event `name` from any widget frame. */
  on(name: string, handler: Handler): void;
  off(name: string, handler: Handler): void;
  /** Places `widget` inside `element`; an unknown name shows an inline error. */
  mount(element: Element, widget: WidgetName, attributes?: Record<string, string | number | boolean>): void;
  open(widget: WidgetName, attributes?: Record<string, string | number | boolean>, options?: ModalOptions): void;
  close(): void;
  /** Ends the session through a connected widget frame; rejects when none is connected. */
  logout(): ReturnType<FrameMethods['logout']>;
  /**
   * A fresh visitor token (a 5-minute JWT for the site's own server) from a connected widget
   * frame, or null when nobody is logged in; rejects when no frame is connected.
   */
  getToken(): ReturnType<FrameMethods['visitorToken']>;
  /**
   * Themes every widget: `{ theme: 'light' | 'dark' | 'auto', variables: { colorPrimary, … } }`.
   * Replaces the page's `appearance` setting; each frame checks the values (docs/embedding.md, Appearance).
   */
  setAppearance(appearance: Record<string, unknown>): void;
}

const listenerArgs = (name: unknown, handler: unknown): name is string =>
  (typeof name === 'string' && typeof handler === 'function') ||
  (console.warn('Foyer: on/off expect an event name and a function'), false);

/** `call` on the first connected frame; one still connecting (the page just loaded) is waited for, up to 10 s. */
function viaFrame<T>(name: string, call: (remote: RemoteProxy<FrameMethods>) => Promise<T>): Promise<T> {
  const none = () => new Error(`Foyer.${name}(): no widget frame is connected on this page`);
  if (!frames.length) return Promise.reject(none());
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(none()), 10_000));
  return Promise.race([...frames.map((frame) => frame.ready), timeout]).then(call);
}

export const api: FoyerApi = {
  on(name, handler) {
    if (listenerArgs(name, handler)) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
    }
  },
  off(name, handler) {
    if (listenerArgs(name, handler)) handlers.get(name)?.delete(handler);
  },
  mount(element, widget, attributes) {
    if (element instanceof Element) {
      (element as Element & { __foyer?: 1 }).__foyer = 1;
      mount(element, widget, toAttributes(attributes));
    } else console.warn('Foyer.mount: the first argument must be an element');
  },
  open(widget, attributes, options) {
    openModal(widget, toAttributes(attributes), options);
  },
  close: closeModal,
  logout: () => viaFrame('logout', (remote) => remote.logout()),
  getToken: () => viaFrame('getToken', (remote) => remote.visitorToken()),
  // Only forwarded: the frames check it (shared/protocol appearance.ts), so the loader stays small.
  // Frames connecting later read it from the settings.
  setAppearance(appearance) {
    let copy: unknown;
    try {
      copy = isObject(appearance) && JSON.parse(JSON.stringify(appearance));
    } catch {
      // A cycle or a BigInt: reported below like any other non-object.
    }
    if (!copy) return console.warn('Foyer.setAppearance: expects a JSON object');
    env.settings = { ...env.settings, appearance: copy };
    for (const frame of frames) {
      try {
        frame.remote?.setAppearance(copy).catch(() => {});
      } catch {
        // The connection was destroyed meanwhile; a reconnect reads the settings.
      }
    }
  },
};

/** Replays `[method, ...args]` calls queued by the stub; a bad entry is reported and skipped. */
export function replay(queue: unknown): void {
  if (!Array.isArray(queue)) return;
  for (const call of queue) {
    const method = Array.isArray(call) && Object.hasOwn(api, call[0]) && (api[call[0] as keyof FoyerApi] as unknown);
    try {
      if (typeof method !== 'function') throw new Error('unknown queued call');
      const result = (method as (...args: unknown[]) => unknown)(...(call as unknown[]).slice(1));
      if (result instanceof Promise) result.catch((error) => console.error('Foyer: a queued call failed', error));
    } catch (error) {
      console.error('Foyer: a queued call failed', call, error);
    }
  }
}

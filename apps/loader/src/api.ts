/**
 * `window.Foyer`, the host page API. Every argument is checked at run time: page code is typed
 * only if the site owner uses TypeScript.
 *
 * Calls made before the loader arrived are queued by this async snippet stub and replayed in order:
 *
 *   <script>
 *     window.Foyer = window.Foyer || { q: [] };
 *     ['on', 'off', 'mount', 'open', 'close', 'logout', 'setAppearance'].forEach(function (m) {
 *       Foyer[m] = Foyer[m] || function () { Foyer.q.push([m].concat([].slice.call(arguments))); };
 *     });
 *   </script>
 *   <script async src="https://widgets.example.com/loader.js"></script>
 */
import type { FrameMethods, WidgetName } from '@foyer/protocol/light';
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
   * Themes every widget: `{ theme: 'light' | 'dark' | 'auto', variables: { colorPrimary, … } }`.
   * Replaces the page's `appearance` setting; each frame checks the values (README, Appearance).
   */
  setAppearance(appearance: Record<string, unknown>): void;
}

const listenerArgs = (name: unknown, handler: unknown): name is string =>
  (typeof name === 'string' && typeof handler === 'function') ||
  (console.warn('Foyer: on/off expect an event name and a function'), false);

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
  logout() {
    // A frame still connecting (the page just loaded) is waited for, up to 10 s.
    const none = () => new Error('Foyer.logout(): no widget frame is connected on this page');
    if (!frames.length) return Promise.reject(none());
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(none()), 10_000));
    return Promise.race([...frames.map((frame) => frame.ready), timeout]).then((remote) => remote.logout());
  },
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

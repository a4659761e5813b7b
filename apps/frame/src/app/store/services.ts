import type { FoyerEvent } from '@foyer/protocol';
import type { SessionStores } from './sessionStorage';
import type { Siblings } from './siblings';
import type { SsoServices } from './sso';

/** What the frame may ask of its host page. Standalone, events go to the on-page log instead. */
export interface HostBridge {
  /** Sends an event to the host page (validated against its schema first). */
  publish(event: FoyerEvent): void;
  /**
   * Asks the host page to navigate its top window (redirect widgets only, checked by the loader);
   * resolves false when refused or when there is no host page.
   */
  navigate(url: string): Promise<boolean>;
  /** A checkout runner opens its next step in the loader's modal; false when refused or standalone. */
  open(widget: string, attributes: Record<string, string>): Promise<boolean>;
  /** The paywall's meter id in the host site's storage (HostMethods.meter); null standalone. */
  meter?(id?: string): Promise<string | null>;
  /**
   * Version 1 checkout: the loader posts a hidden form with `fields` to the payment page `url`
   * (HostMethods.postForm, which checks the URL); false when refused or standalone.
   */
  postForm?(url: string, fields: Record<string, string>): Promise<boolean>;
  /**
   * A full-redirect social trip's attempt kept in the host page's storage (HostMethods.socialAttempt):
   * given, keep it; else the one kept for the result this page came back with, once; null standalone.
   */
  socialAttempt?(attempt?: string): Promise<string | null>;
}

export type EventListener = (event: FoyerEvent) => void;

/** Events delivered to this frame by the host page (from the other frames). */
export interface EventHub {
  emit(event: FoyerEvent): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('Foyer: an event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The thunks' extra argument: everything with side effects, injected so tests can replace it. */
export interface FrameServices {
  fetch: typeof fetch;
  storage: SessionStores;
  host: HostBridge;
  events: EventHub;
  /**
   * The SSO cookie and seamless sign-in, loaded on first use (their code is a chunk of its own);
   * absent (tests, no document): both are skipped.
   */
  sso?: () => Promise<SsoServices>;
  /** The channel to the page's other frames (siblings.ts); absent: this frame shares nothing. */
  siblings?: Siblings;
}

/** Services that touch nothing: tests override what they need. */
export function memoryServices(overrides: Partial<FrameServices> = {}): FrameServices {
  return {
    fetch: () => Promise.reject(new TypeError('no fetch in this test')),
    storage: { tab: null, persistent: null },
    host: { publish: () => {}, navigate: () => Promise.resolve(false), open: () => Promise.resolve(false) },
    events: createEventHub(),
    ...overrides,
  };
}

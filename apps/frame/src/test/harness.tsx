/**
 * Test helpers: an in-memory Storage, a fake identity server behind an injected `fetch` (unit
 * tests only; e2e runs against the real server), and a store + Provider wired like a frame.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { pageSettingsSchema, type FoyerEvent } from '@foyer/protocol';
import { makeStore, type PreloadedState } from '../app/store';
import { initialFrameState, type FrameState } from '../app/store/frameSlice';
import { createEventHub, type FrameServices } from '../app/store/services';
import type { SessionStores } from '../app/store/sessionStorage';
import { openSiblings, type Siblings } from '../app/store/siblings';
import { memoryChannelHub, type OpenChannel } from './memoryChannels';

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Reply = { status: number; body?: unknown; raw?: string } | 'network-error';
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const API = 'http://widgets.test/ic/api';
export const WIDGETS_ORIGIN = new URL(API).origin;
/** The page instance a harness frame belongs to (the loader's `#page=` id). */
export const TEST_PAGE = 'page-0123456789';

/** A fake identity API: `'METHOD /path'` → handler. Unrouted requests answer 404 NOT_FOUND. */
/**
 * What the fake answers a route a test does not name: the captcha's settings for any site key
 * (the spec's 120 s: every captcha asks), else 404 NOT_FOUND.
 */
function defaultReply(request: RecordedRequest): Reply {
  const siteKey = request.method === 'GET' && /^\/recaptcha\/settings\/([^/]+)$/.exec(request.path)?.[1];
  if (siteKey) return { status: 200, body: { siteKey, responseLifetimeSeconds: 120 } };
  return { status: 404, body: { code: 'NOT_FOUND' } };
}

export function fakeIdentityServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(new URL(API).pathname, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const reply = handler ? await handler(request) : defaultReply(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export const DEMO_TEMPLATE = {
  identifiers: [
    { name: 'email', label: 'Email', type: 'STRING', mandatory: true, autocomplete: 'username', inputType: 'email' },
  ],
  validators: [
    {
      name: 'password',
      label: 'Password',
      type: 'STRING',
      mandatory: true,
      autocomplete: 'current-password',
      inputType: 'password',
    },
  ],
  attributes: [],
};

export const DEMO_SERVICE = {
  name: 'demo',
  realmName: 'default',
  authenticationSchemeName: 'default',
  displayName: 'Demo',
  requiredAttributes: [],
};

export const SESSION_ID = 'sess_0123456789abcdefghij';

export function sessionBody(overrides: { sessionCookie?: boolean; guid?: string } = {}) {
  return {
    guid: overrides.guid ?? 'guid-1',
    mainSession: { sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: !!overrides.sessionCookie },
  };
}

export interface Harness {
  store: ReturnType<typeof makeStore>;
  services: FrameServices;
  published: FoyerEvent[];
  /** What the widget asked the host page to open (HostBridge.open) and where to navigate. */
  opened: { widget: string; attributes: Record<string, string> }[];
  navigations: string[];
  /** What the host page's storage keeps for a social trip (HostBridge.socialAttempt); null: nothing. */
  host: { attempt: string | null };
  storage: { tab: MemoryStorage; persistent: MemoryStorage } & SessionStores;
  /** The in-memory channel this frame's siblings speak on (memoryChannels.ts). */
  channels: OpenChannel;
  /** Another frame of the same page (or of `page`) on that channel; close it when done. */
  sibling(page?: string): Siblings;
}

/** The frame config's token in tests: every API call must carry it (FRAME_TOKEN_HEADER). */
export const FRAME_TOKEN = 'test-frame-token';

export function makeHarness(
  options: {
    fetch?: typeof fetch;
    frame?: Partial<FrameState>;
    attributes?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    preloaded?: PreloadedState;
    /** What the host answers to open/navigate requests (default: accepted). */
    hostAccepts?: boolean;
    /** The browser refuses third-party storage: the frame gets no store (harness.storage stays unused). */
    storageRefused?: boolean;
    /** The attempt the host page kept for the trip this page came back from. */
    hostAttempt?: string;
  } = {},
): Harness {
  const published: FoyerEvent[] = [];
  const opened: Harness['opened'] = [];
  const navigations: string[] = [];
  const accepts = options.hostAccepts ?? true;
  const host = { attempt: options.hostAttempt ?? null };
  const storage = { tab: new MemoryStorage(), persistent: new MemoryStorage() };
  const channels = memoryChannelHub(WIDGETS_ORIGIN);
  const sibling = (page = TEST_PAGE) => openSiblings({ origin: WIDGETS_ORIGIN, page, open: channels })!;
  const services: FrameServices = {
    fetch: options.fetch ?? (() => Promise.reject(new TypeError('no fetch'))),
    storage: options.storageRefused ? { tab: null, persistent: null } : storage,
    host: {
      publish: (event) => published.push(event),
      navigate: (url) => {
        navigations.push(url);
        return Promise.resolve(accepts);
      },
      open: (widget, attributes) => {
        opened.push({ widget, attributes });
        return Promise.resolve(accepts);
      },
      socialAttempt: (attempt) => {
        if (attempt !== undefined) host.attempt = attempt;
        else {
          const kept = host.attempt;
          host.attempt = null;
          return Promise.resolve(kept);
        }
        return Promise.resolve(attempt);
      },
    },
    events: createEventHub(),
    siblings: sibling(),
  };
  const store = makeStore(
    {
      frame: initialFrameState({
        status: 'ready',
        config: { icDomain: API, defaultServiceName: 'demo', allowedHostOrigins: [], serviceToken: FRAME_TOKEN },
        attributes: options.attributes ?? {},
        settings: pageSettingsSchema.parse(options.settings ?? {}),
        ...options.frame,
      }),
      ...options.preloaded,
    },
    services,
  );
  return { store, services, published, opened, navigations, host, storage, channels, sibling };
}

export function renderWith(harness: Harness, ui: ReactElement) {
  return render(<Provider store={harness.store}>{ui}</Provider>);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketSchema, type Basket } from '@foyer/api/widget';
import { makeHarness, SESSION_ID, TEST_PAGE, WIDGETS_ORIGIN, type Harness } from '../../test/harness';
import { memoryChannelHub } from '../../test/memoryChannels';
import { shareBasket, updateBasket } from './basketThunks';
import { runCheckout } from '../../features/checkout/runCheckout';
import { contextReady } from './frameSlice';
import { profileLoaded } from './profileSlice';
import { sessionStarted, sessionStateFrom } from './sessionSlice';
import { shareProfile } from './sharedProfile';
import { shareSession } from './sharedTopics';
import { openSiblings, SIBLINGS_CHANNEL_NAME } from './siblings';
import { logout, syncSessionFromStorage } from './sessionThunks';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: 1, sessionCookie: false };
const PROFILE = {
  guid: 'guid-1',
  attributes: [{ name: 'firstName', value: 'Ada' }],
  roles: [],
  services: [],
  state: 'ACTIVE' as const,
};
const PRODUCT: Basket['products'][number] = {
  name: 'demo-digital',
  displayName: 'Digital',
  type: 'PLAIN',
  requiresDeliveryAddress: false,
  requiresBillingAddress: false,
  paymentPlan: {
    _id: 'digital-monthly-eur',
    name: 'monthly',
    displayName: 'Monthly',
    description: 'Every month',
    frequency: { id: 'MONTH1' },
    currency: { code: 'EUR', symbol: '€', decimalDigits: 2 },
    price: { amount: 999, currency: 'EUR', display: '9.99' },
  },
};

/**
 * Frames of one page as the browser links them: each its own store and services, one channel
 * hub between them (`channels`: the same hub for every frame made by `frameOn`).
 */
function page(options: { storageRefused?: boolean } = {}) {
  const first = makeHarness();
  const frames: Harness[] = [];
  const frame = (pageId = TEST_PAGE): Harness => {
    const h = makeHarness();
    h.services.siblings?.close();
    h.services.siblings = openSiblings({ origin: WIDGETS_ORIGIN, page: pageId, open: first.channels })!;
    if (options.storageRefused) {
      h.services.storage.tab = null;
      h.services.storage.persistent = null;
    } else {
      // One tab, one origin: the frames of a page share the same storage areas.
      h.services.storage.tab = first.storage.tab;
      h.services.storage.persistent = first.storage.persistent;
    }
    h.store.dispatch(shareSession());
    h.store.dispatch(shareProfile());
    frames.push(h);
    return h;
  };
  return { frame, close: () => frames.forEach((h) => h.services.siblings?.close()) };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('the siblings channel: state shared by a page’s frames (storage refused)', () => {
  it('carries a basket change from one frame to the other, once, without echo', () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const selection = p.frame();
    const summary = p.frame();
    selection.store.dispatch(shareBasket());
    summary.store.dispatch(shareBasket());
    const seen = vi.fn();
    selection.store.subscribe(seen);
    summary.store.dispatch(updateBasket((basket) => ({ ...basket, products: [PRODUCT] })));
    expect(selection.store.getState().basket).toEqual({ products: [PRODUCT] });
    // One state change in the selection frame: it did not send the basket back and forth.
    expect(seen).toHaveBeenCalledTimes(1);
    expect(summary.published).toEqual([{ name: 'basket.updated', payload: { productCount: 1 } }]);
    expect(selection.published).toEqual([]);
  });

  it('carries the running checkout step, and its end, to every purchase frame', async () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const button = p.frame();
    const selection = p.frame();
    button.store.dispatch(shareBasket());
    selection.store.dispatch(shareBasket());
    selection.store.dispatch(updateBasket(() => ({ products: [PRODUCT] })));
    const controller = new AbortController();
    // The login step opens in the modal; the run waits there until it is stopped.
    const run = button.store.dispatch(runCheckout('checkout-button', { signal: controller.signal }));
    await vi.waitFor(() => expect(button.opened.map((step) => step.widget)).toEqual(['login']));
    expect(selection.store.getState().basket?.checkout?.step).toBe('profile');
    controller.abort();
    button.services.events.emit({ name: 'modal.dismissed', payload: { widget: 'login' } });
    await run;
    expect(selection.store.getState().basket).toEqual({ products: [PRODUCT] });
  });

  it('gives a frame that joins later the page’s current basket and session (hello, snapshot)', () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const selection = p.frame();
    selection.store.dispatch(shareBasket());
    selection.store.dispatch(updateBasket(() => ({ products: [PRODUCT], checkout: { step: 'summary', since: 5 } })));
    selection.store.dispatch(sessionStarted(SESSION));
    selection.store.dispatch(profileLoaded(PROFILE));
    // The modal's step frame starts later, with nothing (no storage to read).
    const step = p.frame();
    expect(step.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-1', sessionId: SESSION_ID });
    expect(step.store.getState().profile).toMatchObject({ state: 'available', data: PROFILE });
    expect(step.store.getState().basket).toBeNull();
    step.store.dispatch(shareBasket());
    expect(step.store.getState().basket).toEqual({ products: [PRODUCT], checkout: { step: 'summary', since: 5 } });
    // What it took from its siblings is not announced again.
    expect(step.published).toEqual([]);
  });

  it('keeps baskets per page: another tab neither receives this page’s nor answers with its own', () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const here = p.frame();
    const otherTab = p.frame('page-of-another-tab');
    here.store.dispatch(shareBasket());
    otherTab.store.dispatch(shareBasket());
    here.store.dispatch(updateBasket(() => ({ products: [PRODUCT] })));
    expect(otherTab.store.getState().basket).toBeNull();
    const late = p.frame('page-of-another-tab');
    late.store.dispatch(shareBasket());
    expect(late.store.getState().basket).toBeNull();
  });

  it('shares a login and a logout with every frame of the site, other tabs included', async () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const a = p.frame();
    const b = p.frame();
    const otherTab = p.frame('page-of-another-tab');
    // A browser-session session (sessionCookie) too: it stands for a cookie every tab shares.
    a.store.dispatch(sessionStarted({ ...SESSION, sessionCookie: true }));
    expect(b.store.getState().session).toMatchObject({ loggedIn: true, sessionCookie: true });
    expect(otherTab.store.getState().session.loggedIn).toBe(true);
    const lateTab = p.frame('page-of-a-third-tab');
    expect(lateTab.store.getState().session.loggedIn).toBe(true);
    await a.store.dispatch(logout());
    for (const h of [b, otherTab, lateTab]) expect(h.store.getState().session.loggedIn).toBe(false);
    expect(b.store.getState().profile.state).toBe('not-logged-in');
    // Only the frame that logged out told the page.
    expect(b.published).toEqual([]);
  });

  it('shares a profile only with frames of the same service and account', () => {
    const p = page({ storageRefused: true });
    cleanup = p.close;
    const a = p.frame();
    const same = p.frame();
    const otherService = p.frame();
    for (const h of [a, same, otherService]) h.store.dispatch(sessionStarted(SESSION));
    otherService.store.dispatch(
      contextReady({
        attributes: { serviceName: 'sport' },
        settings: otherService.store.getState().frame.settings,
        inModal: false,
      }),
    );
    a.store.dispatch(profileLoaded(PROFILE));
    expect(same.store.getState().profile.data).toEqual(PROFILE);
    expect(otherService.store.getState().profile.data).toBeNull();
  });
  it('does not mistake refused storage for a logout when a session event is delivered', () => {
    const h = makeHarness({ preloaded: { session: sessionStateFrom(SESSION) } });
    h.services.storage.tab = null;
    h.services.storage.persistent = null;
    h.store.dispatch(syncSessionFromStorage());
    expect(h.store.getState().session.loggedIn).toBe(true);
  });
});

describe('the siblings channel checks what it receives', () => {
  it('ignores malformed envelopes, values that fail their topic’s schema, and other origins', () => {
    const channels = memoryChannelHub(WIDGETS_ORIGIN);
    const h = makeHarness();
    h.services.siblings?.close();
    h.services.siblings = openSiblings({ origin: WIDGETS_ORIGIN, page: TEST_PAGE, open: channels })!;
    h.store.dispatch(shareBasket());
    h.store.dispatch(shareSession());
    h.store.dispatch(shareProfile());
    const before = h.store.getState();
    const raw = channels(SIBLINGS_CHANNEL_NAME);
    const state = (topic: string, value: unknown) => ({
      kind: 'state',
      topic,
      page: TEST_PAGE,
      from: 'frame-0123456789',
      value,
    });
    for (const message of [
      'basket',
      null,
      { kind: 'state', topic: 'basket', value: { products: [] } }, // no page, no sender
      { ...state('basket', { products: [] }), page: 'x' }, // not a page id
      state('basket', { products: [{ name: 1 }] }),
      state('basket', { products: [], checkout: { step: 'steal', since: 1 } }),
      state('session', { guid: '', sessionId: 's', expiry: 1, sessionCookie: false }),
      state('profile', { serviceName: 'demo', profile: { guid: 'guid-1' } }),
      state('cookies', { products: [] }),
      { kind: 'snapshot', topic: 'basket', page: TEST_PAGE, from: 'frame-0123456789', value: { products: [PRODUCT] } }, // no `to`
    ]) {
      raw.postMessage(message);
    }
    expect(h.store.getState()).toBe(before);
    // The same message from this origin is taken.
    raw.postMessage(state('basket', { products: [PRODUCT] }));
    expect(h.store.getState().basket).toEqual({ products: [PRODUCT] });
    raw.close();
  });

  it('ignores a message whose sender origin is not the widgets origin', () => {
    const received = vi.fn();
    const evilHub = memoryChannelHub('https://evil.example');
    const listener = openSiblings({ origin: WIDGETS_ORIGIN, page: TEST_PAGE, open: evilHub })!;
    listener.share('basket', { schema: basketSchema, current: () => undefined, receive: received });
    const sender = openSiblings({ origin: 'https://evil.example', page: TEST_PAGE, open: evilHub })!;
    sender.publish('basket', { products: [] });
    expect(received).not.toHaveBeenCalled();
    listener.close();
    sender.close();
  });
});

describe('the siblings channel over the browser’s BroadcastChannel (asynchronous)', () => {
  it('two frames: a change arrives, and a late joiner gets the state; storage, where granted, persists it', async () => {
    const a = makeHarness();
    const b = makeHarness();
    const page = 'page-real-channel-1';
    for (const h of [a, b]) {
      h.services.siblings?.close();
      h.services.siblings = openSiblings({ origin: WIDGETS_ORIGIN, page })!;
    }
    try {
      a.store.dispatch(shareBasket());
      b.store.dispatch(shareBasket());
      a.store.dispatch(updateBasket(() => ({ products: [PRODUCT] })));
      expect(JSON.parse(a.storage.tab.getItem('basket')!)).toEqual({ products: [PRODUCT] });
      await vi.waitFor(() => expect(b.store.getState().basket).toEqual({ products: [PRODUCT] }));
      const late = makeHarness({ preloaded: { session: sessionStateFrom(null) } });
      late.services.siblings?.close();
      late.services.siblings = openSiblings({ origin: WIDGETS_ORIGIN, page })!;
      late.services.storage.tab = null; // refused: only the siblings can tell it
      try {
        late.store.dispatch(shareBasket());
        await vi.waitFor(() => expect(late.store.getState().basket).toEqual({ products: [PRODUCT] }));
      } finally {
        late.services.siblings.close();
      }
    } finally {
      a.services.siblings?.close();
      b.services.siblings?.close();
    }
  });

  it('a frame whose storage is refused still reads and changes the basket (SecurityError on access)', () => {
    const h = makeHarness();
    const refused = {
      getItem: () => {
        throw new DOMException('refused', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('refused', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('refused', 'SecurityError');
      },
    } as unknown as Storage;
    h.services.storage.tab = refused;
    h.store.dispatch(shareBasket());
    const next = h.store.dispatch(updateBasket(() => ({ products: [PRODUCT] })));
    expect(next).toEqual({ products: [PRODUCT] });
    expect(h.store.getState().basket).toEqual({ products: [PRODUCT] });
  });
});

/**
 * Starts a frame: reads the config, makes the store, then either connects to the host page
 * (embedded) or reads the attributes from the query string (standalone, for support staff).
 */
import { foyerError } from '@foyer/api';
import { frameContextSchema, widgetRoute, type FrameMethods, type HostMethods, type WidgetName } from '@foyer/protocol';
import { parseEvent } from '@foyer/protocol';
import type { RemoteProxy } from 'penpal';
import { loadLocale } from '../i18n';
import { findRoute, type WidgetRoute } from '../routes';
import { makeStore, type AppStore } from '../store';
import { contextReady, eventLogged, frameFailed, initialFrameState } from '../store/frameSlice';
import { createEventHub, type FrameServices } from '../store/services';
import { browserStores, readSession, SESSION_STORAGE_KEY } from '../store/sessionStorage';
import { sessionStateFrom } from '../store/sessionSlice';
import { openSessionChannel } from '../store/sessionChannel';
import { adoptSession, logout, syncSessionFromStorage } from '../store/sessionThunks';
import { readFrameConfig } from './config';
import { prefetchingFetch, prefetchLogin } from './prefetch';
import { resolveContext, splitStandaloneQuery, type RawContext } from './context';
import { connectToParent } from './embedded';
import { createEmbeddedHost, createStandaloneHost } from './host';
import { observeHeight } from './resize';
import { widgetNameFromPath } from './route';

/** Session events from other frames: the stored session changed, adopt it. */
const SESSION_EVENTS = new Set(['login.success', 'session.refresh', 'logout.action', 'session.expired']);

export interface StartOptions {
  win: Window;
  rootElement: HTMLElement;
  fetch?: typeof fetch;
  /** How long a parent may take to connect before the frame says it is not allowed. */
  connectTimeoutMs?: number;
}

export interface StartedFrame {
  store: AppStore;
  route: WidgetRoute | null;
  stop(): void;
}

export function startFrame({ win, rootElement, fetch, connectTimeoutMs = 5000 }: StartOptions): StartedFrame {
  const doc = win.document;
  const config = readFrameConfig(doc, win.location.origin);
  const widget = widgetNameFromPath(win.location.pathname) ?? '';
  const route = findRoute(widget);
  const embedded = win.parent !== win;
  const embeddedHost = embedded ? createEmbeddedHost() : null;
  const events = createEventHub();
  const storage = browserStores(win);
  let store: AppStore | undefined = undefined;
  const channel = openSessionChannel(
    (session) => store?.dispatch(adoptSession(session)),
    () => {
      const session = store?.getState().session;
      return session?.loggedIn && session.guid && session.sessionId
        ? {
            guid: session.guid,
            sessionId: session.sessionId,
            expiry: session.expiry ?? 0,
            sessionCookie: session.sessionCookie,
          }
        : null;
    },
  );
  if (channel) storage.announce = channel.announce;
  const prefetcher = prefetchingFetch(fetch ?? ((input, init) => win.fetch(input, init)));
  // The handshake with the host takes a while: start the login widget's calls meanwhile, for the
  // service the frame URL names (the loader adds ?serviceName= when the page sets one).
  if (widget === 'login' && embedded) {
    const named = new URLSearchParams(win.location.search).get('serviceName');
    prefetchLogin(prefetcher, config.icDomain, named || config.defaultServiceName, config.serviceToken);
  }
  const services: FrameServices = {
    fetch: prefetcher.fetch,
    storage,
    host: embeddedHost ?? createStandaloneHost((event) => store?.dispatch(eventLogged(event))),
    events,
    sso: () => import('../store/sso').then((module) => module.browserSso(win)),
  };
  const app = makeStore(
    {
      session: sessionStateFrom(readSession(storage)),
      frame: initialFrameState({ mode: embedded ? 'embedded' : 'standalone', widget, config }),
    },
    services,
  );
  store = app;
  const cleanups: (() => void)[] = [];
  if (channel) {
    cleanups.push(() => channel.close());
    // A frame that starts without a stored session asks the others (storage may be blocked).
    if (!app.getState().session.loggedIn) channel.request();
  }

  route?.preload();
  // Fetched while the handshake runs, like the widget's chunk.
  const schema = route?.schema();
  schema?.catch(() => {});
  if (!route) app.dispatch(frameFailed(foyerError('WIDGET_NOT_AVAILABLE', [widget], 404)));

  const applyContext = async (raw: RawContext) => {
    if (!route || !schema) return;
    let attributeSchema;
    try {
      attributeSchema = await schema;
    } catch {
      app.dispatch(frameFailed(foyerError('NETWORK_ERROR', [], 0)));
      return;
    }
    const resolved = resolveContext(widget, attributeSchema, raw);
    if (!resolved.ok) {
      console.error(resolved.message);
      services.host.publish({ name: 'widget.configError', payload: { widget, message: resolved.message } });
      app.dispatch(frameFailed(resolved.error));
      return;
    }
    // The widget renders only once its language's texts are there (no flash of English).
    await loadLocale(resolved.settings.locale ?? win.navigator.language);
    app.dispatch(contextReady(resolved));
  };

  // Frames share the widgets origin's storage: a login or logout in one reaches the others.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) void app.dispatch(syncSessionFromStorage());
  };
  win.addEventListener('storage', onStorage);
  cleanups.push(() => win.removeEventListener('storage', onStorage));
  cleanups.push(
    events.subscribe((event) => {
      if (SESSION_EVENTS.has(event.name)) void app.dispatch(syncSessionFromStorage());
    }),
  );

  if (embeddedHost) {
    doc.documentElement.classList.add('embedded');
    const reporter = observeHeight(rootElement, (height) => embeddedHost.resize(height));
    cleanups.push(() => reporter.disconnect());
    const methods: FrameMethods = {
      deliver: (event: unknown) => {
        const valid = parseEvent(event);
        if (valid) events.emit(valid);
      },
      logout: async () => {
        await app.dispatch(logout());
      },
    };
    const onConnect = async (remote: RemoteProxy<HostMethods>) => {
      embeddedHost.attach(remote);
      reporter.flush();
      let context: unknown;
      try {
        context = await remote.getContext();
      } catch (error) {
        console.error('Foyer: the host page did not send the widget context', error);
        app.dispatch(frameFailed(foyerError('technical_difficulties')));
        return;
      }
      const parsed = frameContextSchema.safeParse(context);
      const sameWidget =
        parsed.success &&
        (parsed.data.widget === widget || widgetRoute(parsed.data.widget as WidgetName, 1) === widget);
      if (!parsed.success || !sameWidget) {
        console.error('Foyer: the host page sent an invalid widget context', context);
        app.dispatch(frameFailed(foyerError('INVALID_WIDGET_CONFIG', ['context'], 400)));
        return;
      }
      await applyContext(parsed.data);
    };
    cleanups.push(
      connectToParent({
        parent: win.parent,
        allowedHostOrigins: config.allowedHostOrigins,
        methods,
        onConnect: (remote) => void onConnect(remote),
        onRefused: () => app.dispatch(frameFailed(foyerError('ORIGIN_NOT_ALLOWED'))),
        timeoutMs: connectTimeoutMs,
        ancestorOrigins: win.location.ancestorOrigins ? [...win.location.ancestorOrigins] : undefined,
      }),
    );
  } else {
    void applyContext({ ...splitStandaloneQuery(win.location.search), settings: {}, inModal: false });
  }

  return {
    store: app,
    route,
    stop: () => cleanups.forEach((cleanup) => cleanup()),
  };
}

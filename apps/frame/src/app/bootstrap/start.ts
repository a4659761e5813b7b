/**
 * Starts a frame: reads the config, makes the store, then either connects to the host page
 * (embedded) or reads the attributes from the query string (standalone, for support staff).
 */
import { foyerError } from '@foyer/api';
import { frameContextSchema, widgetRoute, type FrameMethods, type HostMethods, type WidgetName } from '@foyer/protocol';
import { pageIdFromFragment, parseEvent, randomPageId } from '@foyer/protocol';
import type { RemoteProxy } from 'penpal';
import { lazyTextsReady, loadLocale, t } from '../i18n';
import { findRoute, type WidgetRoute } from '../routes';
import { makeStore, type AppStore } from '../store';
import { contextReady, eventLogged, frameFailed, initialFrameState } from '../store/frameSlice';
import { createEventHub, type FrameServices } from '../store/services';
import { browserStores, readSession } from '../store/sessionStorage';
import { sessionStateFrom } from '../store/sessionSlice';
import { shareSession } from '../store/sharedTopics';
import { openSiblings } from '../store/siblings';
import { logout, syncSessionFromStorage } from '../store/sessionThunks';
import type { AppearanceControl } from './appearance';
import { readFrameConfig } from './config';
import { prefetchingFetch, prefetchLogin } from './prefetch';
import { resolveContext, splitStandaloneQuery, type RawContext } from './context';
import { connectToParent } from './embedded';
import { createEmbeddedHost, createStandaloneHost } from './host';
import { forwardEscape, rememberFocus } from './focus';
import { forwardPresses, observeHeight } from './resize';
import { frameTitle } from './title';
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

/**
 * Where an embedded frame spends its time, read from the browser by `npm run bench` (scripts/
 * first-field-bench.ts): start → context-ready → connected → first-field.
 */
const mark = (win: Window, name: string) => win.performance?.mark?.(`foyer:${name}`);

/** The bench's end point: the first field a visitor can type in is in the document. */
function markFirstField(win: Window, root: HTMLElement) {
  const watch = new MutationObserver(() => {
    if (!root.querySelector('input:not([type=hidden]),select,textarea')) return;
    mark(win, 'first-field');
    watch.disconnect();
  });
  watch.observe(root, { childList: true, subtree: true });
}

export function startFrame({ win, rootElement, fetch, connectTimeoutMs = 5000 }: StartOptions): StartedFrame {
  const doc = win.document;
  mark(win, 'start');
  markFirstField(win, rootElement);
  const config = readFrameConfig(doc, win.location.origin);
  const widget = widgetNameFromPath(win.location.pathname) ?? '';
  const route = findRoute(widget);
  const embedded = win.parent !== win;
  const embeddedHost = embedded ? createEmbeddedHost() : null;
  const events = createEventHub();
  const storage = browserStores(win);
  let store: AppStore | undefined = undefined;
  // The page instance the loader named (a frame without one, standalone, is a page of its own).
  const page = pageIdFromFragment(win.location.hash) ?? randomPageId();
  const siblings = openSiblings({ origin: win.location.origin, page }) ?? undefined;
  const prefetcher = prefetchingFetch(fetch ?? ((input, init) => win.fetch(input, init)));
  // The handshake with the host takes a while: start the login widget's calls meanwhile, for the
  // service the frame URL names (the loader adds ?serviceName= when the page sets one).
  if (widget === 'login' && embedded) {
    const service = new URLSearchParams(win.location.search).get('serviceName') || config.defaultServiceName;
    // The config's scheme is its service's: of no use for another (an unknown name falls back).
    const scheme = service === config.defaultServiceName ? config.authenticationSchemeName : undefined;
    prefetchLogin(prefetcher, config.icDomain, service, config.serviceToken, scheme);
  }
  const services: FrameServices = {
    fetch: prefetcher.fetch,
    storage,
    host: embeddedHost ?? createStandaloneHost((event) => store?.dispatch(eventLogged(event))),
    events,
    sso: () => import('../store/sso').then((module) => module.browserSso(win)),
    siblings,
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
  if (siblings) cleanups.push(() => siblings.close());
  // The session the page's frames hold (storage may be refused): told and asked now.
  app.dispatch(shareSession());

  void route?.preload();
  // Fetched while the handshake runs, like the widget's chunk.
  const schema = route?.schema();
  schema?.catch(() => {});
  if (!route) app.dispatch(frameFailed(foyerError('WIDGET_NOT_AVAILABLE', [widget], 404)));

  // Theming code loads only for a page that themes: the login route's budget is tight.
  let look: Promise<AppearanceControl> | undefined;
  const theming = () =>
    (look ??= import('./appearance').then((module) => {
      const control = module.controlAppearance(win);
      cleanups.push(control.stop);
      return control;
    }));

  // The page's appearance as last told: by the handshake's context or by the page's
  // setAppearance. Each is stamped in the order it arrived, and an older one never replaces a
  // newer one: both wait for the theming code, and their turns after that need not come in the
  // order they arrived (a dark page stayed light when an older one's turn came last).
  let arrivals = 0;
  let pageLook: { appearance: unknown; at: number } = { appearance: undefined, at: -1 };
  const tellPageLook = (appearance: unknown, at: number) => {
    if (at > pageLook.at) pageLook = { appearance, at };
  };

  const applyContext = async (
    { attributes: { appearance, ...attributes }, ...rest }: RawContext,
    arrivedAt: number,
  ) => {
    // `appearance` is the page's theming, not one of the widget's own attributes.
    const raw: RawContext = { ...rest, attributes };
    tellPageLook(raw.settings.appearance, arrivedAt);
    if (look || raw.settings.appearance !== undefined || appearance !== undefined) {
      // Before the widget renders, so a dark page never flashes the light theme.
      const control = await theming().catch(() => undefined);
      control?.setPage(pageLook.appearance);
      control?.setWidget(appearance);
    }
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
      // Told in the page's language like the widget would be: the locale setting is read as it is
      // (a bad one falls back to English), whatever else of the context was refused.
      const locale = typeof raw.settings.locale === 'string' ? raw.settings.locale : undefined;
      doc.documentElement.lang = await loadLocale(locale ?? win.navigator.language);
      console.error(resolved.message);
      services.host.publish({ name: 'widget.configError', payload: { widget, message: resolved.message } });
      app.dispatch(frameFailed(resolved.error));
      return;
    }
    // The widget renders only once its language's texts are there (no flash of English).
    // The document's language is the one its texts are in (screen readers, Intl formatting).
    doc.documentElement.lang = await loadLocale(resolved.settings.locale ?? win.navigator.language);
    // And only once its chunk is there: ready before it, the widget would show its loading state
    // first, and React then holds the widget back until 300 ms after that state showed (its Suspense
    // throttle). Standalone pages, whose context is ready at once, paid those 300 ms every time.
    await route.preload();
    // And once the texts its chunk registered in the page's language are in, when they are a chunk
    // of their own (defineLazyMessages): the widget shows no English first.
    await lazyTextsReady();
    app.dispatch(contextReady(resolved));
    mark(win, 'context-ready');
    // Named once its texts are there: the widget's chunk brings its title.
    const title = frameTitle(widget, resolved.inModal);
    doc.title = title;
    embeddedHost?.title(title, t('frame.close'));
  };

  cleanups.push(
    events.subscribe((event) => {
      if (SESSION_EVENTS.has(event.name)) void app.dispatch(syncSessionFromStorage());
    }),
  );

  if (embeddedHost) {
    doc.documentElement.classList.add('embedded');
    const reporter = observeHeight(rootElement, (height) => embeddedHost.resize(height));
    cleanups.push(() => reporter.disconnect());
    cleanups.push(forwardPresses(win, (down) => embeddedHost.press(down)));
    const focus = rememberFocus(doc);
    cleanups.push(() => focus.stop());
    cleanups.push(forwardEscape(win, () => app.getState().frame.inModal, embeddedHost.escape));
    // Set by the handshake; the frame's methods are only called after it.
    let hostOrigin = '';
    const methods: FrameMethods = {
      deliver: (event: unknown) => {
        const valid = parseEvent(event);
        if (valid) events.emit(valid);
      },
      logout: async () => {
        await app.dispatch(logout());
      },
      restoreFocus: () => focus.restore(),
      setAppearance: (appearance: unknown) => {
        tellPageLook(appearance, ++arrivals);
        void theming().then((control) => control.setPage(pageLook.appearance));
      },
      commentAuth: (site: unknown) =>
        import('../store/commentAuth').then((module) => app.dispatch(module.fetchCommentAuth(site))),
      visitorToken: () =>
        import('../store/visitorToken').then((module) => app.dispatch(module.fetchVisitorToken(hostOrigin))),
    };
    const onConnect = async (remote: RemoteProxy<HostMethods>, origin: string) => {
      mark(win, 'connected');
      hostOrigin = origin;
      embeddedHost.attach(remote);
      reporter.flush();
      let context: unknown;
      let arrivedAt: number;
      try {
        context = await remote.getContext();
        arrivedAt = ++arrivals;
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
      await applyContext(parsed.data, arrivedAt);
    };
    cleanups.push(
      connectToParent({
        parent: win.parent,
        allowedHostOrigins: config.allowedHostOrigins,
        methods,
        onConnect: (remote, origin) => void onConnect(remote, origin),
        onRefused: () => app.dispatch(frameFailed(foyerError('ORIGIN_NOT_ALLOWED'))),
        timeoutMs: connectTimeoutMs,
        ancestorOrigins: win.location.ancestorOrigins ? [...win.location.ancestorOrigins] : undefined,
      }),
    );
  } else {
    void applyContext({ ...splitStandaloneQuery(win.location.search), inModal: false }, 0);
  }

  return {
    store: app,
    route,
    stop: () => cleanups.forEach((cleanup) => cleanup()),
  };
}

/**
 * Starts a frame: reads the config, makes the store, then either connects to the host page
 * (embedded) or reads the attributes from the query string (standalone, for support staff).
 */
import { foyerError } from '@foyer/api';
import { frameContextSchema, type FrameMethods, type HostMethods } from '@foyer/protocol';
import { EARLY_CONTEXT_WIDGETS, pageIdFromFragment, parseEvent, randomPageId } from '@foyer/protocol';
import type { RemoteProxy } from 'penpal';
import { loadLocale, t } from '../i18n';
import { findRoute, type WidgetRoute } from '../routes';
import { makeStore, type AppStore } from '../store';
import { contextConfirmed, contextReady, eventLogged, frameFailed, initialFrameState } from '../store/frameSlice';
import { createEventHub, type FrameServices } from '../store/services';
import { browserStores, readSession } from '../store/sessionStorage';
import { sessionStateFrom } from '../store/sessionSlice';
import { shareSession } from '../store/sharedTopics';
import { openSiblings } from '../store/siblings';
import { logout, syncSessionFromStorage } from '../store/sessionThunks';
import type { AppearanceControl } from './appearance';
import { readFrameConfig } from './config';
import { prefetchingFetch, prefetchLogin } from './prefetch';
import { hostUrl, resolveContext, splitStandaloneQuery, type RawContext } from './context';
import { confirms, earlyRawContext, readEarlyContext, sameRoute, untilConfirmed } from './early';
import { connectToParent } from './embedded';
import { createEmbeddedHost, createStandaloneHost } from './host';
import { forwardEscape, rememberFocus } from './focus';
import { observeHeight } from './resize';
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

/** Where the embedded path spends its time (the bench reads them: loader → frame → handshake → render). */
const mark = (win: Window, name: string) => win.performance?.mark?.(`foyer:${name}`);

export function startFrame({ win, rootElement, fetch, connectTimeoutMs = 5000 }: StartOptions): StartedFrame {
  const doc = win.document;
  mark(win, 'start');
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
  // What the loader will answer to getContext, to render from while the handshake runs (early.ts).
  const early =
    embedded && route && EARLY_CONTEXT_WIDGETS.has(widget) ? readEarlyContext(win.location.hash, widget) : null;
  let confirm: () => void = () => {};
  const confirmed = new Promise<void>((resolve) => (confirm = resolve));
  let refused = false;
  // The handshake with the host takes a while: start the login widget's calls meanwhile, for the
  // service the frame URL names (the loader adds ?serviceName= when the page sets one).
  if (widget === 'login' && embedded) {
    const service = new URLSearchParams(win.location.search).get('serviceName') || config.defaultServiceName;
    // The config's scheme is its service's: of no use for another (an unknown name falls back).
    const scheme = service === config.defaultServiceName ? config.authenticationSchemeName : undefined;
    prefetchLogin(prefetcher, config.icDomain, service, config.serviceToken, scheme);
  }
  const services: FrameServices = {
    // Rendered early, the widget acts (any call but a read) only once the handshake confirmed it.
    fetch: early ? untilConfirmed(prefetcher.fetch, confirmed) : prefetcher.fetch,
    storage,
    host: embeddedHost ?? createStandaloneHost((event) => store?.dispatch(eventLogged(event))),
    events,
    // The SSO cookie and seamless sign-in act for the visitor: rendered early, after the handshake too.
    sso: () =>
      (early ? confirmed : Promise.resolve())
        .then(() => import('../store/sso'))
        .then((module) => module.browserSso(win)),
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

  // The page's appearance as last told: by a context (the early one from the address, then the
  // handshake's) or by the page's setAppearance. Each is stamped in the order it arrived, and an
  // older one never replaces a newer one: all of them wait for the theming code, and their turns
  // after that come in no fixed order (a dark page stayed light when the early render's turn came
  // after the page's setAppearance).
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
    // A host found not allowed meanwhile (early render) gets the refusal, not the widget.
    if (refused) return;
    app.dispatch(contextReady(resolved));
    mark(win, 'context-ready');
    // Named once its texts are there: the widget's chunk brings its title.
    await route.preload();
    const title = frameTitle(widget, resolved.inModal);
    doc.title = title;
    embeddedHost?.title(title, t('frame.close'));
  };

  cleanups.push(
    events.subscribe((event) => {
      if (SESSION_EVENTS.has(event.name)) void app.dispatch(syncSessionFromStorage());
    }),
  );

  let earlyApplied: Promise<void> = Promise.resolve();
  if (embeddedHost) {
    doc.documentElement.classList.add('embedded');
    const reporter = observeHeight(rootElement, (height) => embeddedHost.resize(height));
    cleanups.push(() => reporter.disconnect());
    const focus = rememberFocus(doc);
    cleanups.push(() => focus.stop());
    cleanups.push(forwardEscape(win, () => app.getState().frame.inModal, embeddedHost.escape));
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
    };
    const onConnect = async (remote: RemoteProxy<HostMethods>) => {
      mark(win, 'connected');
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
      if (!parsed.success || !sameRoute(parsed.data.widget, widget)) {
        console.error('Foyer: the host page sent an invalid widget context', context);
        app.dispatch(frameFailed(foyerError('INVALID_WIDGET_CONFIG', ['context'], 400)));
        return;
      }
      // The early render finishes first, so the handshake's context is the last word.
      await earlyApplied;
      if (early && confirms(early, parsed.data))
        app.dispatch(contextConfirmed({ query: parsed.data.query, hostUrl: hostUrl(parsed.data) }));
      else await applyContext(parsed.data, arrivedAt);
      confirm();
    };
    cleanups.push(
      connectToParent({
        parent: win.parent,
        allowedHostOrigins: config.allowedHostOrigins,
        methods,
        onConnect: (remote) => void onConnect(remote),
        onRefused: () => {
          refused = true;
          app.dispatch(frameFailed(foyerError('ORIGIN_NOT_ALLOWED')));
        },
        timeoutMs: connectTimeoutMs,
        ancestorOrigins: win.location.ancestorOrigins ? [...win.location.ancestorOrigins] : undefined,
      }),
    );
    // After connecting: a parent refused at once (ancestorOrigins) is known before this renders.
    if (early) earlyApplied = applyContext(earlyRawContext(early), 0);
  } else {
    void applyContext({ ...splitStandaloneQuery(win.location.search), inModal: false }, 0);
  }

  return {
    store: app,
    route,
    stop: () => cleanups.forEach((cleanup) => cleanup()),
  };
}

import { lazy, Suspense } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ErrorMessageBox } from '../ui/ErrorMessageBox';
import { Loading } from '../ui/Loading';
import { WIDGET_ROUTES, widgetPath, type WidgetRoute } from './routes';
import type { AppStore } from './store';
import { useAppSelector } from './store/hooks';

/** The events log shows only when a route is opened directly (support staff): its own chunk. */
const EventsLog = lazy(() => import('../ui/EventsLog').then((module) => ({ default: module.EventsLog })));

/**
 * One route's page: the frame's status (connecting, error, ready), then the widget's lazy chunk.
 * The status comes from the store because the handshake with the host (or the standalone query)
 * decides it, not the URL.
 */
function WidgetPage({ route }: { route: WidgetRoute | null }) {
  const status = useAppSelector((state) => state.frame.status);
  const error = useAppSelector((state) => state.frame.error);
  const attributes = useAppSelector((state) => state.frame.attributes);

  if (status === 'error' && error) return <ErrorMessageBox error={error} showCode />;
  if (status !== 'ready' || !route) return <Loading />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <route.Component attributes={attributes} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The frame around every widget: one route per widget (`/w/<name>`), each lazy; any other path
 * shows the 'not available' error that startFrame put in the store. Declarative <Routes>, not the
 * data router: a frame is one document with one route and no loaders or in-frame navigation, and
 * the data router costs about twice the bytes (docs/decisions/0001-declarative-router.md).
 */
export function FrameShell() {
  const mode = useAppSelector((state) => state.frame.mode);
  const attributes = useAppSelector((state) => state.frame.attributes);
  const containerClass = typeof attributes.containerClass === 'string' ? attributes.containerClass : '';

  return (
    <>
      {/* Each frame is a document of its own: its content is its main landmark. */}
      <main className={`foyer-widget ${containerClass}`.trim()}>
        <Routes>
          {Object.entries(WIDGET_ROUTES).map(([name, route]) => (
            <Route key={name} path={widgetPath(name)} element={<WidgetPage route={route} />} />
          ))}
          <Route path="*" element={<WidgetPage route={null} />} />
        </Routes>
      </main>
      {mode === 'standalone' && (
        <Suspense fallback={null}>
          <EventsLog />
        </Suspense>
      )}
    </>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <FrameShell />
      </BrowserRouter>
    </Provider>
  );
}

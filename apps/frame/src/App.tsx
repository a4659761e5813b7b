import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorMessageBox } from './components/ErrorMessageBox';
import { Loading } from './components/Loading';
import { t } from './i18n';
import type { WidgetRoute } from './routes';
import type { AppStore } from './store';
import { useAppSelector } from './store/hooks';

/** The events log shows only when a route is opened directly (support staff): its own chunk. */
const EventsLog = lazy(() => import('./components/EventsLog').then((module) => ({ default: module.EventsLog })));

/** The frame around every widget: status (connecting, error, ready), the widget, the events log. */
export function FrameShell({ route }: { route: WidgetRoute | null }) {
  const status = useAppSelector((state) => state.frame.status);
  const error = useAppSelector((state) => state.frame.error);
  const mode = useAppSelector((state) => state.frame.mode);
  const widget = useAppSelector((state) => state.frame.widget);
  const attributes = useAppSelector((state) => state.frame.attributes);
  const containerClass = typeof attributes.containerClass === 'string' ? attributes.containerClass : '';

  useEffect(() => {
    document.title = route && t(`${widget}.title`) !== `${widget}.title` ? t(`${widget}.title`) : t('frame.title');
  }, [route, widget, status]);

  let body;
  if (status === 'error' && error) body = <ErrorMessageBox error={error} showCode />;
  else if (status !== 'ready' || !route) body = <Loading />;
  else
    body = (
      <ErrorBoundary>
        <Suspense fallback={<Loading />}>
          <route.Component attributes={attributes} />
        </Suspense>
      </ErrorBoundary>
    );

  return (
    <>
      {/* Each frame is a document of its own: its content is its main landmark. */}
      <main className={`foyer-widget ${containerClass}`.trim()}>{body}</main>
      {mode === 'standalone' && (
        <Suspense fallback={null}>
          <EventsLog />
        </Suspense>
      )}
    </>
  );
}

export function App({ store, route }: { store: AppStore; route: WidgetRoute | null }) {
  return (
    <Provider store={store}>
      <FrameShell route={route} />
    </Provider>
  );
}

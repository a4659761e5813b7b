/**
 * A widget's component loaded on demand, one chunk per widget (routes.ts). What React.lazy gives,
 * except that a chunk already there renders at once: React.lazy suspends on its first render even
 * then, and React holds a boundary's content back until 300 ms after its fallback showed (its
 * Suspense throttle). The embedded login waited those 300 ms for a chunk it had loaded during
 * the handshake with the host (issue 9).
 */
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyWidget<P> {
  Component: ComponentType<P>;
  /** Starts the download (the render would otherwise); resolves once the chunk is there, or failed. */
  preload(): Promise<void>;
}

export function lazyWidget<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyWidget<P> {
  // One download, whoever asks first; a failed one is asked again next time.
  let loading: ReturnType<typeof load> | undefined;
  let loaded: ComponentType<P> | undefined;
  const once = () =>
    (loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => ((loading = undefined), Promise.reject(error)),
    ));
  const Lazy = lazy(once);
  return {
    Component: (props: P) => createElement(loaded ?? Lazy, props),
    preload: () =>
      once().then(
        () => {},
        () => {},
      ),
  };
}

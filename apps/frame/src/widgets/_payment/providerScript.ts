/**
 * Loading a payment provider's own script (Stripe.js, the Mercado Pago SDK). A failed load is a
 * state the widget shows (error + Retry), never a blank box, and Retry really loads again.
 */
import { useCallback, useEffect, useState } from 'react';

export type ScriptState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` on mount and on every `retry()`. `load` must itself be retryable (a failed load may
 * not be cached): see loadScript below, and @stripe/stripe-js, which clears its cache after a
 * failure.
 */
export function useProviderScript<T>(load: () => Promise<T>): [ScriptState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ScriptState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.error('Foyer: the payment provider script did not load', error);
        if (live) setState({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; only a retry loads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return [state, retry];
}

const pending = new Map<string, Promise<void>>();

/**
 * Adds `<script src=url>` once and resolves when `ready()` holds after it ran. A failed load
 * removes the element and forgets the promise, so the next call (Retry) tries again. (The Mercado
 * Pago package's loadMercadoPago keeps a rejected promise forever, so it cannot be retried.)
 */
export function loadScript(doc: Document, url: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  const known = pending.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    const fail = (message: string) => {
      script.remove();
      pending.delete(url);
      reject(new Error(message));
    };
    script.addEventListener('load', () => (ready() ? resolve() : fail(`${url} loaded without its API`)));
    script.addEventListener('error', () => fail(`${url} failed to load`));
    doc.head.appendChild(script);
  });
  pending.set(url, promise);
  return promise;
}

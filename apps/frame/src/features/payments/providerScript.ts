/**
 * Loading a payment provider's own script (Stripe.js, the Mercado Pago SDK). A failed load is a
 * state the widget shows (error + Retry), never a blank box, and Retry really loads again.
 */
import { useCallback, useEffect, useState } from 'react';

export type ScriptState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` on mount and on every `retry()`. `load` must itself be retryable (a failed load may
 * not be cached): @stripe/stripe-js clears its cache after a failure; the Mercado Pago package
 * does not, see mercado-payment/loadSdk.ts.
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

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, type Basket, type CheckoutStep } from '@foyer/api/widget';
import { useAppDispatch } from '../../store/hooks';
import { useFrameEvents } from '../../store/useFrameEvents';
import type { CheckoutRunner } from './decide';
import { CHECKOUT_STALE_MS, checkoutActive } from './marker';
import type { CheckoutOutcome } from './runCheckout';

/**
 * The runner is needed only once the visitor checks out: a chunk of its own, fetched when the
 * browser is idle after the first render (so the click does not wait) or at the latest on start.
 */
const loadRunner = () => import('./runCheckout');

export interface CheckoutView {
  phase: 'idle' | 'running' | 'paid' | 'failed';
  /** The step to show: this frame's run, else the one another frame runs (the basket's marker). */
  step: CheckoutStep | null;
  /** Some frame of the page runs a checkout: no second one, no basket changes meanwhile. */
  busy: boolean;
  error: FoyerError | null;
  start(): Promise<CheckoutOutcome | null>;
  dismissError(): void;
}

const PAID_EVENTS = new Set(['payment.success']);

/**
 * The checkout as a runner widget sees it. `basket` is the widget's live basket (useBasket), so
 * a checkout running in another frame shows here at once.
 */
export function useCheckout(runner: CheckoutRunner, basket: Basket): CheckoutView {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{
    phase: CheckoutView['phase'];
    step: CheckoutStep | null;
    error: FoyerError | null;
  }>({ phase: 'idle', step: null, error: null });
  const running = useRef<AbortController | null>(null);
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  // Leaving the page (or unmounting) ends this frame's run; its finally clears the marker.
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    const timer = setTimeout(() => void loadRunner().catch(() => {}), 1000);
    return () => clearTimeout(timer);
  }, []);

  // Another frame's marker stops counting once stale: render again when it would.
  const since = basket.checkout?.since;
  useEffect(() => {
    if (since === undefined) return;
    const timer = setTimeout(rerender, Math.max(0, since + CHECKOUT_STALE_MS - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [since]);

  // 'Payment Successful' in every runner of the page, not only the one that ran the checkout.
  useFrameEvents(PAID_EVENTS, () => {
    if (!running.current) setState({ phase: 'paid', step: null, error: null });
  });

  const start = useCallback(async () => {
    if (running.current) return null;
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', step: null, error: null });
    let runCheckout: Awaited<ReturnType<typeof loadRunner>>['runCheckout'];
    try {
      ({ runCheckout } = await loadRunner());
    } catch {
      // The chunk could not be fetched (offline, a deploy replaced it): say so, nothing was changed.
      running.current = null;
      setState({ phase: 'failed', step: null, error: catalogueError('NETWORK_ERROR', [], 0) });
      return null;
    }
    const outcome = await dispatch(
      runCheckout(runner, {
        signal: controller.signal,
        onStep: (step) => {
          if (!controller.signal.aborted) setState({ phase: 'running', step, error: null });
        },
      }),
    );
    running.current = null;
    if (controller.signal.aborted) return outcome;
    if (outcome.status === 'paid') setState({ phase: 'paid', step: null, error: null });
    else if (outcome.status === 'failed') setState({ phase: 'failed', step: null, error: outcome.error });
    else setState({ phase: 'idle', step: null, error: null });
    return outcome;
  }, [dispatch, runner]);

  const dismissError = useCallback(() => setState({ phase: 'idle', step: null, error: null }), []);

  const elsewhere = state.phase !== 'running' && checkoutActive(basket.checkout, Date.now());
  return {
    ...state,
    step: state.phase === 'running' ? state.step : elsewhere ? (basket.checkout?.step ?? null) : null,
    busy: state.phase === 'running' || elsewhere,
    start,
    dismissError,
  };
}

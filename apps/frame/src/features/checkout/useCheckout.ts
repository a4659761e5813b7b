import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, type Basket, type CheckoutStep } from '@foyer/api/widget';
import { useAppDispatch } from '../../app/store/hooks';
import { useFrameEvents } from '../../app/store/useFrameEvents';
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
  /**
   * The checkout modal waits for the visitor (no request of the step runs): runners show a calm,
   * static state rather than 'Processing …' and a spinner (issue 12's decision, docs/purchases.md).
   */
  waiting: boolean;
  error: FoyerError | null;
  start(): Promise<CheckoutOutcome | null>;
  dismissError(): void;
}

const PAID_EVENTS = new Set(['payment.success']);
const IDLE = { phase: 'idle', step: null, waiting: false, error: null } as const;

/**
 * The checkout as a runner widget sees it. `basket` is the widget's live basket (useBasket), so
 * a checkout running in another frame shows here at once.
 */
export function useCheckout(runner: CheckoutRunner, basket: Basket): CheckoutView {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{
    phase: CheckoutView['phase'];
    step: CheckoutStep | null;
    waiting: boolean;
    error: FoyerError | null;
  }>(IDLE);
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
    if (!running.current) setState({ ...IDLE, phase: 'paid' });
  });

  const start = useCallback(async () => {
    if (running.current) return null;
    const controller = new AbortController();
    running.current = controller;
    setState({ ...IDLE, phase: 'running' });
    let runCheckout: Awaited<ReturnType<typeof loadRunner>>['runCheckout'];
    try {
      ({ runCheckout } = await loadRunner());
    } catch {
      // The chunk could not be fetched (offline, a deploy replaced it): say so, nothing was changed.
      running.current = null;
      setState({ ...IDLE, phase: 'failed', error: catalogueError('NETWORK_ERROR', [], 0) });
      return null;
    }
    const outcome = await dispatch(
      runCheckout(runner, {
        signal: controller.signal,
        onStep: (step, waiting) => {
          if (!controller.signal.aborted) setState({ phase: 'running', step, waiting, error: null });
        },
      }),
    );
    running.current = null;
    if (controller.signal.aborted) return outcome;
    if (outcome.status === 'paid') setState({ ...IDLE, phase: 'paid' });
    else if (outcome.status === 'failed') setState({ ...IDLE, phase: 'failed', error: outcome.error });
    else setState(IDLE);
    return outcome;
  }, [dispatch, runner]);

  const dismissError = useCallback(() => setState(IDLE), []);

  const elsewhere = state.phase !== 'running' && checkoutActive(basket.checkout, Date.now());
  return {
    ...state,
    step: state.phase === 'running' ? state.step : elsewhere ? (basket.checkout?.step ?? null) : null,
    busy: state.phase === 'running' || elsewhere,
    waiting: state.phase === 'running' ? state.waiting : elsewhere && !!basket.checkout?.waiting,
    start,
    dismissError,
  };
}

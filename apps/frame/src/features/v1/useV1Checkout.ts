import { useCallback, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { useAppDispatch } from '../../app/store/hooks';
import { runV1Checkout } from './checkout';

export interface V1CheckoutView {
  phase: 'idle' | 'running' | 'posted' | 'failed';
  error: FoyerError | null;
  start(): Promise<void>;
  dismissError(): void;
}

/** The version 1 checkout as a widget runs it (checkout.ts): one at a time per frame. */
export function useV1Checkout(): V1CheckoutView {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ phase: V1CheckoutView['phase']; error: FoyerError | null }>({
    phase: 'idle',
    error: null,
  });
  const start = useCallback(async () => {
    setState((current) => (current.phase === 'running' ? current : { phase: 'running', error: null }));
    const outcome = await dispatch(runV1Checkout());
    setState(
      outcome.status === 'posted' ? { phase: 'posted', error: null } : { phase: 'failed', error: outcome.error },
    );
  }, [dispatch]);
  const dismissError = useCallback(() => setState({ phase: 'idle', error: null }), []);
  return { ...state, start, dismissError };
}

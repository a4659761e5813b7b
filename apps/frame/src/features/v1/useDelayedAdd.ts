import { useCallback, useEffect, useRef, useState } from 'react';

/** Purchase spec §9: the wait before an item is added (v1 product selection), and in the unique product view. */
export const ADD_DELAY_MS = 1000;
export const UNIQUE_PRODUCT_DELAY_MS = 2000;

/**
 * Runs an add after the spec's delay, showing which item is on its way (`pending`) meanwhile. One
 * at a time: a second request while one waits is ignored. Unmounting cancels the wait.
 */
export function useDelayedAdd(delay: number): { pending: string | null; schedule(key: string, add: () => void): void } {
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const schedule = useCallback(
    (key: string, add: () => void) => {
      if (timer.current) return;
      setPending(key);
      timer.current = setTimeout(() => {
        timer.current = null;
        setPending(null);
        add();
      }, delay);
    },
    [delay],
  );
  return { pending, schedule };
}

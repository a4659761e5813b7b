import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestState } from './asyncStatus';
import { useAppDispatch, useAppSelector } from './hooks';
import type { RequestSlice } from './requests';

export interface RequestOptions {
  /** True: send nothing (yet); the state stays as it is. */
  skip?: boolean;
  /** Values besides the argument whose change asks again (the session a catalogue depends on). */
  reloadOn?: readonly unknown[];
}

/**
 * Runs `request` with `arg` while the component shows, again when the argument (compared by
 * value) or `reloadOn` changes, and on `retry`. Leaving or changing aborts the running request:
 * its answer is dropped (and its fetch cancelled where the thunk passes the signal on).
 */
export function useRequest<T, Arg>(
  request: RequestSlice<T, Arg>,
  arg: Arg,
  { skip = false, reloadOn = [] }: RequestOptions = {},
): RequestState<T> & { retry: () => void } {
  const dispatch = useAppDispatch();
  const state = useAppSelector(request.select);
  const [attempt, setAttempt] = useState(0);
  const latestArg = useRef(arg);
  useEffect(() => {
    latestArg.current = arg;
  });
  // The argument by value: a widget may build it afresh on every render.
  const argKey = JSON.stringify(arg) ?? '';
  const reloadKey = JSON.stringify(reloadOn);
  const { start } = request;

  useEffect(() => {
    if (skip) return;
    const running = dispatch(start(latestArg.current));
    return () => running.abort();
  }, [dispatch, start, argKey, reloadKey, skip, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}

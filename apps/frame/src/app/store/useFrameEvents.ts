import { useEffect, useRef } from 'react';
import type { FoyerEvent } from '@foyer/protocol';
import { useAppDispatch } from './hooks';
import type { RootState } from './index';
import type { FrameServices } from './services';

/**
 * Runs `handler` for the named events delivered to this frame by the host page. The event hub is
 * a store service (the thunk extra argument), reached through a thunk so components need no
 * second provider.
 */
export function useFrameEvents(names: ReadonlySet<string>, handler: (event: FoyerEvent) => void): void {
  const dispatch = useAppDispatch();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      dispatch((_dispatch: unknown, _getState: () => RootState, services: FrameServices) =>
        services.events.subscribe((event) => {
          if (names.has(event.name)) latest.current(event);
        }),
      ),
    [dispatch, names],
  );
}

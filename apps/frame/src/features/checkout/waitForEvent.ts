import type { EventName, FoyerEvent } from '@foyer/protocol';
import type { EventHub } from '../../app/store/services';

export interface PendingEvent {
  /** The first delivered event named in `names`, or null when aborted or cancelled. */
  event: Promise<FoyerEvent | null>;
  cancel(): void;
}

/**
 * Listens for the first of `names` delivered from the page's other frames. Subscribed before the
 * step is opened, so an answer that comes back quickly is not missed.
 */
export function waitForEvent(events: EventHub, names: readonly EventName[], signal: AbortSignal): PendingEvent {
  let stop = () => {};
  const event = new Promise<FoyerEvent | null>((resolve) => {
    const finish = (value: FoyerEvent | null) => {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => finish(null);
    const unsubscribe = events.subscribe((delivered) => {
      if (names.includes(delivered.name)) finish(delivered);
    });
    stop = onAbort;
    if (signal.aborted) finish(null);
    else signal.addEventListener('abort', onAbort);
  });
  return { event, cancel: () => stop() };
}

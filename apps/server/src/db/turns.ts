/**
 * One database operation at a time, each started in an event-loop turn of its own.
 *
 * PGlite runs every statement synchronously in WASM and resolves its promise at once, so statements
 * queued behind one another (a burst of requests) ran back to back as one chain of microtasks: the
 * event loop got no turn until the queue was empty. No connection was accepted, no request read, no
 * timer or finished password hash handled for seconds (34 s once on the shared machine: the first
 * burst after a start stalled on PGlite only; `npm run load:burst` shows it). Starting each
 * operation from `setImmediate` lets the loop's I/O run between two statements, so a burst waits
 * in turn instead of freezing the server.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export type Turns = <T>(operation: () => Promise<T>) => Promise<T>;

export function turns(): Turns {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(() => nextTurn()).then(operation);
    // The next operation waits for this one however it ends.
    tail = result.catch(() => undefined);
    return result;
  };
}

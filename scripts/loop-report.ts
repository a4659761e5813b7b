/**
 * The stack process's event-loop delay (`tsx scripts/stack.ts --loop-report`, used by
 * `npm run load:burst`): how long the server's one thread was kept from answering, i.e. whether a
 * stall is the process blocked (synchronous WASM database work, start-up compilation) or requests
 * waiting elsewhere (the thread pool behind password hashes, the accept queue).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopReport {
  maxMs: number;
  p99Ms: number;
  /** Gaps of more than STALL_MS between two ticks of a 10 ms timer. */
  stalls: number;
  stalledMs: number;
}

const STALL_MS = 100;
const TICK_MS = 10;

/** Starts measuring now; `report()` gives what was seen since then and starts again. */
export function watchEventLoop(): { report(): LoopReport } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let stalls = 0;
  let stalledMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last - TICK_MS;
    last = now;
    if (gap > STALL_MS) {
      stalls += 1;
      stalledMs += gap;
    }
  }, TICK_MS);
  timer.unref();
  return {
    report() {
      const seen: LoopReport = {
        maxMs: histogram.max / 1e6,
        p99Ms: histogram.percentile(99) / 1e6,
        stalls,
        stalledMs,
      };
      histogram.reset();
      stalls = 0;
      stalledMs = 0;
      return seen;
    },
  };
}

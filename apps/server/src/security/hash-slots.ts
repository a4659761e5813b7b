/**
 * A bound on the password hashes computed at once. argon2 runs on libuv's thread pool (4 threads),
 * which also reads files (the frame page, static files) and resolves names: a burst of logins
 * filled every thread, and a frame page or loader.js waited behind all the queued hashes. Hashes
 * past the bound wait here, in arrival order, and leave the pool threads the rest of the server needs.
 */
export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Hashes running now (tests). */
  readonly busy: number;
  readonly waiting: number;
}

export function slots(limit: number): Slots {
  let busy = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      // A slot is handed straight to the next in line, so `busy` never drops in between.
      if (busy < limit) busy += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}

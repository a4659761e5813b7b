/**
 * Work a request starts but does not wait for: mails of forgot password and resend activation are
 * sent after the answer, so the answer takes as long whether or not the account exists. `idle()`
 * lets the mailbox, tests and shutdown wait for what is still running.
 */
export interface TaskLogger {
  error(details: object, message: string): void;
}

export interface BackgroundTasks {
  run(task: () => Promise<void>, log: TaskLogger): void;
  idle(): Promise<void>;
}

export function backgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(task, log) {
      const running = task()
        .catch((error: unknown) => log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

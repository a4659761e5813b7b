/**
 * "New rows are waiting", told after they are committed. A writer announces a topic inside its
 * transaction (`tx.announce('outbox')` when it writes a business event); once the outermost
 * transaction commits, this process's listeners hear it (the job queue, billing/jobs.ts, then
 * queues a pg-boss job for the work). A rolled-back transaction announces nothing; an announce
 * outside a transaction is heard at once (the statement before it is already committed).
 *
 * It only hastens work: every topic's rows are durable and found again by the job queue's minute
 * sweep, so a process that dies between the commit and the announcement loses nothing.
 */

/** What may be waiting: business events to fan out and mail (`outbox`), mail to retry (`mail`). */
export type CommitTopic = 'outbox' | 'mail';

export type CommitListener = (topic: CommitTopic) => void;

export interface CommitSignals {
  listen(listener: CommitListener): () => void;
  /** Tells every listener about each topic (once per topic). */
  tell(topics: Iterable<CommitTopic>): void;
}

export function commitSignals(): CommitSignals {
  const listeners = new Set<CommitListener>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell(topics) {
      for (const topic of new Set(topics)) {
        for (const listener of listeners) {
          try {
            listener(topic);
          } catch {
            // A listener's failure never fails the writer's request: the sweep finds the rows.
          }
        }
      }
    },
  };
}

/**
 * Runs `work` as one transaction whose announcements are told only after `run` (which begins and
 * commits it) resolves; nothing is told when it throws.
 */
export async function withAnnouncements<T>(
  signals: CommitSignals,
  run: (announce: (topic: CommitTopic) => void) => Promise<T>,
): Promise<T> {
  const topics = new Set<CommitTopic>();
  const result = await run((topic) => void topics.add(topic));
  signals.tell(topics);
  return result;
}

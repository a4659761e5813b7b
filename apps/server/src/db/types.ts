/**
 * The one data-access interface of the server. PGlite (embedded) and node-postgres (a real
 * server) both implement it, so every query is written once, in PostgreSQL's dialect.
 */
import type { CommitListener, CommitTopic } from './commit-signals';

export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

export interface Db {
  /** One parameterised statement (`$1`, `$2` …); returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /**
   * One or more statements without parameters (migrations). On PostgreSQL inside a transaction,
   * exempt from the statement timeout for the rest of that transaction (db/postgres.ts).
   */
  exec(sql: string): Promise<void>;
  /**
   * One or more statements without parameters; returns the last one's rows (the job queue's
   * adapter, billing/jobs.ts: pg-boss sends its scripts and its parameterless reads this way).
   */
  script<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * New rows of `topic` are waiting: told to this process's listeners once the transaction commits
   * (at once outside one), never after a rollback (db/commit-signals.ts).
   */
  announce(topic: CommitTopic): void;
  /** Hears what committed transactions announced; answers a function that stops listening. */
  onAnnounce(listener: CommitListener): () => void;
  close(): Promise<void>;
  /** `pglite` or `postgres`, for logs and the health check. */
  readonly kind: 'pglite' | 'postgres';
}

import pg from 'pg';
import { commitSignals, withAnnouncements, type CommitSignals, type CommitTopic } from './commit-signals';
import { listenForConfigChanges } from './config-notify';
import type { Db, SqlParam } from './types';

/**
 * How long the server waits for PostgreSQL. Without limits a frozen or unreachable database holds
 * every request (and its pooled connection) for as long as it stays so; with them the request
 * fails within seconds and answers 503 (http/errors.ts), and the pool recovers by itself.
 */
export interface DbTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is full (pg's connectionTimeoutMillis). */
  connectMs: number;
  /**
   * One statement: PostgreSQL cancels it (statement_timeout), and the client gives up on a server
   * that does not answer at all a second later (query_timeout) and drops the connection.
   */
  statementMs: number;
  /** A transaction left idle (a stuck handler): PostgreSQL ends its session and frees its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 2_000, statementMs: 3_000, idleInTransactionMs: 10_000 };

/** The client-side margin over statement_timeout: normally the server's own cancellation answers first. */
const READ_MARGIN_MS = 1_000;
/** Migrations may rewrite big tables: no statement timeout, and the client waits up to this long. */
const MIGRATION_READ_TIMEOUT_MS = 60 * 60_000;

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search path of every connection (tests use one schema per file). */
  schema?: string | undefined;
  max?: number;
  timeouts?: Partial<DbTimeouts> | undefined;
  /** Listen for other instances' configuration changes (db/config-notify.ts); default true. */
  listen?: boolean;
}

/** The pool's counts, for /metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** A PostgreSQL Db: also tells its pool's counts. */
export interface PostgresDb extends Db {
  poolStats(): PoolStats;
}

/** A multi-statement query answers one result per statement: the last one's rows. */
function lastRows<T>(result: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return (last?.rows ?? []) as T[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function clientDb(client: pg.PoolClient, signals: CommitSignals, announce: (topic: CommitTopic) => void): Db {
  const db: Db = {
    kind: 'postgres',
    announce,
    onAnnounce: (listener) => signals.listen(listener),
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Migrations and the seed's lock wait: only for this transaction, no statement timeout.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query({ text: sql, query_timeout: MIGRATION_READ_TIMEOUT_MS } as pg.QueryConfig);
    },
    script: async <T>(sql: string) => lastRows<T>(await client.query(sql)),
    // Already inside a transaction on this client: nested calls join it.
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/** A real PostgreSQL server through a node-postgres pool (DATABASE_URL). */
export function openPostgres(options: PostgresOptions): PostgresDb {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Invalid database schema name: ${options.schema}`);
  }
  const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + READ_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // TCP keepalive notices a peer that vanished without closing the connection.
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const listener =
    options.listen === false
      ? undefined
      : listenForConfigChanges({
          connectionString: options.connectionString,
          connectMs: timeouts.connectMs,
          // One structured line per lost connection; the read cache's TTL covers the gap.
          onError: (error) =>
            console.error(
              JSON.stringify({
                level: 50,
                time: Date.now(),
                msg: 'configuration change listener lost its connection; retrying',
                err: error instanceof Error ? error.message : String(error),
              }),
            ),
        });
  const signals = commitSignals();
  return {
    kind: 'postgres',
    announce: (topic) => signals.tell([topic]),
    onAnnounce: (listener) => signals.listen(listener),
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    script: async <T>(sql: string) => lastRows<T>(await pool.query(sql)),
    transaction: (fn) =>
      withAnnouncements(signals, async (announce) => {
        const client = await pool.connect();
        let failure: unknown;
        try {
          await client.query('BEGIN');
          const result = await fn(clientDb(client, signals, announce));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          failure = error;
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          // A connection that failed (a timeout, a lost server) is dropped, not handed to the next request.
          client.release(failure instanceof Error && !isQueryError(failure) ? failure : undefined);
        }
      }),
    close: async () => {
      await listener?.close();
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** An error PostgreSQL answered (it has a SQLSTATE): the connection itself is fine. */
function isQueryError(error: Error): boolean {
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** A PostgreSQL Db (for the pool's counts), else undefined. */
export function postgresOf(db: Db): PostgresDb | undefined {
  return 'poolStats' in db ? (db as PostgresDb) : undefined;
}

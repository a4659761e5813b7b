import pg from 'pg';
import type { Db, SqlParam } from './types';

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search path of every connection (tests use one schema per file). */
  schema?: string | undefined;
  max?: number;
}

/** A multi-statement query answers one result per statement: the last one's rows. */
function lastRows<T>(result: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return (last?.rows ?? []) as T[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    script: async <T>(sql: string) => lastRows<T>(await client.query(sql)),
    // Already inside a transaction on this client: nested calls join it.
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/** A real PostgreSQL server through a node-postgres pool (DATABASE_URL). */
export function openPostgres(options: PostgresOptions): Db {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Invalid database schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    script: async <T>(sql: string) => lastRows<T>(await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

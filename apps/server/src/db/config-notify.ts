/**
 * Configuration changes reach every server instance at once: a configuration write sends
 * `NOTIFY foyer_config, '<version>'` in its transaction (PostgreSQL delivers it at commit, to
 * every listener, the writer's own process included), and every instance LISTENs on a dedicated
 * connection and forgets its read cache (db/read-cache.ts) when told. A lost listening
 * connection is reopened with backoff; meanwhile the cache's TTL still bounds staleness, and
 * on reconnecting the cache is cleared once for what may have been missed. PGlite runs in one
 * process: its writers invalidate the cache locally (the seed does).
 */
import pg from 'pg';
import { invalidateReads } from './read-cache';
import type { Db } from './types';

export const CONFIG_CHANNEL = 'foyer_config';

export const LISTENER_NAME = 'foyer-config-listener';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** Tells every instance that the configuration changed; call inside the writing transaction. */
export async function notifyConfigChanged(tx: Db, version: string): Promise<void> {
  if (tx.kind !== 'postgres') return;
  await tx.query('SELECT pg_notify($1, $2)', [CONFIG_CHANNEL, version]);
}

export interface ConfigListener {
  /** Resolves once the first LISTEN is in place (or its first attempt failed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  connectMs: number;
  /** Called on every notification and after a reconnection (default: invalidateReads). */
  onChange?: () => void;
  /** A lost connection, for the structured error log (default: none, the TTL covers it). */
  onError?: (error: unknown) => void;
}

/** Listens on CONFIG_CHANNEL on its own connection until closed, reconnecting on loss. */
export function listenForConfigChanges(options: ListenOptions): ConfigListener {
  const onChange = options.onChange ?? invalidateReads;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let everConnected = false;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    // A waiting reconnection does not keep a finished process alive.
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectMs,
      keepAlive: true,
      // Recognisable in pg_stat_activity (and by the test that cuts it).
      application_name: LISTENER_NAME,
    });
    client = next;
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error !== undefined && !closed) options.onError?.(error);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      retry();
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', (message) => {
      if (message.channel === CONFIG_CHANNEL) onChange();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONFIG_CHANNEL}`);
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      delay = RECONNECT_MIN_MS;
      // Notifications sent while no connection listened are lost: start from fresh reads.
      if (everConnected) onChange();
      everConnected = true;
    } catch (error) {
      lose(error);
    }
  };

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await ready;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

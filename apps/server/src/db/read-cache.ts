/**
 * What every page view reads and almost nothing writes (service configuration, product groups,
 * products): kept per database for a few seconds, so a burst of page views costs one query. The
 * seed's writes invalidate it at once; on PostgreSQL a configuration write notifies every instance,
 * which forgets its cache at the write's commit (db/config-notify.ts); READ_CACHE_TTL_MS bounds
 * staleness when that notification is lost (the listening connection down). Values are shared
 * between callers: never mutate them.
 */
import type { Db } from './types';

export const READ_CACHE_TTL_MS = 5_000;
/** Names requested by visitors are keys too (unknown services): bound the memory they can take. */
const MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  generation: number;
  value: Promise<unknown>;
}

let generation = 0;
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Forgets every cached read (of every database of this process): after a write to what is cached. */
export function invalidateReads(): void {
  generation += 1;
}

export function cachedRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && now - hit.at < READ_CACHE_TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = load();
  const entry: Entry = { at: now, generation, value };
  cache.set(key, entry);
  // A failed read (database down) is not remembered.
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

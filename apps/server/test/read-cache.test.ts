/** The page-view read cache: one load per key and database within the TTL, none after invalidation or a failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db';
import { cachedRead, invalidateReads, READ_CACHE_TTL_MS } from '../src/db/read-cache';

const fakeDb = () => ({}) as Db;

afterEach(() => vi.useRealTimers());

describe('cachedRead', () => {
  it('loads once per database and key within the TTL, again after it', async () => {
    vi.useFakeTimers();
    const db = fakeDb();
    const load = vi.fn(async () => ({ name: 'demo' }));
    const [first, second] = await Promise.all([
      cachedRead(db, 'service:demo', load),
      cachedRead(db, 'service:demo', load),
    ]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedRead(fakeDb(), 'service:demo', load);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(READ_CACHE_TTL_MS + 1);
    await cachedRead(db, 'service:demo', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('forgets everything on invalidation (the seed wrote) and never keeps a failed read', async () => {
    const db = fakeDb();
    let version = 1;
    const load = async () => version;
    expect(await cachedRead(db, 'k', load)).toBe(1);
    version = 2;
    expect(await cachedRead(db, 'k', load)).toBe(1);
    invalidateReads();
    expect(await cachedRead(db, 'k', load)).toBe(2);
    await expect(cachedRead(db, 'down', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cachedRead(db, 'down', async () => 'back')).toBe('back');
  });
});

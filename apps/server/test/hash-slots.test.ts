/**
 * Issue 10: a burst of logins must not take every thread of libuv's pool (file reads of the frame
 * pages and static files share it); hashes past the bound wait in arrival order.
 */
import { describe, expect, it } from 'vitest';
import { slots } from '../src/security/hash-slots';
import { hashPassword, hashing, HASHES_AT_ONCE, verifyPassword } from '../src/security/passwords';

describe('hash slots', () => {
  it('runs at most `limit` at once, the rest in arrival order, and frees a slot when work fails', async () => {
    const bound = slots(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const work = (index: number, fail = false) =>
      bound.run(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(index);
            finish[index] = () => (fail ? reject(new Error('failed')) : resolve(index));
          }),
      );
    const results = [work(0, true), work(1), work(2), work(3)].map((p) => p.catch((error: Error) => error.message));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([bound.busy, bound.waiting]).toEqual([2, 2]);
    finish[0]!();
    await expect.poll(() => started).toEqual([0, 1, 2]);
    finish[1]!();
    await expect.poll(() => started).toEqual([0, 1, 2, 3]);
    finish[2]!();
    finish[3]!();
    expect(await Promise.all(results)).toEqual(['failed', 1, 2, 3]);
    expect([bound.busy, bound.waiting]).toEqual([0, 0]);
  });

  it('password hashing and verifying go through them, leaving pool threads free', async () => {
    expect(HASHES_AT_ONCE).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE || 4));
    const stored = await hashPassword('correct horse');
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashing.busy)), 1);
    const checks = Array.from({ length: 6 }, (_, index) => verifyPassword(stored, index ? 'wrong' : 'correct horse'));
    expect(hashing.busy).toBe(HASHES_AT_ONCE);
    expect(hashing.waiting).toBe(6 - HASHES_AT_ONCE);
    expect(await Promise.all(checks)).toEqual([true, false, false, false, false, false]);
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect([hashing.busy, hashing.waiting]).toEqual([0, 0]);
  });
});

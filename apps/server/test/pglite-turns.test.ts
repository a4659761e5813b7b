/**
 * Issue 10, the first-burst stall: PGlite answers each statement synchronously, so statements
 * queued by a burst of requests used to run as one unbroken chain of microtasks and the server
 * accepted, read and answered nothing else until the queue was empty. Each operation now starts in
 * an event-loop turn of its own (src/db/turns.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db';
import { turns } from '../src/db/turns';

const postgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(postgres)('PGlite gives the event loop a turn between queued statements', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
    await db.query('SELECT 1');
  });
  afterAll(() => db.close());

  it('lets I/O and timers run while a burst of statements is queued', async () => {
    const order: string[] = [];
    const queued = Array.from({ length: 20 }, (_, index) =>
      db.query('SELECT $1::int AS n', [index]).then(() => order.push(`query ${index}`)),
    );
    // What a new connection or a finished password hash is to the server: a callback of the loop.
    const turn = nextTurn().then(() => order.push('turn'));
    await Promise.all([...queued, turn]);
    // Before the fix all 20 answered first, in one microtask chain.
    expect(order.indexOf('turn')).toBeLessThan(2);
    expect(order.filter((entry) => entry !== 'turn')).toEqual(Array.from({ length: 20 }, (_, i) => `query ${i}`));
  });

  it('keeps transactions and statements one at a time, in the order they were asked for', async () => {
    await db.exec('CREATE TABLE turn_log (n int)');
    const work = [
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO turn_log VALUES (1)');
        await nextTurn();
        await tx.query('INSERT INTO turn_log VALUES (2)');
      }),
      db.query('INSERT INTO turn_log VALUES (3)'),
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO turn_log VALUES (4)');
        throw new Error('rolled back');
      }),
      db.query('INSERT INTO turn_log VALUES (5)'),
    ];
    const settled = await Promise.allSettled(work);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = await db.query<{ n: number }>('SELECT n FROM turn_log ORDER BY ctid');
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 5]);
  });
});

describe('turns', () => {
  it('runs operations one at a time, each after a turn of the loop, and carries on after a failure', async () => {
    const inTurn = turns();
    const seen: string[] = [];
    const first = inTurn(async () => {
      seen.push('first');
      throw new Error('failed');
    });
    const second = inTurn(async () => void seen.push('second'));
    void nextTurn().then(() => seen.push('turn'));
    await expect(first).rejects.toThrow('failed');
    await second;
    expect(seen).toEqual(['turn', 'first', 'second']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { DEMO, login, median, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ loginRateLimit: { perIdentifier: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());

async function timed(email: string, password: string): Promise<number> {
  const start = performance.now();
  const response = await login(server, email, password);
  const elapsed = performance.now() - start;
  expect(response.statusCode).toBe(401);
  return elapsed;
}

describe('login timing', () => {
  it('takes as long for an unknown identifier as for a wrong password (argon2 runs either way)', async () => {
    // Warm up both paths (JIT, prepared statements).
    await timed('nobody@foyer.test', 'x');
    await timed(DEMO.email, 'x');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      unknown.push(await timed(`nobody${i}@foyer.test`, `guess-${i}`));
      wrong.push(await timed(DEMO.email, `guess-${i}`));
    }
    const [a, b] = [median(unknown), median(wrong)];
    // An argon2id verify with 19 MiB / t=2 takes several milliseconds; without the dummy hash the
    // unknown path would be a fraction of that.
    expect(Math.min(a, b)).toBeGreaterThan(5);
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.5);
  });
});

/** What `npm run load` and `npm run load:burst` share: their statistics and a PostgreSQL schema of their own. */
import { randomUUID } from 'node:crypto';
import { formatAuthorization } from '@foyer/api';
import pg from 'pg';

/** The p-th percentile (nearest rank) of `values`; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A fresh schema (`<prefix>_<random>`) on DATABASE_URL's PostgreSQL, dropped afterwards. */
export async function postgresSchema(url: string, prefix: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  return { schema, drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}

/** The demo account every simulated visitor logs in as. */
export const DEMO = { email: 'demo@foyer.test', password: 'foyer-demo-1' };

/** POST /ic/api/session for the demo account, from a demo frame (its `frame` token header). */
export function demoLogin(frame: Record<string, string>): {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
} {
  return {
    method: 'POST',
    headers: {
      ...frame,
      'content-type': 'application/json',
      authorization: formatAuthorization({ serviceName: 'demo' }),
    },
    body: JSON.stringify({
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: DEMO.email }],
      validators: [{ name: 'password', value: DEMO.password }],
    }),
  };
}

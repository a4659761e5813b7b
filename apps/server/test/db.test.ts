import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { migrate, loadMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';
import { seedConfig } from '../src/seed-config';
import { verifyPassword } from '../src/security/passwords';
import { testDb } from './helpers';

describe('migrations and seed', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await testDb());
  });
  afterAll(() => close());

  it('applies every migration once, in order, and records it', async () => {
    const all = await loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort());
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(await migrate(db)).toEqual(all.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(all.map((m) => m.version));
  });

  it('rolls a failing migration back and does not record it', async () => {
    const broken = [
      {
        version: '999',
        name: '999_broken.sql',
        sql: 'CREATE TABLE half_done (id INT); SELECT no_such_column FROM realms;',
      },
    ];
    await expect(migrate(db, broken)).rejects.toThrow();
    expect(await db.query("SELECT 1 FROM schema_migrations WHERE version = '999'")).toEqual([]);
    expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'")).toEqual([]);
  });

  it('seeds the demo realm, scheme, service, template and account, and is idempotent', async () => {
    expect(await seed(db, seedConfig)).toBe(1);
    const count = async () => {
      const tables = [
        'realms',
        'authentication_schemes',
        'templates',
        'services',
        'user_profiles',
        'user_identifiers',
        'user_services',
      ];
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [row] = await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`);
        counts[table] = Number(row!.n);
      }
      return counts;
    };
    const first = await count();
    // Issue 3 added the registration template and the demo-strict service; issue 8 the demo-captcha
    // service; issue 31 the demo-code service (sign-in by e-mail code).
    expect(first).toEqual({
      realms: 1,
      authentication_schemes: 1,
      templates: 2,
      services: 4,
      user_profiles: 1,
      user_identifiers: 1,
      user_services: 1,
    });
    expect(await seed(db, seedConfig)).toBe(0);
    expect(await count()).toEqual(first);

    const [account] = await db.query<{ password_hash: string; state: string }>(
      "SELECT p.password_hash, p.state FROM user_profiles p JOIN user_identifiers i USING (guid) WHERE i.value = 'demo@foyer.test'",
    );
    expect(account!.state).toBe('ACTIVE');
    expect(account!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(account!.password_hash, 'foyer-demo-1')).toBe(true);
    expect(await verifyPassword(account!.password_hash, 'foyer-demo-2')).toBe(false);
  });

  it('updates services from an edited seed without touching existing accounts', async () => {
    const [before] = await db.query<{ password_hash: string }>('SELECT password_hash FROM user_profiles');
    const edited = {
      ...seedConfig,
      services: seedConfig.services.map((s) => ({
        ...s,
        displayName: 'Renamed',
        allowedHostOrigins: ['https://a.example'],
      })),
      accounts: seedConfig.accounts.map((a) => ({ ...a, password: 'changed-in-config' })),
    };
    expect(await seed(db, edited)).toBe(0);
    const [service] = await db.query<{ display_name: string; allowed_host_origins: unknown }>(
      "SELECT display_name, allowed_host_origins FROM services WHERE name = 'demo'",
    );
    // Outside production the demo's local origins (devHostOrigins) are allowed too; not in production.
    expect(service).toEqual({
      display_name: 'Renamed',
      allowed_host_origins: ['https://a.example', 'http://localhost:*'],
    });
    await seed(db, edited, Date.now(), { production: true });
    const [production] = await db.query<{ allowed_host_origins: unknown }>(
      "SELECT allowed_host_origins FROM services WHERE name = 'demo'",
    );
    expect(production!.allowed_host_origins).toEqual(['https://a.example']);
    const [after] = await db.query<{ password_hash: string }>('SELECT password_hash FROM user_profiles');
    expect(after!.password_hash).toBe(before!.password_hash);
  });

  it('refuses a seed with an invalid allowed origin or template', async () => {
    const badOrigin = {
      ...seedConfig,
      services: [{ ...seedConfig.services[0]!, allowedHostOrigins: ["'self'; script-src *"] }],
    };
    await expect(seed(db, badOrigin)).rejects.toThrow(/services\[demo\]\.allowedHostOrigins\[0\]: not an origin/);
    const badTemplate = {
      ...seedConfig,
      authenticationSchemes: [{ ...seedConfig.authenticationSchemes[0]!, loginTemplate: { identifiers: [] } as never }],
    };
    await expect(seed(db, badTemplate)).rejects.toThrow(
      /authenticationSchemes\[default\]\.loginTemplate\.validators: missing/,
    );
  });
});

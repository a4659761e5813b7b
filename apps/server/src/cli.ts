/**
 * The operator's command line: `npm run foyer -- <command>` (root script `foyer`). It opens the
 * database the server would (DATABASE_URL / FOYER_DB_SCHEMA, else the embedded one in
 * FOYER_DATA_DIR, which a running server holds locked) and applies pending migrations first.
 * Commands are rows of COMMANDS; each gets the database and the app clock.
 */
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isOperatorRole, OPERATOR_ROLES } from '@foyer/api/admin';
import { InvalidConfig, type SiteConfig } from '@foyer/api/config';
import { devClock } from './billing/clock';
import { DEFAULT_DATA_DIR, optionsFromEnv } from './config';
import { migrate, openDb, type Db } from './db';
import { backupPglite, DataFolderNotEmpty, restorePglite } from './db/backup';
import { DataFolderInUse } from './db/folder-lock';
import { ADMIN_SCOPES, createApiKey, isAdminScope, listApiKeys, revokeApiKey, type AdminScope } from './admin/keys';
import { recordAudit } from './admin/audit';
import { createOperator, findOperatorByEmail, listOperators, updateOperator } from './admin/operators/store';
import { otpauthUrl } from './security/totp';
import { ApiError } from './http/errors';
import { applyConfig, type ConfigChange } from './site-config/apply';
import { exportConfig } from './site-config/export';
import { readConfigFile, renderConfig, type ConfigFormat } from './site-config/file';
import { rotateSigningKey } from './tokens/keys';
import { reencryptStoredSecrets } from './security/stored-secrets';

/** What every command gets: where to print. */
export interface CliOutput {
  print(line: string): void;
}

export interface CliContext extends CliOutput {
  db: Db;
  /** The app's clock (the test clock's when FOYER_DEV_CLOCK is on, as the server reads it). */
  now: () => number;
  /** NODE_ENV=production: a configuration is applied as a production server would (no devHostOrigins). */
  production?: boolean;
  /** The migrations this run applied before the command (every command with the database runs them first). */
  migrated?: readonly string[];
}

/** A command's exit code: 0 unless it says otherwise. */
type Exit = Promise<number | void>;

type Command = { summary: string } & (
  | { database?: true; run(context: CliContext, args: string[]): Exit }
  /** Runs without opening the database (a running server may hold the embedded one). */
  | { database: false; run(context: CliOutput, args: string[]): Exit }
);

/** Reads and validates `file`, printing its refusals; null when invalid. */
async function configFile(file: string | undefined, print: (line: string) => void): Promise<SiteConfig | null> {
  if (!file) {
    print('Name the configuration file.');
    return null;
  }
  try {
    return await readConfigFile(file);
  } catch (error) {
    if (!(error instanceof InvalidConfig)) throw error;
    error.message.split('\n').forEach((line) => print(line));
    return null;
  }
}

/** How the audit log names a CLI write: the system user who ran it. */
const cliActor = () => `cli:${userInfo().username}`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

export const COMMANDS: Record<string, Command> = {
  'keys rotate': {
    summary:
      'make a new visitor-token signing key; the old one stays published until its tokens have expired. Prints the new kid.',
    run: async ({ db, now, print }) => {
      print(await rotateSigningKey(db, now()));
    },
  },
  'secrets reencrypt': {
    summary:
      'rewrite every stored secret with FOYER_SECRETS_KEY (after a rotation, the old key in FOYER_SECRETS_KEY_PREVIOUS). Prints the counts.',
    run: async ({ db, print }) => {
      const counts = await reencryptStoredSecrets(db);
      for (const [place, count] of Object.entries(counts)) print(`${place}: ${count} re-encrypted`);
    },
  },
  'db migrate': {
    summary: 'bring the database to this version (servers also do at start, under a lock); prints what was applied.',
    run: async ({ migrated, print }) => {
      print(migrated?.length ? `Applied migrations ${migrated.join(', ')}.` : 'The database is up to date.');
    },
  },
  'db backup': {
    summary:
      '<file> [--data-dir <dir>]: write a consistent dump of the embedded database (stop the server first); PostgreSQL: pg_dump.',
    database: false,
    run: async ({ print }, args) => {
      const [file] = args;
      const env = optionsFromEnv();
      // An explicit data folder means the embedded database, whatever DATABASE_URL says (as the server).
      if (env.databaseUrl && !option(args, '--data-dir')) {
        print('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md).');
        return 2;
      }
      if (!file) {
        print('Give the file to write.');
        return 2;
      }
      const dataDir = option(args, '--data-dir') ?? env.dataDir ?? DEFAULT_DATA_DIR;
      const bytes = await backupPglite(dataDir, file).catch((error: unknown) => error as Error);
      if (bytes instanceof Error) {
        print(bytes.message);
        return 1;
      }
      print(`Backed up ${dataDir} to ${file} (${bytes} bytes).`);
    },
  },
  'db restore': {
    summary: '<file> [--data-dir <dir>]: load a `db backup` file into an empty or new data folder (refuses any other).',
    database: false,
    run: async ({ print }, args) => {
      const [file] = args;
      const env = optionsFromEnv();
      if (env.databaseUrl && !option(args, '--data-dir')) {
        print('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (docs/operations.md).');
        return 2;
      }
      if (!file) {
        print('Give the backup file to load.');
        return 2;
      }
      const dataDir = option(args, '--data-dir') ?? env.dataDir ?? DEFAULT_DATA_DIR;
      try {
        await restorePglite(file, dataDir);
      } catch (error) {
        if (!(error instanceof DataFolderNotEmpty || error instanceof DataFolderInUse)) throw error;
        print(error.message);
        return 1;
      }
      print(`Restored ${file} into ${dataDir}.`);
    },
  },
  'config validate': {
    summary: '<file>: check a configuration file (JSON or YAML); prints "valid" or one line per problem (exit 1).',
    database: false,
    run: async ({ print }, [file]) => {
      if (!(await configFile(file, print))) return 1;
      print(`${file}: valid`);
    },
  },
  'config export': {
    summary: '[--format yaml|json]: print the stored configuration as a file (secrets left out).',
    run: async ({ db, print }, args) => {
      const format = (option(args, '--format') ?? 'yaml') as ConfigFormat;
      if (format !== 'yaml' && format !== 'json') {
        print('--format is yaml or json');
        return 2;
      }
      print(renderConfig(await exportConfig(db), format).trimEnd());
    },
  },
  'config import': {
    summary:
      '<file> [--dry-run] [--prune]: validate and apply a configuration file in one transaction; prints the change. --prune also deletes the products, groups and paywall services the file no longer names.',
    run: async ({ db, now, print, production }, args) => {
      const dryRun = args.includes('--dry-run');
      const prune = args.includes('--prune');
      const config = await configFile(
        args.find((arg) => !arg.startsWith('--')),
        print,
      );
      if (!config) return 1;
      let change: ConfigChange;
      try {
        change = await applyConfig(db, config, now(), {
          production: production ?? false,
          dryRun,
          prune,
          audit: { actor: `cli:${userInfo().username}`, action: 'config.import', target: 'config' },
        });
      } catch (error) {
        if (!(error instanceof InvalidConfig)) throw error;
        error.message.split('\n').forEach((line) => print(line));
        return 1;
      }
      change.diff.forEach((line) => print(line));
      print(
        change.diff.length === 0
          ? 'No change.'
          : dryRun
            ? 'Dry run: nothing was changed.'
            : 'Applied (running servers see it at once).',
      );
    },
  },
  'operator create': {
    summary: `--email <address> --name <name> --role <${OPERATOR_ROLES.join('|')}> [--password <p>] [--totp]: a console operator (owners always get a second factor; its secret is printed once).`,
    run: async ({ db, now, print }, args) => {
      const email = option(args, '--email');
      const name = option(args, '--name') ?? email;
      const role = option(args, '--role') ?? '';
      if (!email || !name || !isOperatorRole(role)) {
        print(`Give --email, --name and --role (one of ${OPERATOR_ROLES.join(', ')}).`);
        return 2;
      }
      const given = option(args, '--password');
      if (given !== undefined && given.length < 12) {
        print('The password needs at least 12 characters.');
        return 2;
      }
      const password = given ?? randomBytes(18).toString('base64url');
      try {
        const made = await db.transaction(async (tx) => {
          const created = await createOperator(
            tx,
            { email, name, role, password, totp: args.includes('--totp') },
            now(),
          );
          await recordAudit(
            tx,
            {
              actor: cliActor(),
              action: 'operator.create',
              target: `operator:${created.operator.id}`,
              before: null,
              after: created.operator,
            },
            now(),
          );
          return created;
        });
        print(`${made.operator.id} ${made.operator.email} ${made.operator.role}`);
        if (given === undefined) print(`Password (shown once): ${password}`);
        if (made.totpSecret) {
          print(`TOTP secret (shown once): ${made.totpSecret}`);
          print(`Authenticator URL: ${otpauthUrl(made.totpSecret, made.operator.email)}`);
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        print(error.message);
        return 1;
      }
    },
  },
  'operator list': {
    summary: 'list the console operators.',
    run: async ({ db, print }) => {
      for (const operator of await listOperators(db))
        print(
          `${operator.id} ${operator.email} ${operator.role}${operator.totp ? ' totp' : ''}${operator.disabledAt ? ' disabled' : ''}`,
        );
    },
  },
  'operator disable': {
    summary: "--email <address>: end that operator's sessions and refuse their sign-in (never the last owner).",
    run: async ({ db, now, print }, args) => {
      const found = await findOperatorByEmail(db, option(args, '--email') ?? '');
      if (!found) {
        print('No operator with that address.');
        return 1;
      }
      try {
        await db.transaction(async (tx) => {
          const change = await updateOperator(tx, found.id, { disabled: true }, now());
          await recordAudit(
            tx,
            {
              actor: cliActor(),
              action: 'operator.update',
              target: `operator:${found.id}`,
              before: change?.before,
              after: change?.after,
            },
            now(),
          );
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        print(error.message);
        return 1;
      }
      print(`Disabled ${found.email}.`);
    },
  },
  'apikey create': {
    summary: `--name <name> --scopes <${ADMIN_SCOPES.join(',')}>: make an admin API key; prints it once.`,
    run: async ({ db, now, print }, args) => {
      const name = option(args, '--name');
      const scopes = (option(args, '--scopes') ?? '').split(',').filter(Boolean);
      if (!name || scopes.length === 0 || !scopes.every(isAdminScope)) {
        print(`Give --name and --scopes (some of ${ADMIN_SCOPES.join(', ')}).`);
        return 2;
      }
      const { id, key } = await createApiKey(db, { name, scopes: scopes as AdminScope[] }, now());
      print(`${id} ${key}`);
      print('Keep the key now: it cannot be shown again.');
    },
  },
  'apikey list': {
    summary: 'list the admin API keys (never the keys themselves).',
    run: async ({ db, print }) => {
      for (const key of await listApiKeys(db)) {
        const state = key.revokedAt ? 'revoked' : 'live';
        print(`${key.id} ${key.name} [${key.scopes.join(',')}] ${state}`);
      }
    },
  },
  'apikey revoke': {
    summary: '<id>: refuse that admin API key from now on.',
    run: async ({ db, now, print }, [id]) => {
      if (!id || !(await revokeApiKey(db, id, now()))) {
        print('No live key of that id.');
        return 1;
      }
      print(`Revoked ${id}.`);
    },
  },
};

function usage(print: (line: string) => void): void {
  print('Usage: npm run foyer -- <command>');
  for (const [name, command] of Object.entries(COMMANDS)) print(`  ${name.padEnd(16)} ${command.summary}`);
}

function commandOf(args: string[]): string | undefined {
  return Object.keys(COMMANDS).find((words) => words.split(' ').every((word, index) => args[index] === word));
}

/**
 * Runs the command `args` names (its words first, then its own arguments); answers the exit code.
 * `context` may lack the database for commands that need none.
 */
export async function runCli(args: string[], context: CliContext | CliOutput): Promise<number> {
  const name = commandOf(args);
  if (!name) {
    usage(context.print);
    return args.length === 0 || args[0] === 'help' ? 0 : 2;
  }
  const command = COMMANDS[name]!;
  const rest = args.slice(name.split(' ').length);
  if (command.database === false) return (await command.run(context, rest)) ?? 0;
  if (!('db' in context)) throw new Error(`${name} needs the database`);
  return (await command.run(context, rest)) ?? 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const print = (line: string) => console.log(line);
  const name = commandOf(args);
  if (!name || COMMANDS[name]!.database === false) return runCli(args, { print });
  const env = optionsFromEnv();
  let db: Db;
  try {
    db = await openDb({
      databaseUrl: env.databaseUrl,
      databaseSchema: env.databaseSchema,
      dataDir: env.dataDir ?? DEFAULT_DATA_DIR,
    });
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    const migrated = await migrate(db);
    const now = env.devClock ? (await devClock(db, Date.now)).now : Date.now;
    return await runCli(args, { db, now, print, production: env.production ?? false, migrated });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();

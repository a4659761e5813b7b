/**
 * The operator's command line: `npm run foyer -- <command>` (root script `foyer`). It opens the
 * database the server would (DATABASE_URL / FOYER_DB_SCHEMA, else the embedded one in
 * FOYER_DATA_DIR, which a running server holds locked) and applies pending migrations first.
 * Commands are rows of COMMANDS; each gets the database and the app clock.
 */
import { pathToFileURL } from 'node:url';
import { devClock } from './billing/clock';
import { DEFAULT_DATA_DIR, optionsFromEnv } from './config';
import { migrate, openDb, type Db } from './db';
import { DataFolderInUse } from './db/folder-lock';
import { rotateSigningKey } from './tokens/keys';

export interface CliContext {
  db: Db;
  /** The app's clock (the test clock's when FOYER_DEV_CLOCK is on, as the server reads it). */
  now: () => number;
  print(line: string): void;
}

interface Command {
  summary: string;
  run(context: CliContext, args: string[]): Promise<void>;
}

export const COMMANDS: Record<string, Command> = {
  'keys rotate': {
    summary:
      'make a new visitor-token signing key; the old one stays published until its tokens have expired. Prints the new kid.',
    run: async ({ db, now, print }) => print(await rotateSigningKey(db, now())),
  },
};

function usage(print: (line: string) => void): void {
  print('Usage: npm run foyer -- <command>');
  for (const [name, command] of Object.entries(COMMANDS)) print(`  ${name.padEnd(14)} ${command.summary}`);
}

/** Runs the command `args` names (its words first, then its own arguments); answers the exit code. */
export async function runCli(args: string[], context: CliContext): Promise<number> {
  const name = Object.keys(COMMANDS).find((words) => words.split(' ').every((word, index) => args[index] === word));
  if (!name) {
    usage(context.print);
    return args.length === 0 || args[0] === 'help' ? 0 : 2;
  }
  await COMMANDS[name]!.run(context, args.slice(name.split(' ').length));
  return 0;
}

async function main(): Promise<number> {
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
    await migrate(db);
    const now = env.devClock ? (await devClock(db, Date.now)).now : Date.now;
    return await runCli(process.argv.slice(2), { db, now, print: (line) => console.log(line) });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();

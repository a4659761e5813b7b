/**
 * The server alone, configured by the environment (see config.ts): `npm run dev -w @foyer/server`
 * from the sources, `npm start -w @foyer/server` (and the image) from the bundle of
 * scripts/build.mjs.
 */
import { DataFolderInUse } from './db/folder-lock';
import { InvalidConfig, startServer, UnsafeProductionSettings, type RunningServer } from './index';

let server: RunningServer;
try {
  server = await startServer();
} catch (error) {
  // A folder in use, unsafe production settings or an invalid configuration file are the
  // operator's to sort out: say what, one line per problem, without a stack trace.
  const operators = [DataFolderInUse, UnsafeProductionSettings, InvalidConfig];
  if (!operators.some((kind) => error instanceof kind)) throw error;
  console.error((error as Error).message);
  process.exit(1);
}
console.log(
  `Foyer server listening on ${server.url} (identity API ${server.url}/ic/api, loader ${server.url}/loader.js)`,
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Stops accepting connections, lets running requests finish, then closes the database.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/**
 * A second server instance in its own process, on the database the environment names
 * (DATABASE_URL and FOYER_DB_SCHEMA); prints one JSON line `{"url": …}` once it listens.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  frameDist: join(tmpdir(), 'foyer-no-frame-dist'),
  loaderDist: join(tmpdir(), 'foyer-no-loader-dist'),
  seedDemo: true,
  jobWorkers: false,
});
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

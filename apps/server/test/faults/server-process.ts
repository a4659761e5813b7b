/**
 * A reference server in its own process, for fault tests that kill it (`kill -9`) and start it
 * again on the same database. Configured by the environment (FOYER_DATA_DIR or DATABASE_URL and
 * FOYER_DB_SCHEMA, FOYER_CARD_PROVIDER …); prints one JSON line `{"url": …}` once it listens.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  frameDist: join(tmpdir(), 'foyer-no-frame-dist'),
  loaderDist: join(tmpdir(), 'foyer-no-loader-dist'),
  loginRateLimit: { perIdentifier: 1000, perAddress: 1000 },
  // The test buys as the demo account, which only a server asked for demo data has.
  seedDemo: true,
});
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

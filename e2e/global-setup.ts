/**
 * Starts the real stack (server with an in-memory PGlite database, frames, loader, demo host
 * site) once for the e2e run, on free ports. Workers read the URLs from the environment.
 * scripts/stack.ts turns on what the specs need and production never has: the readable outbox
 * (/dev/mailbox) and the demo account and catalogue; --e2e-fixtures adds the specs' own seed data
 * (scripts/e2e-fixtures.ts).
 */
import { startStack } from '../scripts/stack-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack(['--ephemeral', '--e2e-fixtures']);
  process.env.FOYER_WIDGETS_URL = stack.widgetsUrl;
  process.env.FOYER_DEMO_URL = stack.demoUrl;
  process.env.FOYER_FOREIGN_URL = stack.foreignUrl ?? '';
  return () => stack.stop();
}

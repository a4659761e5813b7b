/**
 * Starts the real stack (server with an in-memory PGlite database, frames, loader, demo host
 * site) once for the e2e run, on free ports. Workers read the URLs from the environment.
 * scripts/stack.ts turns on what the specs need and production never has: the readable outbox
 * (/dev/mailbox) and the demo account and catalogue; --e2e-fixtures adds the specs' own seed data
 * (scripts/e2e-fixtures.ts). The environment adds issue 25's test clock (POST /dev/clock, which the
 * renewals spec advances a month) and the bank-transfer details the payment step shows once a
 * transfer order is placed; the card provider is already the test card one (scripts/stack.ts).
 */
import { startStack } from '../scripts/stack-process';
import { E2E_ENV } from './support/stack';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack(['--ephemeral', '--e2e-fixtures'], { env: E2E_ENV });
  process.env.FOYER_WIDGETS_URL = stack.widgetsUrl;
  process.env.FOYER_DEMO_URL = stack.demoUrl;
  process.env.FOYER_FOREIGN_URL = stack.foreignUrl ?? '';
  return () => stack.stop();
}

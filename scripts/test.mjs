#!/usr/bin/env node
// `npm test`: every tier, in order, stopping at the first failure.
// Lint and types first (cheap), then unit and server tests, then real-browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['unit tests', 'npx vitest run --project unit --project frame --project console'],
  [`server tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'npx vitest run --project server'],
  ['browser and e2e tests', 'npm run test:e2e'],
];

for (const [title, command] of steps) {
  console.log(`\n▶ ${title}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all test tiers passed');

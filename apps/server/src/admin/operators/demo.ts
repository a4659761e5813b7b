/**
 * The demo stack's owner (issue 28), like the demo account: admin@foyer.test / foyer-admin-1 with
 * the TOTP secret JBSWY3DPEHPK3PXP, so anyone trying `npm start` can sign in to the console with
 * an authenticator app (or `oathtool --totp -b JBSWY3DPEHPK3PXP`). Seeded with the demo data only,
 * never in production (docs/console.md says so); kept as it is on a restart.
 */
import type { Db } from '../../db';
import { createOperator, findOperatorByEmail } from './store';

export const DEMO_OWNER = {
  email: 'admin@foyer.test',
  password: 'foyer-admin-1',
  totpSecret: 'JBSWY3DPEHPK3PXP',
} as const;

export async function seedDemoOwner(db: Db, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['foyer demo owner']);
    if (await findOperatorByEmail(tx, DEMO_OWNER.email)) return;
    await createOperator(
      tx,
      {
        email: DEMO_OWNER.email,
        name: 'Demo owner',
        role: 'owner',
        password: DEMO_OWNER.password,
        totp: DEMO_OWNER.totpSecret,
      },
      now,
    );
  });
}

/**
 * Erasing a person (issue 28, GDPR erasure): their personal data goes, the financial records the
 * law requires (orders, items, payments, purchases, subscriptions, renewal charges, billing
 * events) stay, anonymised: amounts, currencies, dates, products and provider references, never a
 * name or an address. The user_profiles row stays too, state ERASED, because those records
 * reference it (their ON DELETE CASCADE would take them along); with its attributes, password,
 * roles and identifiers gone no login or lookup finds it (identity/store.ts), and the address may
 * register again as a new account. Live subscriptions end at once, without a refund: the money
 * already taken paid for periods the person had (docs/admin-api.md, "Accounts").
 *
 * Runs inside the caller's transaction, after the caller locked the profile row.
 */
import { recordEvent } from '../../billing/events';
import { expire, loadSubscription, type SubscriptionStatus } from '../../billing/lifecycle';
import type { Db } from '../../db';
import { normalizeIdentifier } from '../../identity/identifiers';
import { deleteUserSessions } from '../../security/sessions';

/** Stands in for an e-mail address the grants table must hold (NOT NULL) once erased. */
const ERASED_ADDRESS = '(erased)';
/** No password verifies against it (it is no argon2 hash); the profile cannot be found anyway. */
const UNUSABLE_PASSWORD_HASH = '!erased';
const LIVE_SUBSCRIPTIONS: readonly SubscriptionStatus[] = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED'];
const ACCOUNT_EVENTS = ['account.created', 'account.updated'];

export async function eraseAccount(
  tx: Db,
  account: { guid: string; email: string | null; services: readonly string[] },
  now: number,
): Promise<{ subscriptionsEnded: number }> {
  const { guid } = account;
  const address = account.email === null ? null : normalizeIdentifier(account.email);

  // Money: live subscriptions end now (the lifecycle's own expiry, with its event for the site's
  // backend), nothing is charged again, unpaid orders are dropped.
  const live = await tx.query<{ id: string }>(
    'SELECT id FROM subscriptions WHERE guid = $1 AND status = ANY($2::text[]) ORDER BY id',
    [guid, [...LIVE_SUBSCRIPTIONS]],
  );
  let subscriptionsEnded = 0;
  for (const { id } of live) {
    const subscription = await loadSubscription(tx, id, true);
    if (subscription && (await expire(tx, subscription, LIVE_SUBSCRIPTIONS, 'cancelled', now))) subscriptionsEnded += 1;
  }
  await tx.query('UPDATE subscriptions SET payment_method = NULL, next_retry_at = NULL WHERE guid = $1', [guid]);
  await tx.query(
    `UPDATE orders SET status = CASE WHEN status = 'CREATED' THEN 'CANCELLED' ELSE status END,
            delivery_address = NULL, billing_address = NULL
      WHERE guid = $1`,
    [guid],
  );
  await tx.query('UPDATE payments SET client_secret = NULL WHERE order_id IN (SELECT id FROM orders WHERE guid = $1)', [
    guid,
  ]);
  await tx.query(
    `UPDATE v1_orders SET status = CASE WHEN status IN ('OPEN', 'PAYMENT_PENDING') THEN 'DELETED' ELSE status END,
            basket = basket #- '{productMetaData,deliveryAddress}' #- '{productMetaData,billingAddress}', updated_at = $2
      WHERE guid = $1`,
    [guid, now],
  );

  // Invitations: the addresses and messages go; a live one ends (the subscription it shared ended).
  await tx.query(
    `UPDATE grants SET email = $3, message = NULL,
            grantee_guid = CASE WHEN grantee_guid = $1 THEN NULL ELSE grantee_guid END,
            status = CASE WHEN status IN ('PENDING', 'ACCEPTED') THEN 'REMOVED' ELSE status END,
            answered_at = CASE WHEN status IN ('PENDING', 'ACCEPTED') THEN $4 ELSE answered_at END
      WHERE owner_guid = $1 OR grantee_guid = $1 OR ($2::text IS NOT NULL AND email = $2)`,
    [guid, address, ERASED_ADDRESS, now],
  );

  // Identity: signed out everywhere, nothing left to sign in, confirm or reset with.
  await deleteUserSessions(tx, guid);
  // Passkeys too (issue 31): their credential ids and keys identify the person's devices.
  for (const table of [
    'workflow_keys',
    'identifier_changes',
    'social_profiles',
    'user_addresses',
    'user_identifiers',
    'passkeys',
    'passkey_user_handles',
    'passkey_challenges',
    // The second factor (migration 043): secret, backup codes, open tickets.
    'second_factor_tickets',
    'second_factor_backup_codes',
    'second_factors',
  ])
    await tx.query(`DELETE FROM ${table} WHERE guid = $1`, [guid]);
  await tx.query(
    `UPDATE user_profiles SET state = 'ERASED', attributes = '{}', roles = '[]', password_hash = $2,
            address_proven_at = NULL, state_before_lock = NULL
      WHERE guid = $1`,
    [guid, UNUSABLE_PASSWORD_HASH],
  );

  // What the outbox and the webhooks repeated of the profile, and what the paywall and the figures
  // kept of this reader: the page views go, the counts of sign-ins stay without the account.
  await tx.query(
    `UPDATE billing_events SET data = jsonb_set(data, '{attributes}', '{}'::jsonb)
      WHERE guid = $1 AND type = ANY($2::text[])`,
    [guid, ACCOUNT_EVENTS],
  );
  await tx.query(
    `UPDATE webhook_deliveries SET body = jsonb_set(body::jsonb, '{data,attributes}', '{}'::jsonb)::text
      WHERE event_id IN (SELECT id FROM billing_events WHERE guid = $1 AND type = ANY($2::text[]))`,
    [guid, ACCOUNT_EVENTS],
  );
  await tx.query(`DELETE FROM paywall_views WHERE meter_key = 'a:' || $1`, [guid]);
  await tx.query('UPDATE paywall_visitors SET merged_into = NULL WHERE merged_into = $1', [guid]);
  await tx.query(`UPDATE activity_events SET guid = NULL WHERE guid = $1`, [guid]);
  await tx.query(`UPDATE activity_events SET reader = NULL WHERE reader = 'a:' || $1`, [guid]);
  // The demo stack's outbox (GET /dev/mailbox) kept the mails sent to the address.
  if (address !== null) await tx.query('DELETE FROM mail_outbox WHERE lower(to_address) = $1', [address]);

  // Each service's backend hears of it (webhooks), to erase what it holds about the account too.
  for (const serviceName of account.services)
    await recordEvent(tx, { guid, serviceName }, { type: 'account.deleted' }, now);
  return { subscriptionsEnded };
}

-- Money integrity under faults and concurrency (issue 10).

-- The key the provider sees belongs to the order's attempt, chosen by the server: attempts that
-- ended without a provider answer (unreachable, abandoned by a stopped server) hand it on to the
-- next attempt, so whatever Idempotency-Key the visitor's retry carries, the provider replays.
ALTER TABLE payments ADD COLUMN provider_key TEXT;
-- The server process that asks the provider for this attempt: a PENDING attempt of another
-- process is looked up at the provider instead of being waited for.
ALTER TABLE payments ADD COLUMN owner TEXT;

-- One active subscription per account and plan. Duplicates left by servers before this migration
-- keep the oldest active one; the others are marked DUPLICATE for an operator to refund.
UPDATE subscriptions SET status = 'DUPLICATE'
 WHERE status IN ('ACTIVE', 'ACTIVE_PENDING')
   AND EXISTS (
     SELECT 1 FROM subscriptions older
       JOIN purchases op ON op.id = older.purchase_id
       JOIN purchases p ON p.id = subscriptions.purchase_id
      WHERE older.guid = subscriptions.guid AND older.plan_id = subscriptions.plan_id
        AND older.status IN ('ACTIVE', 'ACTIVE_PENDING')
        AND (op.created_at, older.id) < (p.created_at, subscriptions.id));
CREATE UNIQUE INDEX subscriptions_one_active_per_plan ON subscriptions (guid, plan_id)
  WHERE status IN ('ACTIVE', 'ACTIVE_PENDING');

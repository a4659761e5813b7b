-- Issue 25 (core): what the lifecycle needs beyond 027.

-- Who made a charge: `renewal` (the server, at a period end or a retry), `visitor` (the owner
-- paying a PAST_DUE subscription with a new card: its refusal is theirs to see and changes no
-- schedule), or `transfer` (a bank-transfer or cash renewal awaiting an operator: no provider to ask).
ALTER TABLE renewal_charges ADD COLUMN kind TEXT NOT NULL DEFAULT 'renewal'
  CHECK (kind IN ('renewal', 'visitor', 'transfer'));

-- The visitor's own payment of a PAST_DUE subscription (the "Update payment" step) carries their
-- Idempotency-Key: a retried submission finds its attempt instead of charging again. Renewals and
-- their retries, made by the server, have none.
ALTER TABLE renewal_charges ADD COLUMN client_key TEXT;
CREATE UNIQUE INDEX renewal_charges_client_key ON renewal_charges (subscription_id, client_key)
  WHERE client_key IS NOT NULL;

-- A purchase awaiting its payment (ACTIVE_PENDING) entitles until this day when its service
-- grants access meanwhile (ServiceSettings.pendingAccessDays; NULL: none, the default).
ALTER TABLE subscriptions ADD COLUMN pending_access_until DATE;

-- The sweep's reads: due renewals and retries, pending purchases to lapse, open charges.
CREATE INDEX subscriptions_retry ON subscriptions (next_retry_at) WHERE status = 'PAST_DUE';
CREATE INDEX purchases_pending ON purchases (created_at) WHERE status = 'ACTIVE_PENDING';

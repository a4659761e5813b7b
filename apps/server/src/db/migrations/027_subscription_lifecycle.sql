-- Issue 25: subscriptions that renew. The server owns one lifecycle for every provider:
-- ACTIVE → renewed at each period end → PAST_DUE (a renewal failed; grace and retries) → ACTIVE
-- once paid, or EXPIRED when retries run out; CANCELLED runs to its period end, then EXPIRED.

-- How to charge the subscriber again without them (providers/types.ts SavedPaymentMethod), and
-- what: the plan's full price (a trial price pays the first period only).
ALTER TABLE subscriptions ADD COLUMN payment_provider TEXT;
ALTER TABLE subscriptions ADD COLUMN payment_method JSONB;
ALTER TABLE subscriptions ADD COLUMN price_minor BIGINT;
ALTER TABLE subscriptions ADD COLUMN currency CHAR(3);
-- Periods paid so far. Period n ends n periods after start_date (month ends clamp from the
-- anchor, so 31 Jan renews 28 Feb, then 31 Mar, never drifting to the 28th).
ALTER TABLE subscriptions ADD COLUMN periods_paid INT NOT NULL DEFAULT 1;
-- PAST_DUE: since when (app clock, ms), retries made, when the next one runs.
ALTER TABLE subscriptions ADD COLUMN past_due_since BIGINT;
ALTER TABLE subscriptions ADD COLUMN retries INT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN next_retry_at BIGINT;
-- The period end a renewal reminder was mailed for (yearly plans), so it is mailed once.
ALTER TABLE subscriptions ADD COLUMN reminded_for DATE;
ALTER TABLE subscriptions ADD COLUMN expired_at BIGINT;

-- A lapsed (EXPIRED) plan can be bought again; a PAST_DUE one is still held.
DROP INDEX subscriptions_one_active_per_plan;
CREATE UNIQUE INDEX subscriptions_one_active_per_plan ON subscriptions (guid, plan_id)
  WHERE status IN ('ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE');
CREATE INDEX subscriptions_due ON subscriptions (end_date) WHERE status IN ('ACTIVE', 'PAST_DUE', 'CANCELLED');

-- One row per charge made without the visitor (a renewal, a retry, or the payment of a PAST_DUE
-- subscription with a new card), written BEFORE the provider is asked. The key is what the
-- provider sees; a retry after a lost answer sends the same request with the same key. UNKNOWN:
-- the provider's answer was lost or ambiguous; reconciliation asks the provider, never charges again.
CREATE TABLE renewal_charges (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- The end of the period being paid for (the new period runs from the old end to this day).
  period_end DATE NOT NULL,
  attempt INT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'UNKNOWN', 'REFUNDED')),
  amount_minor BIGINT NOT NULL,
  currency CHAR(3) NOT NULL,
  provider_reference TEXT,
  client_secret TEXT,
  error_code TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  UNIQUE (subscription_id, period_end, attempt)
);
CREATE INDEX renewal_charges_reference ON renewal_charges (provider, provider_reference);
CREATE INDEX renewal_charges_open ON renewal_charges (status) WHERE status IN ('PENDING', 'UNKNOWN', 'REQUIRES_ACTION');

-- Provider webhook events applied: a redelivered event (same provider and id) is a no-op.
CREATE TABLE provider_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  reference TEXT NOT NULL,
  received_at BIGINT NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- The business events of orders, payments and subscriptions, written in the transaction that
-- makes them true (an outbox): the mail worker sends the visitor's mails from them, and the
-- site's webhooks (issue 26) will deliver them. `data` is the event's JSON payload.
CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  guid TEXT NOT NULL,
  service_name TEXT,
  subscription_id TEXT,
  order_id TEXT,
  data JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  mailed_at BIGINT
);
CREATE INDEX billing_events_unmailed ON billing_events (created_at) WHERE mailed_at IS NULL;

-- The test clock (FOYER_DEV_CLOCK=true only): how far the app's time runs ahead of the wall
-- clock, shared by every instance on this database and kept across restarts.
CREATE TABLE dev_clock (
  id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms BIGINT NOT NULL
);

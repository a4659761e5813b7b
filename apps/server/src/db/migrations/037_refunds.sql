-- Refunds made from the console (issue 28). A refund row is written before the provider is asked,
-- with the idempotency key every later ask repeats: a lost answer (UNKNOWN) is asked again with the
-- same key, so the money goes back once. `payment_id` names a first payment (payments.id, kind
-- 'order') or a renewal charge (renewal_charges.id, kind 'renewal').
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL,
  payment_kind TEXT NOT NULL CHECK (payment_kind IN ('order', 'renewal')),
  provider TEXT NOT NULL,
  amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
  currency CHAR(3) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'UNKNOWN')),
  idempotency_key TEXT NOT NULL UNIQUE,
  provider_reference TEXT,
  error_code TEXT,
  reason TEXT,
  actor TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX refunds_payment ON refunds (payment_id);

-- A first payment refunded whole, its owner's policy applied (FOYER_ON_REFUND): set once, by the
-- console's refund or the provider's refund event, whichever comes first, so the policy runs once.
ALTER TABLE payments ADD COLUMN refunded_at BIGINT;
CREATE INDEX orders_created ON orders (created_at DESC, id DESC);

-- Order creation is idempotent per account and Idempotency-Key (issue 10): a request that timed out
-- and is sent again gets the order the first one created instead of an orphan second one.
ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX orders_idempotency ON orders (guid, idempotency_key) WHERE idempotency_key IS NOT NULL;
-- Unpaid orders expire (status CANCELLED) after FOYER_ORDER_TTL_MINUTES: found by age.
CREATE INDEX orders_unpaid ON orders (created_at) WHERE status = 'CREATED';

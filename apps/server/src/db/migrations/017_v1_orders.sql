-- Version 1 of the product-manager service (issue 16): the account's open basket as an order, and
-- the transactions posted for it. A transaction prices the basket into the `orders` /
-- `order_items` tables of version 2 and holds one `payments` attempt (provider HOSTED_PAGE), so a
-- paid transaction creates the same purchases and subscriptions the account area reads.

-- `id` is the basket's `_id` (a GUID the frame made). `basket` is the basket as last sent, its
-- lines priced from the catalogue. The partial unique index keeps one open order per account,
-- whatever requests race.
CREATE TABLE v1_orders (
  id TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('OPEN', 'PAYMENT_PENDING', 'PAID', 'DELETED')),
  basket JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX v1_orders_one_open_per_account ON v1_orders (guid) WHERE status IN ('OPEN', 'PAYMENT_PENDING');

-- One row per POST /transaction. The signed payload names `id`; the hosted page's result is
-- recorded once (`result` set from NULL), a replayed result finds it set.
CREATE TABLE v1_transactions (
  id TEXT PRIMARY KEY,
  v1_order_id TEXT NOT NULL REFERENCES v1_orders (id) ON DELETE CASCADE,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  payment_id TEXT NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  return_url TEXT NOT NULL,
  result TEXT CHECK (result IN ('PAID', 'CANCELLED', 'REFUSED', 'SUPERSEDED')),
  created_at BIGINT NOT NULL,
  answered_at BIGINT
);
CREATE INDEX v1_transactions_order ON v1_transactions (v1_order_id);

-- Purchase journey (issue 4): the product catalogue, saved addresses, orders, payments and the
-- purchases / subscriptions a successful payment creates. Money is BIGINT minor units (ISO 4217)
-- with its currency code beside it; times are epoch milliseconds like the rest of the schema.

-- Catalogue, written by the seed. `body` holds the product as configured (plans with prices in
-- minor units); the server prices every order from here, never from the request.
CREATE TABLE catalogue_products (
  name TEXT PRIMARY KEY,
  service_name TEXT NOT NULL,
  body JSONB NOT NULL
);

CREATE TABLE product_groups (
  name TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  product_names JSONB NOT NULL,
  recommended JSONB NOT NULL DEFAULT '[]'
);

CREATE TABLE user_addresses (
  id TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('delivery', 'billing')),
  address_values JSONB NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX user_addresses_guid ON user_addresses (guid, kind);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'PAID', 'CANCELLED')),
  payment_type TEXT NOT NULL,
  currency CHAR(3) NOT NULL,
  total_minor BIGINT NOT NULL CHECK (total_minor >= 0),
  delivery_address JSONB,
  billing_address JSONB,
  created_at BIGINT NOT NULL
);
CREATE INDEX orders_guid ON orders (guid);

CREATE TABLE order_items (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  product_name TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  plan_kind TEXT NOT NULL CHECK (plan_kind IN ('paymentPlan', 'bundlePlan')),
  frequency TEXT NOT NULL,
  price_minor BIGINT NOT NULL CHECK (price_minor >= 0),
  currency CHAR(3) NOT NULL,
  start_date DATE NOT NULL,
  end_date DATE,
  start_delivery_date DATE,
  -- Names and descriptions as they were when ordered, for receipts and the purchases list.
  snapshot JSONB NOT NULL,
  UNIQUE (order_id, position)
);

-- One row per payment attempt. The idempotency key makes a retried or double-clicked submission
-- find the first attempt instead of charging again; the partial index allows at most one attempt
-- in flight or succeeded per order, whatever keys clients send.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  idempotency_key TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED')),
  amount_minor BIGINT NOT NULL,
  currency CHAR(3) NOT NULL,
  provider_reference TEXT,
  client_secret TEXT,
  error_code TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX payments_one_live_per_order ON payments (order_id) WHERE status <> 'FAILED';

CREATE TABLE purchases (
  id TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  order_item_id TEXT NOT NULL UNIQUE REFERENCES order_items (id),
  payment_id TEXT NOT NULL REFERENCES payments (id),
  status TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX purchases_guid ON purchases (guid);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  purchase_id TEXT NOT NULL UNIQUE REFERENCES purchases (id) ON DELETE CASCADE,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  product_name TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  frequency TEXT NOT NULL,
  status TEXT NOT NULL,
  start_date DATE NOT NULL,
  end_date DATE
);
CREATE INDEX subscriptions_guid ON subscriptions (guid, plan_id);

-- Direct-debit mandates requested for an order (GoCardless redirect or billing request flows).
CREATE TABLE direct_debit_flows (
  redirect_flow_id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  session_token TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'COMPLETED')),
  mandate_id TEXT,
  created_at BIGINT NOT NULL
);

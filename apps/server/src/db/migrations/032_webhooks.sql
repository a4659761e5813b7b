-- Issue 26, webhooks out (webhooks/): the site's backend is told of the business events of the
-- `billing_events` outbox, signed the Standard Webhooks way.

-- The endpoints of each service, written from the seed configuration (`webhooks` of a service).
-- An endpoint dropped from the configuration is disabled, not deleted: its deliveries stay.
-- `events` is a JSON array of webhook event types, or ["*"] for all of them.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  service_name TEXT NOT NULL REFERENCES services (name),
  url TEXT NOT NULL,
  events JSONB NOT NULL,
  secret TEXT NOT NULL,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  created_at BIGINT NOT NULL,
  UNIQUE (service_name, url)
);

-- When an event was turned into its deliveries (one per endpoint that wants it). Events written
-- before webhooks existed are not delivered.
ALTER TABLE billing_events ADD COLUMN webhooks_at BIGINT;
UPDATE billing_events SET webhooks_at = created_at;
CREATE INDEX billing_events_unsent_webhooks ON billing_events (created_at) WHERE webhooks_at IS NULL;

-- One message per event and endpoint: `id` is the `webhook-id` (msg_<uuid>), the same on every
-- retry; `body` the exact JSON sent each time. A delivery due (`next_attempt_at`, app clock, ms)
-- is claimed until `claimed_until`; `attempts` counts the tries and fences the claim.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES billing_events (id),
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id),
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  claimed_until BIGINT,
  created_at BIGINT NOT NULL,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

-- Every try: the receiver's status code, or the error (timeout, refused connection), and how long it took.
CREATE TABLE webhook_attempts (
  id BIGSERIAL PRIMARY KEY,
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
  attempt INT NOT NULL,
  at BIGINT NOT NULL,
  status_code INT,
  error TEXT,
  duration_ms INT NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);

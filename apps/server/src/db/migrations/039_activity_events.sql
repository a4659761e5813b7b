-- The console's figures (issue 28): what the server did not otherwise keep. Sign-ins (a session
-- row is gone at logout) and the paywall shown to a reader (paywall_views holds counted views,
-- not refusals). `reader` is the meter key the paywall used: `a:<guid>` logged in, `v:<meter id>`
-- anonymous (paywall_visitors.merged_into then names the account it became). Pruned after 400 days.
CREATE TABLE activity_events (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login', 'paywall.shown')),
  service_name TEXT,
  guid TEXT,
  reader TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX activity_events_kind_at ON activity_events (kind, at);

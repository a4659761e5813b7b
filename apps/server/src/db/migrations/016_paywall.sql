-- Metered paywall (issue 15): segments with their meters and entitling products per service, the
-- paywall and notifier templates, the anonymous visitors' meter ids, the counted page views, and
-- the Disqus sites the comment-system bridge signs for.

-- A segment matches a page by the section or tags the page declares (both empty: every page).
-- `meter` is { anonymous?: max, loggedIn?: max, periodDays } (null: no free views); a page in a
-- segment with entitling products is free only to their holders once the meter is used up.
CREATE TABLE paywall_segments (
  service_name TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  sections JSONB NOT NULL DEFAULT '[]',
  tags JSONB NOT NULL DEFAULT '[]',
  entitled_products JSONB NOT NULL DEFAULT '[]',
  meter JSONB,
  PRIMARY KEY (service_name, name)
);

-- `segment` '' is the fallback for any segment; `display_on` is both / login / entitlement for the
-- paywall and 'meter' for the notifier.
CREATE TABLE paywall_templates (
  service_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('paywall', 'notifier')),
  display_on TEXT NOT NULL,
  segment TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  modal BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (service_name, kind, display_on, segment)
);

-- Meter ids handed to anonymous visitors: an id not in here is not a meter (a made-up one gets a
-- new id, counted from zero like any new visitor).
CREATE TABLE paywall_visitors (
  id TEXT PRIMARY KEY,
  service_name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL
);
CREATE INDEX paywall_visitors_seen ON paywall_visitors (last_seen_at);

-- One row per counted page view. `meter_key` is 'v:<visitor id>' or 'a:<account guid>'.
CREATE TABLE paywall_views (
  service_name TEXT NOT NULL,
  meter_key TEXT NOT NULL,
  segment TEXT NOT NULL,
  page TEXT NOT NULL,
  viewed_at BIGINT NOT NULL
);
CREATE INDEX paywall_views_meter ON paywall_views (service_name, meter_key, segment, viewed_at);

CREATE TABLE disqus_sites (
  site TEXT PRIMARY KEY,
  service_name TEXT NOT NULL,
  public_key TEXT NOT NULL,
  secret_key TEXT NOT NULL
);

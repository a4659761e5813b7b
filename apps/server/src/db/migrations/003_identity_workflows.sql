-- Identity suite (issue 3): service settings, the realm's attribute catalogue, activation and
-- reset keys, the mail outbox and generic request throttling.

-- Newer service settings in one document (requireOldPassword, ssoDomains, recaptchaSiteKey …),
-- so adding one does not need a migration.
ALTER TABLE services ADD COLUMN settings JSONB NOT NULL DEFAULT '{}';

-- Definitions (name, label, type …) of attributes a service may require beyond the templates.
ALTER TABLE realms ADD COLUMN attributes JSONB NOT NULL DEFAULT '[]';

-- Activation and password-reset keys: only the SHA-256 of the key is stored; a key is used once
-- (used_at) and expires (expires_at).
CREATE TABLE workflow_keys (
  key_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('activation', 'reset')),
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX workflow_keys_guid ON workflow_keys (guid, kind);

-- Mail that would have gone out by SMTP (demo stack, tests); listed by GET /dev/mailbox.
CREATE TABLE mail_outbox (
  id BIGSERIAL PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

-- Requests counted per bucket (`identifier-search`, `mail` …) and key, shared by every instance.
CREATE TABLE request_events (
  id BIGSERIAL PRIMARY KEY,
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX request_events_lookup ON request_events (bucket, key, at);

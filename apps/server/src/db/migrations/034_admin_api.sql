-- The admin API (issue 27): keys a site owner's tools call it with, and the audit log of every
-- configuration write (through the API or the CLI).
-- A key is shown once when made; only its SHA-256 is stored. Scopes: config:read, config:write, audit:read.
CREATE TABLE admin_api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  scopes JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT,
  revoked_at BIGINT
);

-- Who changed what, when and from where; before and after with secrets masked.
CREATE TABLE admin_audit (
  id TEXT PRIMARY KEY,
  at BIGINT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  before JSONB,
  after JSONB,
  address TEXT,
  user_agent TEXT
);
CREATE INDEX admin_audit_newest ON admin_audit (at DESC, id DESC);

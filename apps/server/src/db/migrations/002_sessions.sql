-- Sessions: only the SHA-256 of the session id is stored, so a copy of the table logs nobody in.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT,
  remember_me BOOLEAN NOT NULL,
  created_at BIGINT NOT NULL,
  idle_ttl_ms BIGINT NOT NULL,
  idle_expires_at BIGINT NOT NULL,
  absolute_expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_guid ON sessions (guid);
CREATE INDEX sessions_idle_expires_at ON sessions (idle_expires_at);

-- Failed logins, kept in the database so every server instance sees the same counts.
-- kind: `identifier` (key = SHA-256 of realm, identifier name and value) or `address` (client IP).
CREATE TABLE login_attempts (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('identifier', 'address')),
  key TEXT NOT NULL,
  attempted_at BIGINT NOT NULL
);
CREATE INDEX login_attempts_lookup ON login_attempts (kind, key, attempted_at);

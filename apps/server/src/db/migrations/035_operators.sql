-- The console's operators (issue 28): people who run the site, apart from its visitors. An
-- operator signs in with an e-mail address, a password (argon2id, like visitors') and, for owners
-- always, a TOTP second factor whose secret is sealed with FOYER_SECRETS_KEY. `totp_last_step`
-- refuses a code used once from being used again in its window.
CREATE TABLE operators (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'support', 'finance', 'read-only')),
  password_hash TEXT NOT NULL,
  totp_secret TEXT,
  totp_last_step BIGINT,
  created_at BIGINT NOT NULL,
  last_login_at BIGINT,
  disabled_at BIGINT
);
CREATE UNIQUE INDEX operators_email ON operators (lower(email));

-- An operator's console session: only the SHA-256 of the cookie's value is stored. The CSRF token
-- is the session's (sent back in x-foyer-csrf on every write). Idle and absolute ends, app clock.
CREATE TABLE operator_sessions (
  id_hash TEXT PRIMARY KEY,
  operator_id TEXT NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  idle_expires_at BIGINT NOT NULL,
  absolute_expires_at BIGINT NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

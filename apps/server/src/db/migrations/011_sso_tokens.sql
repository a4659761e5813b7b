-- Account security (issue 11): seamless sign-in takes a single-use, short-lived token per
-- participating domain, minted at login, instead of a bare session id (login CSRF). Only the
-- token's SHA-256 is stored; the session id is kept sealed with a key derived from the token, so
-- the table alone reveals no session.
CREATE TABLE sso_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id_hash TEXT NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE,
  sealed_session TEXT NOT NULL,
  -- The participating domain (origin) whose sso.gif may use it, and the widgets origin that
  -- minted it (the frame that loads the image; its Referer must say so).
  domain TEXT NOT NULL,
  minted_origin TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX sso_tokens_expires_at ON sso_tokens (expires_at);

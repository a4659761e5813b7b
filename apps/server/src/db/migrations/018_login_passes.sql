-- Account security (issue 11): a completed password reset gives the account's identifier a
-- single-use, short-lived pass past the per-address login limit, so its owner can always end a
-- lock-out of a busy address with the reset mail. key: the identifier key of login_attempts
-- (SHA-256 of realm, identifier names and values). One live pass per identifier; the next correct
-- login deletes it.
CREATE TABLE login_passes (
  key TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
CREATE INDEX login_passes_expires_at ON login_passes (expires_at);

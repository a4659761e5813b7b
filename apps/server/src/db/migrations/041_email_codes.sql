-- Sign-in by e-mail code (issue 31). One row per code asked for: only the SHA-256 of the code
-- (salted with the row's id) and of the link's key are kept. A code works once, for 10 minutes,
-- and stops working after 5 wrong tries (`tries`), even with the right code. A request for an
-- address without an account still writes a row (with a code nobody is sent), so that its tries
-- and its lock answer exactly as an account's would: nothing tells whether the address has one.
CREATE TABLE email_codes (
  id TEXT PRIMARY KEY,
  realm_name TEXT NOT NULL,
  service_name TEXT NOT NULL,
  -- The normalised address (identity/identifiers.ts), whether or not an account has it.
  address TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('signIn', 'register')),
  code_hash TEXT NOT NULL,
  link_key_hash TEXT NOT NULL UNIQUE,
  tries INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX email_codes_address ON email_codes (realm_name, address, created_at);

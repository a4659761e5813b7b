-- Visitors' second factor (issue 31): a TOTP secret per account, sealed with FOYER_SECRETS_KEY
-- like the operators' (035). `confirmed_at` is NULL while an enrolment waits for its first code;
-- only a confirmed factor is asked at sign-in. `last_step` refuses a code used once from being
-- used again in its window.
CREATE TABLE second_factors (
  guid TEXT PRIMARY KEY REFERENCES user_profiles (guid) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  confirmed_at BIGINT,
  last_step BIGINT,
  created_at BIGINT NOT NULL
);

-- Ten single-use backup codes per confirmed factor: only their SHA-256 (salted with the guid) is
-- stored; a used code keeps its row, with `used_at`, so it is refused rather than unknown.
CREATE TABLE second_factor_backup_codes (
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at BIGINT,
  PRIMARY KEY (guid, code_hash)
);

-- The short-lived, single-use ticket between the first proof (a password, a network, a mailed
-- code) and the second: only its SHA-256 is stored. `purpose`: sign_in (a code completes the
-- login), enrol (the service requires a factor the account lacks: the ticket only enrols), step_up
-- (secure mode for the main session whose hash is `main_session_hash`).
CREATE TABLE second_factor_tickets (
  id_hash TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign_in', 'enrol', 'step_up')),
  method TEXT NOT NULL,
  remember_me BOOLEAN NOT NULL,
  grants_secure BOOLEAN NOT NULL,
  main_session_hash TEXT,
  expires_at BIGINT NOT NULL
);
CREATE INDEX second_factor_tickets_guid ON second_factor_tickets (guid);

-- Passkeys (WebAuthn, issue 31). One row per credential an account registered; the credential id
-- (base64url) is unique across the server, as authenticators make it. The public key is the COSE
-- key the authenticator gave (base64url). The signature counter only goes up: an assertion whose
-- counter does not (a cloned authenticator, a replay) is refused (security/passkeys.ts).
CREATE TABLE passkeys (
  credential_id TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports JSONB NOT NULL DEFAULT '[]',
  -- 'singleDevice' or 'multiDevice' (synced), from the backup-eligible flag at registration.
  device_type TEXT NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up BOOLEAN NOT NULL,
  backup_eligible BOOLEAN NOT NULL,
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT
);
CREATE INDEX passkeys_guid ON passkeys (guid);

-- The WebAuthn user handle of an account: random bytes, not its guid or address (the handle is
-- stored on the authenticator and given back at every discoverable sign-in).
CREATE TABLE passkey_user_handles (
  guid TEXT PRIMARY KEY REFERENCES user_profiles (guid) ON DELETE CASCADE,
  user_handle TEXT NOT NULL UNIQUE
);

-- Open ceremonies: the challenge an options answer gave, single use (deleted when the credential
-- comes back, whatever the outcome) and short-lived. Found by the SHA-256 of the ceremony id the
-- browser holds; bound to the account (adding a passkey, step-up) or to no one (sign-in, sign-up).
CREATE TABLE passkey_challenges (
  ceremony_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login', 'reauthenticate', 'sign-up')),
  challenge TEXT NOT NULL,
  guid TEXT REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT NOT NULL,
  -- Sign-up: the form (identifiers and attributes) and the new account's user handle, kept until
  -- the credential comes back.
  pending JSONB,
  expires_at BIGINT NOT NULL
);
CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);

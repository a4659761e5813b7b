-- Social sign-in (issue 14).
-- Profiles linked to an account: one per network and account, and one social identity links to
-- one account of a realm at most (user_linked_with_different_account otherwise).
CREATE TABLE social_profiles (
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  realm_name TEXT NOT NULL,
  network TEXT NOT NULL,
  social_user_id TEXT NOT NULL,
  -- What the provider said (e-mail, names, picture URL) when it was last seen; never a token.
  profile JSONB NOT NULL DEFAULT '{}',
  linked_at BIGINT NOT NULL,
  PRIMARY KEY (guid, network),
  UNIQUE (realm_name, network, social_user_id)
);

-- One row per OAuth step started by a popup: `state` (stored hashed) ties the provider's answer to
-- it, and the PKCE verifier never leaves the server. Once the provider answered, the row holds
-- the verified social identity and a ticket (stored hashed) the frame spends on a /social call.
CREATE TABLE social_authorizations (
  state_hash TEXT PRIMARY KEY,
  network TEXT NOT NULL,
  service_name TEXT NOT NULL REFERENCES services (name),
  code_verifier TEXT NOT NULL,
  -- The frame's own value, echoed in the outcome it receives.
  attempt TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  ticket_hash TEXT UNIQUE,
  social_user_id TEXT,
  profile JSONB,
  used_at BIGINT
);
CREATE INDEX social_authorizations_expires_at ON social_authorizations (expires_at);

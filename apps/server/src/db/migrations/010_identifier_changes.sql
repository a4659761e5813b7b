-- Account security (issue 11): a changed identifier (e-mail address) waits here until the mailed
-- confirmation link is followed. Only the SHA-256 of the mailed key is stored; a key is used once
-- and expires. (Numbered 010 to leave 006-009 to other work in progress.)
CREATE TABLE identifier_changes (
  key_hash TEXT PRIMARY KEY,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT,
  -- The new values: [{ "name": "email", "value": "new@example.com" }]
  identifiers JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX identifier_changes_guid ON identifier_changes (guid);

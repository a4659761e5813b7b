-- The account area (issue 13): beneficiaries of a subscription through grant invitations, and
-- subscription cancellation with a reason and a date.

-- One row per invitation. `id` is the public handle the owner and the invitee see; the mailed
-- invitation key is stored only as its SHA-256 (`key_hash`), works once (PENDING only) and
-- expires (`expires_at`). An accepted grant lasts while its subscription does.
CREATE TABLE grants (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  owner_guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  -- Lower-cased invitee address.
  email TEXT NOT NULL,
  message TEXT,
  role_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'REMOVED', 'EXPIRED')),
  -- The account that accepted or declined.
  grantee_guid TEXT REFERENCES user_profiles (guid) ON DELETE SET NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  answered_at BIGINT
);
-- One live invitation per subscription and address: concurrent duplicate invites give one row.
CREATE UNIQUE INDEX grants_one_live_per_email ON grants (subscription_id, email)
  WHERE status IN ('PENDING', 'ACCEPTED');
CREATE INDEX grants_email ON grants (email);
CREATE INDEX grants_grantee ON grants (grantee_guid) WHERE grantee_guid IS NOT NULL;
CREATE INDEX grants_owner ON grants (owner_guid);

-- Cancellation: the subscription ends on cancel_date (its end_date becomes that day).
ALTER TABLE subscriptions ADD COLUMN cancel_date DATE;
ALTER TABLE subscriptions ADD COLUMN cancel_reason TEXT;
ALTER TABLE subscriptions ADD COLUMN cancelled_at BIGINT;

-- Product-manager properties (purchase spec §7 GET /properties/{name}).
CREATE TABLE properties (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO properties (name, value) VALUES (
  'List_Reasons_Cancel',
  'TOO_EXPENSIVE:It is too expensive;NOT_USED:I do not use it enough;CONTENT:The content does not interest me;OTHER:Another reason'
);

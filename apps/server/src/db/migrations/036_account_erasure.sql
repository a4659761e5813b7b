-- The console's accounts (issue 28): locking that remembers what it locked, and erasure.

-- ERASED: an operator erased the person's data (admin/accounts/erase.ts). The row stays because
-- orders, payments, purchases and subscriptions reference it (ON DELETE CASCADE would take the
-- financial records the law requires with it); its attributes, password, roles and identifiers are
-- gone, so no login or lookup finds it, and the address may register again.
ALTER TABLE user_profiles DROP CONSTRAINT user_profiles_state_check;
ALTER TABLE user_profiles ADD CONSTRAINT user_profiles_state_check
  CHECK (state IN ('ACTIVE', 'INACTIVE', 'LOCKED', 'ERASED'));

-- The state an operator's lock replaced (ACTIVE or INACTIVE), which unlocking gives back: a lock
-- must not activate an account whose address nobody proved. NULL (locked before this column, or by
-- the seed): unlocking makes it ACTIVE.
ALTER TABLE user_profiles ADD COLUMN state_before_lock TEXT;

-- The console's account list: newest first, paged by (created_at, guid).
CREATE INDEX user_profiles_newest ON user_profiles (created_at DESC, guid DESC);

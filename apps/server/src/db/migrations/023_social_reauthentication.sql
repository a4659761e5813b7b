-- Social re-authentication (issue 14): an account without a password proves it is still its
-- owner with a network linked to it. A link made with the account (social registration) vouches
-- at once; a link added later vouches only after a cool-down (security/social-proof.ts says why),
-- so this column records which is which. Links written before it count as added later.
ALTER TABLE social_profiles ADD COLUMN registered_with BOOLEAN NOT NULL DEFAULT false;

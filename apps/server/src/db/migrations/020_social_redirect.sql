-- Full-redirect social sign-in (issue 14: in-app browsers, blocked popups). The whole page goes to
-- the provider and comes back to the host page (`return_to`, checked against the service's allowed
-- host origins), carrying only a single-use, short-lived result id (stored hashed) that the frame
-- redeems for the step's outcome. `purpose` tells which widget part resumes it (sign-in or link).
ALTER TABLE social_authorizations ADD COLUMN return_to TEXT;
ALTER TABLE social_authorizations ADD COLUMN purpose TEXT;
ALTER TABLE social_authorizations ADD COLUMN result_hash TEXT UNIQUE;
-- The provider's refusal (access_denied …) when there is no identity to carry.
ALTER TABLE social_authorizations ADD COLUMN result_error TEXT;
ALTER TABLE social_authorizations ADD COLUMN result_expires_at BIGINT;
ALTER TABLE social_authorizations ADD COLUMN result_used_at BIGINT;

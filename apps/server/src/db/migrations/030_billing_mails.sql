-- Issue 25, the mails of billing events (billing/mails.ts).

-- A mail being sent is claimed until `mail_claimed_until` (app clock, ms): another instance leaves
-- it alone meanwhile, and a send cut short by a crash is tried again once the claim runs out.
-- `mail_attempts` counts the sends tried; a mail the mailer keeps refusing is given up after a
-- few (mailed_at is then set all the same: handled, logged as lost).
ALTER TABLE billing_events ADD COLUMN mail_claimed_until BIGINT;
ALTER TABLE billing_events ADD COLUMN mail_attempts INT NOT NULL DEFAULT 0;

-- The language the visitor ordered in (a BCP 47 tag such as 'es' or 'pt-BR', from the checkout
-- request), so the order's mails and its subscription's later ones are written in it. NULL: the
-- account's `locale` attribute, else English.
ALTER TABLE orders ADD COLUMN locale TEXT;

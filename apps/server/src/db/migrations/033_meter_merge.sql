-- One meter per reader (issue 26): the account an anonymous meter was merged into at a login. The
-- id then stays that reader's anonymous meter (views after a logout count with the account's and
-- move into it at the next login); another account logging in on that browser neither takes its
-- views nor claims it.
ALTER TABLE paywall_visitors ADD COLUMN merged_into TEXT;

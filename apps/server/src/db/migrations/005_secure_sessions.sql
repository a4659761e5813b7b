-- Secure sessions (identity spec §3, §5 secure mode): a short-lived second session issued only
-- when the visitor types the password. It belongs to its main session and ends with it.
ALTER TABLE sessions ADD COLUMN parent_id_hash TEXT REFERENCES sessions (id_hash) ON DELETE CASCADE;
CREATE INDEX sessions_parent_id_hash ON sessions (parent_id_hash);

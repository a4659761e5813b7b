-- Issue 26, the keys that sign visitor tokens (tokens/keys.ts). One key is active (retired_at NULL)
-- and signs; a retired one signs nothing more (its private half is dropped at retirement) and stays
-- published in /.well-known/jwks.json until every token it signed has expired. Times are epoch ms
-- of the app clock.
CREATE TABLE signing_keys (
  kid TEXT PRIMARY KEY,
  private_jwk JSONB,
  public_jwk JSONB NOT NULL,
  created_at BIGINT NOT NULL,
  retired_at BIGINT
);

-- At most one active key: two instances generating the first one at once keep only one.
CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys ((true)) WHERE retired_at IS NULL;

-- Realms, authentication schemes, services, templates and user profiles of the identity server.
-- Times are epoch milliseconds (BIGINT) so the server's injectable clock is the only clock.

CREATE TABLE realms (
  name TEXT PRIMARY KEY
);

CREATE TABLE authentication_schemes (
  name TEXT PRIMARY KEY,
  realm_name TEXT NOT NULL REFERENCES realms (name),
  identifiers JSONB NOT NULL,
  validators JSONB NOT NULL
);

-- Templates by kind (`login`, later `registration` …) and key (the scheme or service name).
CREATE TABLE templates (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  body JSONB NOT NULL,
  PRIMARY KEY (kind, key)
);

CREATE TABLE services (
  name TEXT PRIMARY KEY,
  realm_name TEXT NOT NULL REFERENCES realms (name),
  authentication_scheme_name TEXT NOT NULL REFERENCES authentication_schemes (name),
  display_name TEXT NOT NULL,
  required_attributes JSONB NOT NULL DEFAULT '[]',
  -- CSP host-source patterns (`http://localhost:*`) of the pages allowed to embed the frames.
  allowed_host_origins JSONB NOT NULL DEFAULT '[]',
  is_default BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX services_one_default ON services (is_default) WHERE is_default;

CREATE TABLE user_profiles (
  guid TEXT PRIMARY KEY,
  realm_name TEXT NOT NULL REFERENCES realms (name),
  state TEXT NOT NULL CHECK (state IN ('ACTIVE', 'INACTIVE', 'LOCKED')),
  password_hash TEXT NOT NULL,
  -- Attribute name -> value (identifiers such as email are attributes too).
  attributes JSONB NOT NULL DEFAULT '{}',
  roles JSONB NOT NULL DEFAULT '[]',
  created_at BIGINT NOT NULL
);

-- Identifier lookup: one row per identifier, value normalised (trimmed, lower-cased).
CREATE TABLE user_identifiers (
  realm_name TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  PRIMARY KEY (realm_name, name, value)
);

CREATE TABLE user_services (
  guid TEXT NOT NULL REFERENCES user_profiles (guid) ON DELETE CASCADE,
  service_name TEXT NOT NULL REFERENCES services (name),
  PRIMARY KEY (guid, service_name)
);

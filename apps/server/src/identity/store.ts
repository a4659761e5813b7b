/**
 * The SQL behind the identity endpoints: realms, schemes, services, templates, profiles.
 * Rows are mapped to the shapes of `@foyer/api` here, so routes never see column names.
 */
import type { Attribute, AuthenticationScheme, ServicePublic, Template, UserProfile } from '@foyer/api';
import type { Db } from '../db';
import { cachedRead } from '../db/read-cache';
import type { ServiceSettings } from '../seed-config';
import { openSettingsSecrets } from '../security/stored-secrets';
import { normalizeIdentifier } from './identifiers';

/** JSONB arrives parsed from both drivers; this guards against a string slipping through. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export async function findAuthenticationScheme(db: Db, name: string): Promise<AuthenticationScheme | null> {
  const rows = await db.query<{ name: string; realm_name: string; identifiers: unknown; validators: unknown }>(
    'SELECT name, realm_name, identifiers, validators FROM authentication_schemes WHERE name = $1',
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    realmName: row.realm_name,
    identifiers: json<string[]>(row.identifiers),
    validators: json<string[]>(row.validators),
  };
}

export async function findTemplate(db: Db, kind: 'login' | 'registration', key: string): Promise<Template | null> {
  const rows = await db.query<{ body: unknown }>('SELECT body FROM templates WHERE kind = $1 AND key = $2', [
    kind,
    key,
  ]);
  return rows[0] ? json<Template>(rows[0].body) : null;
}

export interface Service extends ServicePublic {
  allowedHostOrigins: string[];
  isDefault: boolean;
  settings: ServiceSettings;
}

interface ServiceRow {
  name: string;
  realm_name: string;
  authentication_scheme_name: string;
  display_name: string;
  required_attributes: unknown;
  allowed_host_origins: unknown;
  is_default: boolean;
  settings: unknown;
}

const SERVICE_COLUMNS =
  'name, realm_name, authentication_scheme_name, display_name, required_attributes, allowed_host_origins, is_default, settings';

function toService(row: ServiceRow): Service {
  // Opened here, once per (cached) read: the routes use the secrets as configured.
  const settings = openSettingsSecrets(json<ServiceSettings>(row.settings));
  return {
    name: row.name,
    realmName: row.realm_name,
    authenticationSchemeName: row.authentication_scheme_name,
    displayName: row.display_name,
    requiredAttributes: json<string[]>(row.required_attributes),
    allowedHostOrigins: json<string[]>(row.allowed_host_origins),
    isDefault: row.is_default,
    settings,
    requireOldPassword: settings.requireOldPassword ?? true,
    ...(settings.recaptchaSiteKey ? { recaptchaSiteKey: settings.recaptchaSiteKey } : {}),
    ...(settings.emailCodeSignIn ? { emailCodeSignIn: true } : {}),
  };
}

/** Read on every page view and API call: cached for a few seconds (db/read-cache.ts). */
export function findService(db: Db, name: string): Promise<Service | null> {
  return cachedRead(db, `service:${name}`, async () => {
    const rows = await db.query<ServiceRow>(`SELECT ${SERVICE_COLUMNS} FROM services WHERE name = $1`, [name]);
    return rows[0] ? toService(rows[0]) : null;
  });
}

/** The services that show a captcha with this reCAPTCHA site key. */
export async function findServicesByRecaptchaSiteKey(db: Db, siteKey: string): Promise<Service[]> {
  const rows = await db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE settings->>'recaptchaSiteKey' = $1 ORDER BY name`,
    [siteKey],
  );
  return rows.map(toService);
}

/** The realm's catalogue of attribute definitions (for attributes services require). */
export async function findRealmAttributes(db: Db, realmName: string): Promise<Attribute[] | null> {
  const rows = await db.query<{ attributes: unknown }>('SELECT attributes FROM realms WHERE name = $1', [realmName]);
  return rows[0] ? json<Attribute[]>(rows[0].attributes) : null;
}

/** The default service, or the first one by name when none is marked. */
export function findDefaultService(db: Db): Promise<Service | null> {
  return cachedRead(db, 'service:(default)', async () => {
    const rows = await db.query<ServiceRow>(
      `SELECT ${SERVICE_COLUMNS} FROM services ORDER BY is_default DESC, name LIMIT 1`,
    );
    return rows[0] ? toService(rows[0]) : null;
  });
}

export interface Account {
  guid: string;
  realmName: string;
  state: UserProfile['state'];
  passwordHash: string;
  attributes: Record<string, string>;
  roles: string[];
  services: string[];
  /** When the address was proven (migration 024); null: nobody has shown they read its mail. */
  addressProvenAt: number | null;
}

interface AccountRow {
  guid: string;
  realm_name: string;
  state: UserProfile['state'];
  password_hash: string;
  attributes: unknown;
  roles: unknown;
  services: unknown;
  address_proven_at: string | number | null;
}

const ACCOUNT_SELECT = `
  SELECT p.guid, p.realm_name, p.state, p.password_hash, p.attributes, p.roles, p.address_proven_at,
         COALESCE((SELECT json_agg(s.service_name ORDER BY s.service_name) FROM user_services s WHERE s.guid = p.guid), '[]') AS services
    FROM user_profiles p`;

function toAccount(row: AccountRow): Account {
  return {
    guid: row.guid,
    realmName: row.realm_name,
    state: row.state,
    passwordHash: row.password_hash,
    attributes: json<Record<string, string>>(row.attributes),
    roles: json<string[]>(row.roles),
    services: json<string[]>(row.services),
    addressProvenAt: row.address_proven_at === null ? null : Number(row.address_proven_at),
  };
}

/** An erased account (admin/accounts/erase.ts) is gone for every caller: no lookup answers it. */
export async function findAccountByGuid(db: Db, guid: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE p.guid = $1 AND p.state <> 'ERASED'`, [guid]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/**
 * The account that every given identifier points to, or null (unknown identifier, or
 * identifiers of different accounts). One query either way, so both cases cost the same.
 */
export async function findAccountByIdentifiers(
  db: Db,
  realmName: string,
  identifiers: readonly { name: string; value: string }[],
): Promise<Account | null> {
  const names = identifiers.map((identifier) => identifier.name);
  const values = identifiers.map((identifier) => normalizeIdentifier(identifier.value));
  const rows = await db.query<AccountRow>(
    `${ACCOUNT_SELECT}
      WHERE p.state <> 'ERASED' AND p.guid IN (
        SELECT i.guid FROM user_identifiers i
          JOIN unnest($2::text[], $3::text[]) AS given(name, value) ON given.name = i.name AND given.value = i.value
         WHERE i.realm_name = $1
         GROUP BY i.guid HAVING count(*) = $4)`,
    [realmName, names, values, identifiers.length],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export function toUserProfile(account: Account): UserProfile {
  return {
    guid: account.guid,
    attributes: Object.entries(account.attributes).map(([name, value]) => ({ name, value })),
    roles: account.roles,
    services: account.services,
    state: account.state,
  };
}

export function missingAttributes(account: Account, service: Service): string[] {
  return service.requiredAttributes.filter((name) => !account.attributes[name]?.trim());
}

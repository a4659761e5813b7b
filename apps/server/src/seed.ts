import { randomUUID } from 'node:crypto';
import { siteConfigOrThrow } from '@foyer/api/config';
import type { Db } from './db';
import { hashPassword } from './security/passwords';
import { normalizeIdentifier } from './identity/identifiers';
import type { SeedConfig, ServiceSettings } from './seed-config';
import { notifyConfigChanged } from './db/config-notify';
import { invalidateReads } from './db/read-cache';
import { seedCatalogue, storedCatalogue } from './widget/catalogue';
import { schedulePriceChanges, storedPlans } from './billing/price-changes';
import { checkPaywallConfig, seedPaywall } from './paywall/config';
import { seedWebhookEndpoints, webhookProblems } from './webhooks/endpoints';
import { withStoredSecrets } from './site-config/secrets';
import { storeCancellationReasons } from './site-config/cancellation-reasons';
import { sealSettingsSecrets } from './security/stored-secrets';

/** Serialises seeding between servers that start together on one PostgreSQL. */
const SEED_LOCK_ID = 7_406_002;

/**
 * What the schema cannot know: production's https-only webhooks, and the catalogue's conversion to
 * minor units (storedCatalogue). Throws before anything is written.
 */
function check(config: SeedConfig, production: boolean): void {
  for (const service of config.services) {
    const webhookErrors = webhookProblems(service.name, service.webhooks ?? [], production);
    if (webhookErrors.length) throw new Error(`Seed: ${webhookErrors.join('; ')}`);
  }
  const assignable = config.services.flatMap((service) => service.assignableRoles ?? []);
  if (config.catalogue) storedCatalogue(config.catalogue, assignable);
  if (config.paywall) checkPaywallConfig(config.paywall);
}

function settingsOf(service: SeedConfig['services'][number]): ServiceSettings {
  const settings: ServiceSettings = {
    requireOldPassword: service.requireOldPassword ?? true,
    ssoDomains: service.ssoDomains ?? [],
    assignableRoles: service.assignableRoles ?? [],
    requireActivation: service.requireActivation ?? true,
  };
  if (service.recaptchaSiteKey !== undefined) settings.recaptchaSiteKey = service.recaptchaSiteKey;
  if (service.recaptchaSecret !== undefined) settings.recaptchaSecret = service.recaptchaSecret;
  if (service.social !== undefined) settings.social = service.social;
  if (service.socialScope !== undefined) settings.socialScope = service.socialScope;
  if (service.pendingAccessDays !== undefined) settings.pendingAccessDays = service.pendingAccessDays;
  if (service.siteUrl !== undefined) settings.siteUrl = service.siteUrl;
  if (service.emailCodeSignIn !== undefined) settings.emailCodeSignIn = service.emailCodeSignIn;
  if (service.mailTexts !== undefined) settings.mailTexts = service.mailTexts;
  if (service.passkeySignUp !== undefined) settings.passkeySignUp = service.passkeySignUp;
  if (service.requireSecondFactor !== undefined) settings.requireSecondFactor = service.requireSecondFactor;
  return settings;
}

/** The origins a service allows: its devHostOrigins only outside production. */
export function hostOriginsOf(service: SeedConfig['services'][number], production: boolean): string[] {
  return production ? service.allowedHostOrigins : [...service.allowedHostOrigins, ...(service.devHostOrigins ?? [])];
}

/**
 * Applies a configuration (the file's, or seed-config.ts's); safe to run on every start (see
 * seed-config.ts for what is updated and what is only created). Validated by the schema first
 * (InvalidConfig with path messages), then written in ONE transaction under an advisory lock, so
 * nothing is half-applied and instances starting together apply it one after the other. Inside a
 * caller's transaction (`db` a transaction's, as the dry run does) it joins that one. Returns the
 * number of accounts created now.
 */
export async function seed(
  db: Db,
  input: SeedConfig,
  now: number = Date.now(),
  options: { production?: boolean } = {},
): Promise<number> {
  const valid = siteConfigOrThrow(input);
  // Hash before the transaction: argon2 takes tens of milliseconds per account.
  const pending: { account: SeedConfig['accounts'][number]; passwordHash: string }[] = [];
  for (const account of valid.accounts) {
    const [name, value] = Object.entries(account.identifiers)[0] ?? [];
    if (!name || value === undefined) throw new Error('Seed: every account needs an identifier');
    const existing = await db.query(
      'SELECT 1 FROM user_identifiers WHERE realm_name = $1 AND name = $2 AND value = $3',
      [account.realmName, name, normalizeIdentifier(value)],
    );
    if (existing.length === 0) pending.push({ account, passwordHash: await hashPassword(account.password) });
  }
  const created = await db.transaction(async (tx) => {
    // exec: an instance starting beside another waits for its seed as long as it takes (no
    // statement timeout for this start-up transaction, db/postgres.ts).
    await tx.exec(`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    // Secrets the file leaves as SECRET_UNCHANGED keep their stored value.
    const config = await withStoredSecrets(tx, valid);
    check(config, options.production ?? false);
    for (const realm of config.realms) {
      await tx.query(
        'INSERT INTO realms (name, attributes) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET attributes = $2',
        [realm.name, JSON.stringify(realm.attributes ?? [])],
      );
    }
    for (const scheme of config.authenticationSchemes) {
      await tx.query(
        `INSERT INTO authentication_schemes (name, realm_name, identifiers, validators) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET realm_name = $2, identifiers = $3, validators = $4`,
        [scheme.name, scheme.realmName, JSON.stringify(scheme.identifiers), JSON.stringify(scheme.validators)],
      );
      await tx.query(
        `INSERT INTO templates (kind, key, body) VALUES ('login', $1, $2)
         ON CONFLICT (kind, key) DO UPDATE SET body = $2`,
        [scheme.name, JSON.stringify(scheme.loginTemplate)],
      );
      if (scheme.registrationTemplate) {
        await tx.query(
          `INSERT INTO templates (kind, key, body) VALUES ('registration', $1, $2)
           ON CONFLICT (kind, key) DO UPDATE SET body = $2`,
          [scheme.name, JSON.stringify(scheme.registrationTemplate)],
        );
      } else {
        await tx.query(`DELETE FROM templates WHERE kind = 'registration' AND key = $1`, [scheme.name]);
      }
    }
    // Clear the old default first so the partial unique index never sees two.
    if (config.services.some((service) => service.default)) await tx.query('UPDATE services SET is_default = FALSE');
    for (const service of config.services) {
      await tx.query(
        `INSERT INTO services (name, realm_name, authentication_scheme_name, display_name, required_attributes, allowed_host_origins, is_default, settings)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (name) DO UPDATE SET realm_name = $2, authentication_scheme_name = $3, display_name = $4,
           required_attributes = $5, allowed_host_origins = $6, is_default = $7, settings = $8`,
        [
          service.name,
          service.realmName,
          service.authenticationSchemeName,
          service.displayName,
          JSON.stringify(service.requiredAttributes),
          JSON.stringify(hostOriginsOf(service, options.production ?? false)),
          service.default ?? false,
          JSON.stringify(sealSettingsSecrets(settingsOf(service))),
        ],
      );
      await seedWebhookEndpoints(tx, service.name, service.webhooks ?? [], now);
    }
    if (config.catalogue) {
      const before = await storedPlans(tx);
      await seedCatalogue(tx, config.catalogue);
      // A changed price reaches live subscriptions after its notice (billing/price-changes.ts).
      await schedulePriceChanges(tx, before, storedCatalogue(config.catalogue), now);
    }
    if (config.paywall) await seedPaywall(tx, config.paywall);
    if (config.cancellationReasons) await storeCancellationReasons(tx, config.cancellationReasons);
    let created = 0;
    for (const { account, passwordHash } of pending) {
      const guid = randomUUID();
      const identifiers = Object.entries(account.identifiers);
      // Identifiers are attributes too (the profile shows the e-mail address).
      const attributes = { ...Object.fromEntries(identifiers.map(([k, v]) => [k, v.trim()])), ...account.attributes };
      const [first, value] = identifiers[0]!;
      // Another server may have seeded it since our check (we hold the seed lock now).
      const exists = await tx.query(
        'SELECT 1 FROM user_identifiers WHERE realm_name = $1 AND name = $2 AND value = $3',
        [account.realmName, first, normalizeIdentifier(value)],
      );
      if (exists.length > 0) continue;
      await tx.query(
        `INSERT INTO user_profiles (guid, realm_name, state, password_hash, attributes, roles, created_at, address_proven_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          guid,
          account.realmName,
          account.state,
          passwordHash,
          JSON.stringify(attributes),
          JSON.stringify(account.roles),
          now,
          // Configured accounts: the operator vouches for an ACTIVE one's address.
          account.state === 'ACTIVE' ? now : null,
        ],
      );
      for (const [name, value] of identifiers) {
        await tx.query('INSERT INTO user_identifiers (realm_name, name, value, guid) VALUES ($1, $2, $3, $4)', [
          account.realmName,
          name,
          normalizeIdentifier(value),
          guid,
        ]);
      }
      for (const service of account.services) {
        await tx.query('INSERT INTO user_services (guid, service_name) VALUES ($1, $2)', [guid, service]);
      }
      created += 1;
    }
    // Every instance on this PostgreSQL drops its read cache at commit (db/config-notify.ts): the
    // CLI's import, the admin API's writes and a rolling deploy's new file alike.
    await notifyConfigChanged(tx, String(now));
    return created;
  });
  // Services and the catalogue are cached for page views (db/read-cache.ts): show the seed's now.
  invalidateReads();
  return created;
}

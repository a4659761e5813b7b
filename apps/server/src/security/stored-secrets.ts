/**
 * Where the server stores secrets, and the one sealing and opening of each (security/secret-box.ts):
 *   - services.settings (JSONB): `recaptchaSecret` and each social network's `clientSecret`;
 *   - webhook_endpoints.secret; disqus_sites.secret_key;
 *   - signing_keys.private_jwk (JSONB holding the sealed JWK as a JSON string).
 * Writers seal through these helpers, readers open through them, and `secrets reencrypt` walks the
 * same list, so a secret added to the configuration is added here once.
 */
import type { JWK } from 'jose';
import type { Db } from '../db';
import type { ServiceSettings } from '../seed-config';
import { isSealed, openSecret, resealSecret, sealSecret, sealedWithCurrentKey } from './secret-box';

type Transform = (value: string) => string;

/** The settings with `transform` applied to each secret in them (a copy). */
function mapSettingsSecrets(settings: ServiceSettings, transform: Transform): ServiceSettings {
  const copy = { ...settings };
  if (copy.recaptchaSecret !== undefined) copy.recaptchaSecret = transform(copy.recaptchaSecret);
  if (copy.social) {
    copy.social = Object.fromEntries(
      Object.entries(copy.social).map(([network, value]) => [
        network,
        value && { ...value, clientSecret: transform(value.clientSecret) },
      ]),
    );
  }
  return copy;
}

/** A service's settings as written to services.settings: its secrets sealed. */
export const sealSettingsSecrets = (settings: ServiceSettings): ServiceSettings =>
  mapSettingsSecrets(settings, (value) => sealSecret(value));

/** A service's settings as read from services.settings: its secrets opened. */
export const openSettingsSecrets = (settings: ServiceSettings): ServiceSettings =>
  mapSettingsSecrets(settings, (value) => openSecret(value));

/** node-postgres parses JSONB; PGlite may hand it back as text. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** signing_keys.private_jwk as written: the JWK sealed, as a JSON string. */
export function sealPrivateJwk(jwk: JWK): string {
  return JSON.stringify(sealSecret(JSON.stringify(jwk)));
}

/** signing_keys.private_jwk as read (either driver): the sealed JWK, or a legacy plaintext object. */
export function openPrivateJwk(value: unknown): JWK {
  // PGlite may give the JSONB's text (`"enc:…"` or `{…}`); node-postgres the parsed string or object.
  const parsed = typeof value === 'string' && !isSealed(value) ? (JSON.parse(value) as unknown) : value;
  return typeof parsed === 'string' ? (JSON.parse(openSecret(parsed)) as JWK) : (parsed as JWK);
}

/** How many stored secrets of each place `secrets reencrypt` rewrote. */
export type ReencryptCounts = Record<'services' | 'webhook_endpoints' | 'disqus_sites' | 'signing_keys', number>;

/**
 * Rewrites every stored secret sealed with the current key (FOYER_SECRETS_KEY), in one transaction:
 * after a rotation (the old key in FOYER_SECRETS_KEY_PREVIOUS), or to seal legacy plaintext values.
 * Values already under the current key are left as they are. A value no key opens stops it all.
 */
export function reencryptStoredSecrets(db: Db): Promise<ReencryptCounts> {
  return db.transaction(async (tx) => {
    const counts: ReencryptCounts = { services: 0, webhook_endpoints: 0, disqus_sites: 0, signing_keys: 0 };
    const stale = (value: string) => !sealedWithCurrentKey(value);
    for (const row of await tx.query<{ name: string; settings: unknown }>('SELECT name, settings FROM services')) {
      const settings = json<ServiceSettings>(row.settings);
      let changed = 0;
      const resealed = mapSettingsSecrets(settings, (value) =>
        stale(value) ? (changed++, resealSecret(value)) : value,
      );
      if (!changed) continue;
      await tx.query('UPDATE services SET settings = $2 WHERE name = $1', [row.name, JSON.stringify(resealed)]);
      counts.services += changed;
    }
    for (const row of await tx.query<{ id: string; secret: string }>('SELECT id, secret FROM webhook_endpoints')) {
      if (!stale(row.secret)) continue;
      await tx.query('UPDATE webhook_endpoints SET secret = $2 WHERE id = $1', [row.id, resealSecret(row.secret)]);
      counts.webhook_endpoints++;
    }
    for (const row of await tx.query<{ site: string; secret_key: string }>(
      'SELECT site, secret_key FROM disqus_sites',
    )) {
      if (!stale(row.secret_key)) continue;
      await tx.query('UPDATE disqus_sites SET secret_key = $2 WHERE site = $1', [
        row.site,
        resealSecret(row.secret_key),
      ]);
      counts.disqus_sites++;
    }
    const keys = await tx.query<{ kid: string; private_jwk: unknown }>(
      'SELECT kid, private_jwk FROM signing_keys WHERE private_jwk IS NOT NULL',
    );
    for (const row of keys) {
      const raw = row.private_jwk;
      const sealed = typeof raw === 'string' && !isSealed(raw) ? (JSON.parse(raw) as unknown) : raw;
      if (typeof sealed === 'string' && !stale(sealed)) continue;
      await tx.query('UPDATE signing_keys SET private_jwk = $2 WHERE kid = $1', [
        row.kid,
        sealPrivateJwk(openPrivateJwk(raw)),
      ]);
      counts.signing_keys++;
    }
    return counts;
  });
}

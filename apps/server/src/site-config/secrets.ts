/**
 * Secrets in the configuration: `config export` writes SECRET_UNCHANGED in their place (they are
 * never read back), and applying a configuration takes such a marker as "keep the stored secret".
 * The places secrets live are listed once here, for both directions.
 */
import { InvalidConfig, SECRET_UNCHANGED, formatConfigPath, type SiteConfig } from '@foyer/api/config';
import type { Db } from '../db';
import { openSecret } from '../security/secret-box';
import { openSettingsSecrets } from '../security/stored-secrets';

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A copy of `config` with every secret replaced by SECRET_UNCHANGED (for export). */
export function withoutSecrets<T extends Pick<SiteConfig, 'services' | 'paywall'>>(config: T): T {
  return {
    ...config,
    services: config.services.map((service) => {
      const copy = { ...service };
      if (copy.recaptchaSecret !== undefined) copy.recaptchaSecret = SECRET_UNCHANGED;
      if (copy.social) {
        copy.social = Object.fromEntries(
          Object.entries(copy.social).map(([network, settings]) => [
            network,
            settings && { ...settings, clientSecret: SECRET_UNCHANGED },
          ]),
        );
      }
      if (copy.webhooks) copy.webhooks = copy.webhooks.map((hook) => ({ ...hook, secret: SECRET_UNCHANGED }));
      return copy;
    }),
    ...(config.paywall && {
      paywall: {
        services: config.paywall.services.map((service) => ({
          ...service,
          ...(service.disqusSites && {
            disqusSites: service.disqusSites.map((site) => ({ ...site, secretKey: SECRET_UNCHANGED })),
          }),
        })),
      },
    }),
  };
}

/** A stored secret opened (undefined: nothing stored). */
const opened = (stored: string | undefined) => (stored === undefined ? undefined : openSecret(stored));

type Keep = (stored: string | undefined, path: PropertyKey[]) => string;
type ServiceConfig = SiteConfig['services'][number];

/** One service with its markers replaced by the stored secrets. */
async function withStoredServiceSecrets(tx: Db, service: ServiceConfig, i: number, keep: Keep): Promise<ServiceConfig> {
  const copy = { ...service };
  const rows = await tx.query<{ settings: unknown }>('SELECT settings FROM services WHERE name = $1', [service.name]);
  // Opened: the configuration carries plain secrets, sealed again when it is written.
  const stored = json<ServiceConfig | null>(rows[0]?.settings ?? null);
  const settings = stored && openSettingsSecrets(stored);
  if (copy.recaptchaSecret === SECRET_UNCHANGED)
    copy.recaptchaSecret = keep(settings?.recaptchaSecret, ['services', i, 'recaptchaSecret']);
  if (copy.social) {
    const stored = settings?.social ?? {};
    copy.social = Object.fromEntries(
      Object.entries(copy.social).map(([network, value]) => [
        network,
        value?.clientSecret === SECRET_UNCHANGED
          ? {
              ...value,
              clientSecret: keep(stored[network as keyof typeof stored]?.clientSecret, [
                'services',
                i,
                'social',
                network,
                'clientSecret',
              ]),
            }
          : value,
      ]),
    );
  }
  if (copy.webhooks?.some((hook) => hook.secret === SECRET_UNCHANGED)) {
    const stored = await tx.query<{ url: string; secret: string }>(
      'SELECT url, secret FROM webhook_endpoints WHERE service_name = $1',
      [service.name],
    );
    copy.webhooks = copy.webhooks.map((hook, j) =>
      hook.secret === SECRET_UNCHANGED
        ? {
            ...hook,
            secret: keep(opened(stored.find((row) => row.url === hook.url)?.secret), [
              'services',
              i,
              'webhooks',
              j,
              'secret',
            ]),
          }
        : hook,
    );
  }
  return copy;
}

/**
 * `config` with each SECRET_UNCHANGED replaced by the secret stored for the same thing (inside the
 * applying transaction). A marker with nothing stored is refused with its path.
 */
export async function withStoredSecrets(tx: Db, config: SiteConfig): Promise<SiteConfig> {
  const missing: string[] = [];
  const keep: Keep = (stored, path) => {
    if (stored === undefined)
      missing.push(`${formatConfigPath(path, config)}: ${SECRET_UNCHANGED} but no secret is stored`);
    return stored ?? SECRET_UNCHANGED;
  };
  // One at a time: the queries share the transaction's one connection.
  const services: ServiceConfig[] = [];
  for (const [i, service] of config.services.entries())
    services.push(await withStoredServiceSecrets(tx, service, i, keep));
  const resolved: SiteConfig = { ...config, services };
  if (config.paywall) {
    const sites = await tx.query<{ site: string; secret_key: string }>('SELECT site, secret_key FROM disqus_sites');
    resolved.paywall = {
      services: config.paywall.services.map((service, i) => ({
        ...service,
        ...(service.disqusSites && {
          disqusSites: service.disqusSites.map((site, j) =>
            site.secretKey === SECRET_UNCHANGED
              ? {
                  ...site,
                  secretKey: keep(opened(sites.find((row) => row.site === site.site)?.secret_key), [
                    'paywall',
                    'services',
                    i,
                    'disqusSites',
                    j,
                    'secretKey',
                  ]),
                }
              : site,
          ),
        }),
      })),
    };
  }
  if (missing.length) throw new InvalidConfig(missing);
  return resolved;
}

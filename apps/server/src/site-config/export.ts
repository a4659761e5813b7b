/**
 * The configuration as stored, read back into the schema's shape: the inverse of seed.ts, what
 * `config export` prints and what the dry run compares. Secrets are replaced by SECRET_UNCHANGED;
 * seeded accounts are users, not configuration, and are left out. Lists come in a fixed order
 * (by name, the paywall's segments by position) so two exports of the same data are equal.
 */
import { fromMinorUnits } from '@foyer/api';
import { serviceSettingsSchema, type SiteConfig } from '@foyer/api/config';
import type { Db } from '../db';
import type { StoredProduct } from '../widget/catalogue';
import { readCancellationReasons } from './cancellation-reasons';
import { withoutSecrets } from './secrets';

/** What an export holds: the configuration without accounts. */
export type ExportedConfig = Omit<SiteConfig, 'accounts'>;

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Drops the keys whose value is undefined, false for an optional flag, or an empty list, so exports stay short. */
function compact<T extends object>(value: T, drop: readonly string[] = []): T {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([key, item]) =>
        item !== undefined && !(drop.includes(key) && (item === false || (Array.isArray(item) && item.length === 0))),
    ),
  ) as T;
}

const SETTING_KEYS = Object.keys(serviceSettingsSchema.shape) as (keyof typeof serviceSettingsSchema.shape)[];

export async function exportConfig(db: Db): Promise<ExportedConfig> {
  const realms = await db.query<{ name: string; attributes: unknown }>(
    'SELECT name, attributes FROM realms ORDER BY name',
  );
  const schemes = await db.query<{ name: string; realm_name: string; identifiers: unknown; validators: unknown }>(
    'SELECT name, realm_name, identifiers, validators FROM authentication_schemes ORDER BY name',
  );
  const templates = await db.query<{ kind: string; key: string; body: unknown }>(
    `SELECT kind, key, body FROM templates WHERE kind IN ('login', 'registration')`,
  );
  const template = (kind: string, key: string) => {
    const row = templates.find((item) => item.kind === kind && item.key === key);
    return row ? json<SiteConfig['authenticationSchemes'][number]['loginTemplate']>(row.body) : undefined;
  };
  const services = await db.query<{
    name: string;
    realm_name: string;
    authentication_scheme_name: string;
    display_name: string;
    required_attributes: unknown;
    allowed_host_origins: unknown;
    is_default: boolean;
    settings: unknown;
  }>(
    `SELECT name, realm_name, authentication_scheme_name, display_name, required_attributes, allowed_host_origins,
            is_default, settings FROM services ORDER BY name`,
  );
  const hooks = await db.query<{ service_name: string; url: string; events: unknown; secret: string }>(
    'SELECT service_name, url, events, secret FROM webhook_endpoints WHERE enabled ORDER BY url',
  );
  const products = await db.query<{ body: unknown }>('SELECT body FROM catalogue_products ORDER BY name');
  const groups = await db.query<{ name: string; display_name: string; product_names: unknown; recommended: unknown }>(
    'SELECT name, display_name, product_names, recommended FROM product_groups ORDER BY name',
  );
  const segments = await db.query<{
    service_name: string;
    name: string;
    sections: unknown;
    tags: unknown;
    entitled_products: unknown;
    meter: unknown;
  }>(
    'SELECT service_name, name, sections, tags, entitled_products, meter FROM paywall_segments ORDER BY service_name, position',
  );
  const paywallTemplates = await db.query<{
    service_name: string;
    kind: 'paywall' | 'notifier';
    display_on: 'both' | 'login' | 'entitlement' | 'meter';
    segment: string;
    locale: string;
    content: string;
    modal: boolean;
  }>(
    `SELECT service_name, kind, display_on, segment, locale, content, modal FROM paywall_templates
     ORDER BY service_name, kind, display_on, segment, locale`,
  );
  const sites = await db.query<{ site: string; service_name: string; public_key: string; secret_key: string }>(
    'SELECT site, service_name, public_key, secret_key FROM disqus_sites ORDER BY site',
  );

  const config: ExportedConfig = {
    realms: realms.map((row) => compact({ name: row.name, attributes: json<never[]>(row.attributes) }, ['attributes'])),
    authenticationSchemes: schemes.map((row) =>
      compact({
        name: row.name,
        realmName: row.realm_name,
        identifiers: json<string[]>(row.identifiers),
        validators: json<string[]>(row.validators),
        loginTemplate: template('login', row.name) ?? { identifiers: [], validators: [], attributes: [] },
        registrationTemplate: template('registration', row.name),
      }),
    ),
    services: services.map((row) => {
      const stored = json<Record<string, unknown>>(row.settings) ?? {};
      const settings = Object.fromEntries(SETTING_KEYS.filter((key) => key in stored).map((key) => [key, stored[key]]));
      const webhooks = hooks
        .filter((hook) => hook.service_name === row.name)
        .map((hook) => {
          const events = json<string[]>(hook.events);
          return {
            url: hook.url,
            events: events.includes('*') ? ('*' as const) : (events as never[]),
            secret: hook.secret,
          };
        });
      return compact(
        {
          name: row.name,
          realmName: row.realm_name,
          authenticationSchemeName: row.authentication_scheme_name,
          displayName: row.display_name,
          requiredAttributes: json<string[]>(row.required_attributes),
          allowedHostOrigins: json<string[]>(row.allowed_host_origins),
          default: row.is_default,
          ...settings,
          webhooks,
        },
        ['default', 'webhooks'],
      );
    }),
  };
  if (products.length || groups.length) {
    config.catalogue = {
      products: products.map((row) => {
        const { plans, ...product } = json<StoredProduct>(row.body);
        return {
          ...product,
          plans: plans.map(({ finalPriceMinor, trialPriceMinor, ...plan }) =>
            compact({
              ...plan,
              finalPrice: fromMinorUnits(finalPriceMinor, plan.currency),
              trialPrice: trialPriceMinor === undefined ? undefined : fromMinorUnits(trialPriceMinor, plan.currency),
            }),
          ),
        };
      }),
      groups: groups.map((row) =>
        compact(
          {
            name: row.name,
            displayName: row.display_name,
            products: json<string[]>(row.product_names),
            recommended: json<string[]>(row.recommended),
          },
          ['recommended'],
        ),
      ),
    };
  }
  const paywallServices = [
    ...new Set([...segments, ...paywallTemplates, ...sites].map((row) => row.service_name)),
  ].sort();
  if (paywallServices.length) {
    config.paywall = {
      services: paywallServices.map((serviceName) =>
        compact(
          {
            serviceName,
            segments: segments
              .filter((row) => row.service_name === serviceName)
              .map((row) =>
                compact(
                  {
                    name: row.name,
                    sections: json<string[]>(row.sections),
                    tags: json<string[]>(row.tags),
                    entitledProducts: json<string[]>(row.entitled_products),
                    meter:
                      json<NonNullable<SiteConfig['paywall']>['services'][number]['segments'][number]['meter'] | null>(
                        row.meter,
                      ) ?? undefined,
                  },
                  ['sections', 'tags', 'entitledProducts'],
                ),
              ),
            templates: paywallTemplates
              .filter((row) => row.service_name === serviceName)
              .map((row) =>
                compact(
                  {
                    kind: row.kind,
                    displayOn: row.display_on,
                    segment: row.segment || undefined,
                    locale: row.locale || undefined,
                    content: row.content,
                    modal: row.modal,
                  },
                  ['modal'],
                ),
              ),
            disqusSites: sites
              .filter((row) => row.service_name === serviceName)
              .map((row) => ({ site: row.site, publicKey: row.public_key, secretKey: row.secret_key })),
          },
          ['disqusSites'],
        ),
      ),
    };
  }
  const reasons = await readCancellationReasons(db);
  if (reasons.length) config.cancellationReasons = reasons;
  return withoutSecrets(config);
}

/**
 * The site owner's paywall configuration (seed-config.ts `paywall`): segments with their meters
 * and entitling products, the templates, and the Disqus sites of the comment-system bridge.
 * Seeding replaces a service's segments and templates with the configured ones.
 */
import type { PaywallConfig } from '@foyer/api/config';
import type { Db } from '../db';
import { sealSecret } from '../security/secret-box';

/** The paywall's configuration: one definition, the configuration schema's. */
export type {
  DisqusSiteConfig,
  MeterConfig,
  PaywallConfig,
  PaywallTemplateConfig as TemplateConfig,
  SegmentConfig,
} from '@foyer/api/config';

const LABEL = /^[\w.:-]{1,100}$/;

export function checkPaywallConfig(config: PaywallConfig): void {
  for (const service of config.services) {
    for (const segment of service.segments) {
      const labels = [segment.name, ...(segment.sections ?? []), ...(segment.tags ?? [])];
      if (labels.some((label) => !LABEL.test(label)))
        throw new Error(`Seed: paywall segment ${segment.name} of ${service.serviceName} has an invalid name or label`);
      const meter = segment.meter;
      const counts = [meter?.anonymous, meter?.loggedIn].filter((value) => value !== undefined);
      if (meter && (!(meter.periodDays > 0) || counts.some((value) => !Number.isInteger(value) || value! < 0)))
        throw new Error(`Seed: the meter of paywall segment ${segment.name} is invalid`);
    }
  }
}

/** Writes the configured segments, templates and Disqus sites (inside the seed's transaction). */
export async function seedPaywall(tx: Db, config: PaywallConfig): Promise<void> {
  for (const service of config.services) {
    await tx.query('DELETE FROM paywall_segments WHERE service_name = $1', [service.serviceName]);
    await tx.query('DELETE FROM paywall_templates WHERE service_name = $1', [service.serviceName]);
    for (const [position, segment] of service.segments.entries()) {
      await tx.query(
        `INSERT INTO paywall_segments (service_name, name, position, sections, tags, entitled_products, meter)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          service.serviceName,
          segment.name,
          position,
          JSON.stringify(segment.sections ?? []),
          JSON.stringify(segment.tags ?? []),
          JSON.stringify(segment.entitledProducts ?? []),
          segment.meter ? JSON.stringify(segment.meter) : null,
        ],
      );
    }
    for (const template of service.templates) {
      await tx.query(
        `INSERT INTO paywall_templates (service_name, kind, display_on, segment, content, modal, locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (service_name, kind, display_on, segment, locale) DO UPDATE SET content = $5, modal = $6`,
        [
          service.serviceName,
          template.kind,
          template.displayOn,
          template.segment ?? '',
          template.content,
          template.modal ?? false,
          template.locale ?? '',
        ],
      );
    }
    for (const site of service.disqusSites ?? []) {
      await tx.query(
        `INSERT INTO disqus_sites (site, service_name, public_key, secret_key) VALUES ($1, $2, $3, $4)
         ON CONFLICT (site) DO UPDATE SET service_name = $2, public_key = $3, secret_key = $4`,
        [site.site, service.serviceName, site.publicKey, sealSecret(site.secretKey)],
      );
    }
  }
}

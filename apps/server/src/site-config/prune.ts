/**
 * What applying a configuration deletes. Applying updates and adds; with `prune` (the CLI's
 * `config import --prune`, the admin API's `?prune=true`) it also deletes the catalogue's products and groups and the paywall's
 * segments and templates of services the file no longer names, in the same transaction (so the
 * dry run's diff shows them). A plan that disappears — dropped from its product, or with its
 * pruned product — is refused while subscriptions to it are live, with its path.
 */
import { InvalidConfig, type SiteConfig } from '@foyer/api/config';
import type { Db } from '../db';
import type { ExportedConfig } from './export';

/** Subscriptions that still renew or entitle (a CANCELLED one runs to its cancel date). */
const LIVE_STATUSES = ['ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE', 'CANCELLED'];

interface RemovedPlan {
  product: string;
  plan: string;
}

/** The stored plans that applying `config` removes. */
export function removedPlans(before: ExportedConfig, config: SiteConfig, prune: boolean): RemovedPlan[] {
  if (!config.catalogue) return [];
  const wanted = new Map(config.catalogue.products.map((product) => [product.name, product]));
  return (before.catalogue?.products ?? []).flatMap((stored) => {
    const kept = wanted.get(stored.name);
    if (!kept && !prune) return [];
    const keptIds = new Set((kept?.plans ?? []).map((plan) => plan.id));
    return stored.plans
      .filter((plan) => !keptIds.has(plan.id))
      .map((plan) => ({ product: stored.name, plan: plan.id }));
  });
}

/** Throws InvalidConfig naming each removed plan that live subscriptions still use. */
export async function refuseRemovingLivePlans(tx: Db, removed: readonly RemovedPlan[]): Promise<void> {
  if (!removed.length) return;
  const rows = await tx.query<{ product_name: string; plan_id: string; count: string | number }>(
    `SELECT product_name, plan_id, count(*) AS count FROM subscriptions
      WHERE plan_id = ANY($1::text[]) AND status = ANY($2::text[])
      GROUP BY product_name, plan_id`,
    [removed.map((entry) => entry.plan), LIVE_STATUSES],
  );
  const live = new Map(rows.map((row) => [`${row.product_name}\n${row.plan_id}`, Number(row.count)]));
  const errors = removed.flatMap(({ product, plan }) => {
    const count = live.get(`${product}\n${plan}`);
    return count
      ? [
          `catalogue.products[${product}].plans[${plan}]: ${count} live subscription${count === 1 ? '' : 's'}; keep the plan (hide it) until they end`,
        ]
      : [];
  });
  if (errors.length) throw new InvalidConfig(errors);
}

/** Deletes what `config`'s sections no longer name (only sections the file has). */
export async function pruneUnlisted(tx: Db, config: SiteConfig): Promise<void> {
  if (config.catalogue) {
    await tx.query('DELETE FROM product_groups WHERE NOT (name = ANY($1::text[]))', [
      config.catalogue.groups.map((group) => group.name),
    ]);
    await tx.query('DELETE FROM catalogue_products WHERE NOT (name = ANY($1::text[]))', [
      config.catalogue.products.map((product) => product.name),
    ]);
  }
  if (config.paywall) {
    const services = config.paywall.services.map((service) => service.serviceName);
    for (const table of ['paywall_segments', 'paywall_templates', 'disqus_sites'])
      await tx.query(`DELETE FROM ${table} WHERE NOT (service_name = ANY($1::text[]))`, [services]);
  }
}

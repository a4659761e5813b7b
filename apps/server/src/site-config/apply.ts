/**
 * Applying a configuration, one way for every writer (the CLI's `config import`, the admin API):
 * in one transaction, the stored configuration read before and after the seed (secrets masked),
 * their difference, the audit row of the write, and — for a dry run — everything rolled back.
 */
import { InvalidConfig, type SiteConfig } from '@foyer/api/config';
import { recordAudit, type AuditWrite } from '../admin/audit';
import type { Db } from '../db';
import { seed } from '../seed';
import { exportConfig, type ExportedConfig } from './export';
import { diffLines, renderConfig } from './file';
import { pruneUnlisted, refuseRemovingLivePlans, removedPlans } from './prune';

export interface ConfigChange {
  before: ExportedConfig;
  after: ExportedConfig;
  /** `-`/`+` lines of the YAML export, with context; empty when nothing changed. */
  diff: string[];
}

export interface ApplyOptions {
  /** As a production server applies it (no devHostOrigins). */
  production: boolean;
  /** Answers the change without keeping it. */
  dryRun?: boolean;
  /** Also deletes what the configuration's sections no longer name (site-config/prune.ts). */
  prune?: boolean;
  /** Recorded with the change (not for a dry run); `target` names what was written ('config', a section). */
  audit?: Omit<AuditWrite, 'before' | 'after'>;
}

/** Thrown to roll the dry run's transaction back once the result is read. */
class DryRun extends Error {
  constructor(readonly change: ConfigChange) {
    super('dry run');
  }
}

/** The part of a configuration an audit row of `target` keeps: a section, or the whole. */
function part(config: ExportedConfig, target: string): unknown {
  return target === 'config' ? config : (config as Record<string, unknown>)[target];
}

/** Applies `config`; throws InvalidConfig (with path messages) when the seed refuses it. */
export async function applyConfig(
  db: Db,
  config: SiteConfig,
  now: number,
  options: ApplyOptions,
): Promise<ConfigChange> {
  try {
    return await db.transaction(async (tx) => {
      const before = await exportConfig(tx);
      // A plan live subscriptions use is never removed, pruned or dropped from its product.
      await refuseRemovingLivePlans(tx, removedPlans(before, config, options.prune ?? false));
      await seed(tx, config, now, { production: options.production });
      if (options.prune) await pruneUnlisted(tx, config);
      const after = await exportConfig(tx);
      const change = { before, after, diff: diffLines(renderConfig(before, 'yaml'), renderConfig(after, 'yaml')) };
      if (options.dryRun) throw new DryRun(change);
      if (options.audit) {
        const { target } = options.audit;
        await recordAudit(tx, { ...options.audit, before: part(before, target), after: part(after, target) }, now);
      }
      return change;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.change;
    throw error;
  }
}

export { InvalidConfig };

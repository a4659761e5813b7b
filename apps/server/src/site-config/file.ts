/**
 * The configuration file (FOYER_CONFIG_FILE, `config validate|import <file>`): JSON or YAML (the
 * `yaml` parser reads both), validated by the schema; its refusals name the file and the paths.
 */
import { readFile } from 'node:fs/promises';
import { InvalidConfig, siteConfigOrThrow, type SiteConfig } from '@foyer/api/config';
import YAML from 'yaml';

/** Reads and validates a configuration file; throws InvalidConfig (path messages) or the read error. */
export async function readConfigFile(path: string): Promise<SiteConfig> {
  const text = await readFile(path, 'utf8');
  let data: unknown;
  try {
    data = YAML.parse(text, { prettyErrors: true });
  } catch (error) {
    throw new InvalidConfig([`not JSON or YAML: ${error instanceof Error ? error.message : String(error)}`], path);
  }
  return siteConfigOrThrow(data ?? {}, path);
}

export type ConfigFormat = 'yaml' | 'json';

export function renderConfig(config: unknown, format: ConfigFormat): string {
  return format === 'json' ? `${JSON.stringify(config, null, 2)}\n` : YAML.stringify(config, { lineWidth: 0 });
}

function byKey<T>(key: (item: T) => string, base: readonly T[], over: readonly T[]): T[] {
  const replaced = new Set(over.map(key));
  return [...base.filter((item) => !replaced.has(key(item))), ...over];
}

/**
 * `over` (the owner's file) laid over `base` (the demo data): items of a list with the same name
 * are the file's, the rest of both are kept. The file's default service, if any, is the default.
 */
export function mergeConfigs(base: SiteConfig, over: SiteConfig): SiteConfig {
  const name = (item: { name: string }) => item.name;
  const overDefault = over.services.some((service) => service.default);
  const baseServices = overDefault ? base.services.map((service) => ({ ...service, default: false })) : base.services;
  const merged: SiteConfig = {
    realms: byKey(name, base.realms, over.realms),
    authenticationSchemes: byKey(name, base.authenticationSchemes, over.authenticationSchemes),
    services: byKey(name, baseServices, over.services),
    accounts: [...base.accounts, ...over.accounts],
  };
  if (base.catalogue || over.catalogue) {
    merged.catalogue = {
      products: byKey(name, base.catalogue?.products ?? [], over.catalogue?.products ?? []),
      groups: byKey(name, base.catalogue?.groups ?? [], over.catalogue?.groups ?? []),
    };
  }
  if (base.paywall || over.paywall) {
    merged.paywall = {
      services: byKey((service) => service.serviceName, base.paywall?.services ?? [], over.paywall?.services ?? []),
    };
  }
  return merged;
}

/**
 * A line diff of two renderings (the export before and after an import): changed lines with `-`
 * and `+`, two lines of context, `@@ line N` before each hunk. Empty when they are equal.
 */
export function diffLines(before: string, after: string, context = 2): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence table (configurations are a few thousand lines at most).
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { op: ' ' | '-' | '+'; line: string; at: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ op: ' ', line: a[i++]!, at: j++ });
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
      ops.push({ op: '-', line: a[i++]!, at: j });
    else ops.push({ op: '+', line: b[j]!, at: j++ });
  }
  const shown = new Set<number>();
  ops.forEach((item, index) => {
    if (item.op === ' ') return;
    for (let k = Math.max(0, index - context); k <= Math.min(ops.length - 1, index + context); k++) shown.add(k);
  });
  const out: string[] = [];
  let previous = -2;
  for (const index of [...shown].sort((x, y) => x - y)) {
    if (index !== previous + 1) out.push(`@@ line ${ops[index]!.at + 1}`);
    out.push(`${ops[index]!.op} ${ops[index]!.line}`);
    previous = index;
  }
  return out;
}

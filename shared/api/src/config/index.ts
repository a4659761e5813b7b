/**
 * `@foyer/api/config`: the site owner's configuration schema (schema.ts), its parser and the
 * formatter of its refusals (`services[demo].allowedHostOrigins[2]: not an origin …`).
 */
import type * as z from 'zod/mini';
import { siteConfigSchema, type CancellationReasonConfig, type SiteConfig } from './schema';

export * from './schema';
export * from './mail-texts';

/** Keys that name an item of a list, in the order they are tried: the path shows `[name]`, not `[3]`. */
const NAMING_KEYS = ['name', 'id', 'serviceName', 'site', 'url', 'key'] as const;

function itemName(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  for (const key of NAMING_KEYS) {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** A path in the configuration, list items shown by their name when they have one. */
export function formatConfigPath(path: readonly PropertyKey[], input: unknown): string {
  let text = '';
  let at: unknown = input;
  for (const key of path) {
    const next = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') text += `[${itemName(next) ?? key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
    at = next;
  }
  return text || '(the configuration)';
}

/** One line per issue: `<path>: <message>`. */
export function formatConfigIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.map((issue) => {
    const path = formatConfigPath(issue.path, input);
    if (issue.code === 'unrecognized_keys')
      return `${path}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${path}: missing`;
    return `${path}: ${issue.message}`;
  });
}

export type ConfigParse = { ok: true; config: SiteConfig } | { ok: false; errors: string[] };

/** Validates a configuration (parsed JSON or YAML); refusals come as path messages. */
export function parseSiteConfig(input: unknown): ConfigParse {
  const result = siteConfigSchema.safeParse(input);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, errors: formatConfigIssues(result.error.issues, input) };
}

/** A configuration refused: `errors` are its path messages. */
export class InvalidConfig extends Error {
  constructor(
    readonly errors: readonly string[],
    source = 'the configuration',
  ) {
    super(`${source} is invalid:\n  ${errors.join('\n  ')}`);
    this.name = 'InvalidConfig';
  }
}

/** Validates or throws InvalidConfig. */
export function siteConfigOrThrow(input: unknown, source?: string): SiteConfig {
  const parsed = parseSiteConfig(input);
  if (!parsed.ok) throw new InvalidConfig(parsed.errors, source);
  return parsed.config;
}

/**
 * A reason's text in a visitor's language (a BCP 47 tag, e.g. from Accept-Language): its label
 * in that very tag, else in the same language (`es-MX` → `es`, `pt` → `pt-BR`), else its `label` (English).
 */
export function cancellationReasonLabel(reason: CancellationReasonConfig, language?: string | null): string {
  const labels = Object.entries(reason.labels ?? {});
  const wanted = (language ?? '').trim().toLowerCase();
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  const found =
    (wanted && labels.find(([tag]) => tag.toLowerCase() === wanted)) ||
    (wanted && labels.find(([tag]) => primary(tag) === primary(wanted)));
  return found ? found[1] : reason.label;
}

/**
 * The reasons as the `List_Reasons_Cancel` property holds them (`key:label;…`,
 * parseCancellationReasons' input), in the visitor's language when given.
 */
export function formatCancellationReasons(
  reasons: readonly CancellationReasonConfig[],
  language?: string | null,
): string {
  return reasons.map((reason) => `${reason.key}:${cancellationReasonLabel(reason, language)}`).join(';');
}

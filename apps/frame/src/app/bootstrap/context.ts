/**
 * Checks what the host page sent (or the query string, standalone) before any widget sees it:
 * the context envelope, the page settings and the widget's attributes. A bad value becomes a
 * visible INVALID_WIDGET_CONFIG error naming every bad attribute, never a blank frame.
 */
import type * as z from 'zod/mini';
import { pageSettingsSchema, type PageSettings } from '@foyer/protocol';
import { foyerError, type FoyerError } from '@foyer/api';

export interface RawContext {
  attributes: Record<string, string>;
  settings: Record<string, unknown>;
  /** The host page's query parameters (account activation and reset password read their key there). */
  query: Record<string, string>;
  inModal: boolean;
  /** Embedded: the host page's origin and path (its address, with `query`). */
  hostOrigin?: string;
  hostPath?: string;
}

export type ResolvedContext =
  | {
      ok: true;
      attributes: Record<string, unknown>;
      settings: PageSettings;
      query: Record<string, string>;
      inModal: boolean;
      /** The host page's address (origin + path + query), when the host sent its path. */
      hostUrl: string | null;
    }
  | { ok: false; error: FoyerError; message: string };

type Issue = z.core.$ZodIssue;

function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? '' : text.length > 40 ? text.slice(0, 37) + '…' : text;
}

/** `showHeader="maybe"`, `settings.icDomain="ftp://x"`, `showHedaer (unknown)` … */
export function describeIssues(issues: readonly Issue[], input: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push(`${prefix}${key} (unknown)`);
      continue;
    }
    const key = issue.path.map(String).join('.');
    if (!key) {
      out.push(prefix ? prefix.slice(0, -1) : '(all)');
      continue;
    }
    const top = issue.path[0];
    const value = typeof top === 'string' && top in input ? `="${shortValue(input[top])}"` : ' (missing)';
    out.push(`${prefix}${key}${value}`);
  }
  return [...new Set(out)];
}

export function resolveContext(
  widget: string,
  attributeSchema: z.ZodMiniType<Record<string, unknown>, unknown>,
  raw: RawContext,
): ResolvedContext {
  const attributes = attributeSchema.safeParse(raw.attributes);
  const settings = pageSettingsSchema.safeParse(raw.settings);
  if (attributes.success && settings.success) {
    return {
      ok: true,
      attributes: attributes.data,
      settings: settings.data,
      query: raw.query,
      inModal: raw.inModal,
      hostUrl: hostUrl(raw),
    };
  }
  const bad = [
    ...(attributes.success ? [] : describeIssues(attributes.error.issues, raw.attributes)),
    ...(settings.success ? [] : describeIssues(settings.error.issues, raw.settings, 'settings.')),
  ];
  const error = foyerError('INVALID_WIDGET_CONFIG', [bad.join(', ')], 400);
  return { ok: false, error, message: `Foyer ${widget} widget: invalid configuration: ${bad.join(', ')}` };
}

/** The host page's address from what the loader sent; null when it sent no path (older loader, standalone). */
function hostUrl(raw: RawContext): string | null {
  if (!raw.hostOrigin || raw.hostPath === undefined) return null;
  try {
    const url = new URL(raw.hostPath, raw.hostOrigin);
    if (url.origin !== raw.hostOrigin) return null;
    for (const [name, value] of Object.entries(raw.query)) url.searchParams.set(name, value);
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Query parameters the widgets read from the page (identity spec §2; `emailCodeKey`, the sign-in
 * code mail's link, issue 31); never widget attributes.
 */
export const PAGE_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'activationKey',
  'resetAttributeKey',
  'emailCodeKey',
]);

/** Page settings a standalone route takes from its query string (support staff check a language). */
export const STANDALONE_SETTINGS: ReadonlySet<string> = new Set(['locale']);

/**
 * Standalone (a frame URL opened directly) the frame's own query string stands for the
 * attributes, the page's query and the page settings of STANDALONE_SETTINGS: the page parameters
 * and settings are taken out of the attributes, and `serviceName` counts as both.
 */
export function splitStandaloneQuery(search: string): Pick<RawContext, 'attributes' | 'query' | 'settings'> {
  const all = Object.fromEntries(new URLSearchParams(search));
  const attributes: Record<string, string> = {};
  const query: Record<string, string> = {};
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(all)) {
    if (STANDALONE_SETTINGS.has(key)) settings[key] = value;
    else if (PAGE_QUERY_PARAMETERS.has(key)) query[key] = value;
    else {
      attributes[key] = value;
      if (key === 'serviceName') query[key] = value;
    }
  }
  return { attributes, query, settings };
}

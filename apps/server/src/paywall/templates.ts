/**
 * The paywall and notifier templates (identity spec §3 "Template response", §7): the site owner's
 * HTML for the segment the page is in, or the service's fallback, in the page's language when the
 * owner wrote one. The frame sanitises it before showing it; the numbers put into the notifier are
 * integers the server checked.
 */
import type { PaywallTemplate } from '@foyer/api';
import type { Db } from '../db';

export async function findPaywallTemplate(
  db: Db,
  serviceName: string,
  kind: 'paywall' | 'notifier',
  displayOn: string,
  segments: readonly string[],
  locale = '',
): Promise<PaywallTemplate | null> {
  const rows = await db.query<{ segment: string; locale: string; content: string; modal: boolean }>(
    `SELECT segment, locale, content, modal FROM paywall_templates
      WHERE service_name = $1 AND kind = $2 AND display_on = $3 AND (segment = '' OR segment = ANY($4))`,
    [serviceName, kind, displayOn, [...segments]],
  );
  // The first of the page's segments that has its own template, else the fallback; within it the
  // closest language. A template in another language is never shown.
  const order = (segment: string) => (segment === '' ? segments.length : segments.indexOf(segment));
  const candidates = rows.filter((row) => localeRank(row.locale, locale) >= 0);
  const [best] = candidates.sort(
    (a, b) => order(a.segment) - order(b.segment) || localeRank(a.locale, locale) - localeRank(b.locale, locale),
  );
  return best ? { content: best.content, displayOn, modal: best.modal } : null;
}

/**
 * How well a template's language fits the page's: 0 the same tag ('pt-BR'), 1 the same language
 * ('pt' for 'pt-BR', 'es' for 'es-MX'), 2 a template for any language (''); -1 another language.
 */
export function localeRank(template: string, page: string): number {
  if (template === '') return 2;
  const wanted = page.toLowerCase();
  const offered = template.toLowerCase();
  if (offered === wanted) return 0;
  const language = (tag: string) => tag.split('-')[0];
  return wanted !== '' && language(offered) === language(wanted) ? 1 : -1;
}

/** The notifier's `{count}` and `{total}`. */
export function fillNotifier(content: string, count: number, total: number): string {
  return content.replaceAll('{count}', String(count)).replaceAll('{total}', String(total));
}

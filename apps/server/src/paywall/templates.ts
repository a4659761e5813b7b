/**
 * The paywall and notifier templates (identity spec §3 "Template response", §7): the site owner's
 * HTML for the segment the page is in, or the service's fallback. The frame sanitises it before
 * showing it; the numbers put into the notifier are integers the server checked.
 */
import type { PaywallTemplate } from '@foyer/api';
import type { Db } from '../db';

export async function findPaywallTemplate(
  db: Db,
  serviceName: string,
  kind: 'paywall' | 'notifier',
  displayOn: string,
  segments: readonly string[],
): Promise<PaywallTemplate | null> {
  const rows = await db.query<{ segment: string; content: string; modal: boolean }>(
    `SELECT segment, content, modal FROM paywall_templates
      WHERE service_name = $1 AND kind = $2 AND display_on = $3 AND (segment = '' OR segment = ANY($4))`,
    [serviceName, kind, displayOn, [...segments]],
  );
  // The first of the page's segments that has its own template, else the fallback.
  const order = (segment: string) => (segment === '' ? segments.length : segments.indexOf(segment));
  const [best] = rows.sort((a, b) => order(a.segment) - order(b.segment));
  return best ? { content: best.content, displayOn, modal: best.modal } : null;
}

/** The notifier's `{count}` and `{total}`. */
export function fillNotifier(content: string, count: number, total: number): string {
  return content.replaceAll('{count}', String(count)).replaceAll('{total}', String(total));
}

/**
 * Where mail links lead (issue 27): the service's own site (`siteUrl` in its configuration) when
 * it has one — an install serving several sites sends each reader back to theirs —, else the
 * server's FOYER_SITE_URL.
 */
import type { Db } from '../db';
import { findService } from '../identity/store';

export async function siteUrlFor(db: Db, serviceName: string | null | undefined, fallback: string): Promise<string> {
  if (!serviceName) return fallback;
  return (await findService(db, serviceName))?.settings.siteUrl ?? fallback;
}

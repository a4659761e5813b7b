/**
 * A service's webhook endpoints, from the seed configuration (`webhooks` of a service): written on
 * every start; an endpoint no longer configured is disabled (its deliveries and their history stay).
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@foyer/api';
import type { WebhookEndpointConfig } from '@foyer/api/config';
import type { Db } from '../db';
import { sealSecret } from '../security/secret-box';

/** An endpoint's configuration: one definition, the configuration schema's. */
export type { WebhookEndpointConfig } from '@foyer/api/config';

const SECRET = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** Why a service's endpoints cannot be seeded (empty: they can). */
export function webhookProblems(
  serviceName: string,
  endpoints: readonly WebhookEndpointConfig[],
  production: boolean,
): string[] {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const url = URL.canParse(endpoint.url) ? new URL(endpoint.url) : null;
    if (!url) {
      problems.push(`service ${serviceName}: webhook URL ${endpoint.url} is not a URL`);
      continue;
    }
    const secure = url.protocol === 'https:' || (!production && url.protocol === 'http:');
    if (!secure) problems.push(`service ${serviceName}: webhook URL ${endpoint.url} must be https`);
    if (!SECRET.test(endpoint.secret))
      problems.push(`service ${serviceName}: webhook secret of ${endpoint.url} must be whsec_ + base64`);
    const unknown = endpoint.events === '*' ? [] : endpoint.events.filter((type) => !isEventType(type));
    if (unknown.length) problems.push(`service ${serviceName}: unknown webhook events ${unknown.join(', ')}`);
  }
  return problems;
}

function isEventType(type: string): boolean {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** Writes a service's endpoints inside the seeding transaction. */
export async function seedWebhookEndpoints(
  tx: Db,
  serviceName: string,
  endpoints: readonly WebhookEndpointConfig[],
  now: number,
): Promise<void> {
  for (const endpoint of endpoints) {
    await tx.query(
      `INSERT INTO webhook_endpoints (id, service_name, url, events, secret, enabled, created_at)
       VALUES ($1, $2, $3, $4, $5, TRUE, $6)
       ON CONFLICT (service_name, url) DO UPDATE SET events = $4, secret = $5, enabled = TRUE`,
      [
        randomUUID(),
        serviceName,
        endpoint.url,
        JSON.stringify(endpoint.events === '*' ? ['*'] : endpoint.events),
        sealSecret(endpoint.secret),
        now,
      ],
    );
  }
  await tx.query(
    `UPDATE webhook_endpoints SET enabled = FALSE WHERE service_name = $1 AND NOT (url = ANY($2::text[]))`,
    [serviceName, endpoints.map((endpoint) => endpoint.url)],
  );
}

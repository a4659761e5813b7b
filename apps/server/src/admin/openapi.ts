/**
 * The admin API's OpenAPI 3.1 document (GET /admin/api/openapi.json), generated from the same zod
 * schema the configuration file, the CLI and the API validate with, so it cannot drift from them.
 */
import * as z from 'zod/mini';
import { CSRF_HEADER, OPERATOR_COOKIE } from '@foyer/api/admin';
import { siteConfigSchema } from '@foyer/api/config';
import { peopleAndMoneyPaths } from './openapi-routes';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };

const error = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    args: { type: 'array', items: { type: 'string' } },
    errors: { type: 'array', items: { type: 'string' }, description: 'One line per problem, naming its path.' },
  },
};

export function adminOpenApi(serverUrl: string): Record<string, unknown> {
  const config = z.toJSONSchema(siteConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete config.$schema;
  const sections = Object.keys(config.properties ?? {}).filter((name) => name !== 'accounts');
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const errors = {
    '400': {
      description: 'Not a valid configuration; `errors` names each problem by its path.',
      content: json(ref('Error')),
    },
    '401': { description: 'No API key, or one that is unknown or revoked.', content: json(ref('Error')) },
    '403': {
      description:
        'The key or the operator lacks the permission, a cookie write lacks its CSRF token, or the call carries a frame token.',
      content: json(ref('Error')),
    },
  };
  const change = json({
    type: 'object',
    properties: {
      applied: { type: 'boolean' },
      diff: { type: 'array', items: { type: 'string' } },
      config: ref('SiteConfig'),
    },
  });
  const dryRun = {
    name: 'dryRun',
    in: 'query',
    schema: { type: 'boolean' },
    description: 'Answer the change, keep nothing.',
  };
  const prune = {
    name: 'prune',
    in: 'query',
    schema: { type: 'boolean' },
    description:
      'Also delete what the configuration no longer names (realms, schemes, services, products, groups, paywall entries); a plan live subscriptions use is never deleted.',
  };
  const section = { name: 'section', in: 'path', required: true, schema: { type: 'string', enum: sections } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Foyer admin API',
      version: '1',
      description:
        'The site owner’s configuration, read and written at run time, and its people and money: operators, accounts, orders, refunds, subscriptions, figures, webhook deliveries, the audit log. Secrets are write-only: they read back as "<secret: unchanged>", which a write understands as "keep the stored one".',
    },
    servers: [{ url: `${serverUrl}/admin/api` }],
    security: [{ apiKey: [] }, { operator: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An admin API key (`fyr_…`, `npm run foyer -- apikey create`).',
        },
        operator: {
          type: 'apiKey',
          in: 'cookie',
          name: OPERATOR_COOKIE,
          description: `An operator's console session (POST /session). Every write also sends the session's CSRF token in ${CSRF_HEADER}.`,
        },
      },
      schemas: { SiteConfig: config, Error: error },
    },
    paths: {
      '/config': {
        get: {
          summary: 'The running configuration (scope config:read).',
          responses: { '200': { description: 'The configuration.', content: json(ref('SiteConfig')) }, ...errors },
        },
        put: {
          summary: 'Replace the whole configuration, in one transaction (scope config:write).',
          parameters: [dryRun, prune],
          requestBody: { required: true, content: json(ref('SiteConfig')) },
          responses: { '200': { description: 'Applied, or what would change.', content: change }, ...errors },
        },
      },
      '/config/{section}': {
        get: {
          summary: 'One section (scope config:read).',
          parameters: [section],
          responses: { '200': { description: 'The section.' }, ...errors },
        },
        put: {
          summary: 'Replace one section; the whole is validated and applied (scope config:write).',
          parameters: [section, dryRun, prune],
          requestBody: { required: true, content: json({}) },
          responses: { '200': { description: 'Applied, or what would change.', content: change }, ...errors },
        },
      },
      ...peopleAndMoneyPaths(errors),
    },
  };
}

/**
 * Test helpers: every test file gets its own fresh database — in-memory PGlite, or, when
 * DATABASE_URL is set, a new schema on that PostgreSQL server, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FRAME_TOKEN_HEADER,
  formatAuthorization,
  identityEndpoints,
  mailboxSchema,
  parseAuthorization,
  widgetEndpoints,
  type MailboxMessage,
  type NameValue,
  type SessionResponse,
} from '@foyer/api';
import pg from 'pg';
import { openDb, type Db } from '../src/db';
import { createServer, type PreparedServer, type ServerOptions } from '../src/index';
import { mintFrameToken } from '../src/security/frame-tokens';
import { seedConfig, type SeedConfig } from '../src/seed-config';
import { providersFromEnv } from '../src/widget/providers';

export const PUBLIC_URL = 'http://127.0.0.1:8081';
/** The frame-token key of test servers, so tests that call over HTTP can mint tokens too. */
export const TEST_FRAME_TOKEN_KEY = 'test-frame-token-key-of-32-characters-at-least';
export const DEMO = { email: 'demo@foyer.test', password: 'foyer-demo-1' };

export interface DatabaseTarget {
  options: Pick<ServerOptions, 'databaseUrl' | 'databaseSchema' | 'dataDir'>;
  drop(): Promise<void>;
}

/** A fresh database: in-memory PGlite, or a new schema on DATABASE_URL's PostgreSQL. */
export async function freshDatabase(): Promise<DatabaseTarget> {
  const url = process.env.DATABASE_URL;
  if (!url) return { options: { dataDir: 'memory' }, drop: async () => undefined };
  const schema = `foyer_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return {
    options: { databaseUrl: url, databaseSchema: schema },
    // The job queue's schema beside it (billing/jobs.ts) goes too.
    drop: () => admin(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`),
  };
}

/** A raw database for migration tests. */
export async function testDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const target = await freshDatabase();
  const db = await openDb({
    databaseUrl: target.options.databaseUrl,
    databaseSchema: target.options.databaseSchema,
    dataDir: target.options.dataDir ?? 'memory',
  });
  return {
    db,
    close: async () => {
      await db.close();
      await target.drop();
    },
  };
}

/**
 * A prepared (not listening) server on a fresh database; use `app.inject`. CARD orders go to the
 * manual test card unless the test configured a provider in the environment.
 */
export async function testServer(
  options: ServerOptions = {},
  { frameTokens = true }: { frameTokens?: boolean } = {},
): Promise<PreparedServer> {
  const target = await freshDatabase();
  const server = await createServer({
    publicUrl: PUBLIC_URL,
    // Tests read mail from the outbox and log in as the demo account; production has neither.
    devMailbox: true,
    seedDemo: true,
    // Tests register many accounts from one address; sign-up-limit.test.ts checks the default.
    registrationPerHour: 10_000,
    forgotPasswordPerHour: 10_000,
    paymentProviders: providersFromEnv({ FOYER_CARD_PROVIDER: 'manual', ...process.env }),
    frameDist: join(tmpdir(), 'foyer-no-frame-dist'),
    loaderDist: join(tmpdir(), 'foyer-no-loader-dist'),
    frameTokenKey: TEST_FRAME_TOKEN_KEY,
    // The every-minute sweep on the wall clock would renew subscriptions behind a test's back
    // whenever a minute turns; tests run due work through POST /dev/clock or jobs.drain().
    jobWorkers: false,
    ...target.options,
    ...options,
  });
  if (frameTokens) addFrameTokens(server, defaultServiceOf(options));
  return {
    ...server,
    close: async () => {
      await server.close();
      await target.drop();
    },
  };
}

/** The service a server seeded with these options serves frames for when the page names none. */
function defaultServiceOf(options: ServerOptions): string {
  const seed = options.seed ?? seedConfig;
  return (seed ? seed.services.find((service) => service.default)?.name : undefined) ?? 'demo';
}

type Routes = { method: string; prefix: string; path: string; pattern: RegExp; names: string[] }[];
const API_ROUTES: Routes = [
  ...Object.values(identityEndpoints).map(({ method, path }) => ({ method, prefix: '/ic/api', path })),
  ...Object.values(widgetEndpoints).map(({ method, path }) => ({ method, prefix: '/pm/api', path })),
].map(({ method, prefix, path }) => ({
  method,
  prefix,
  path,
  names: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!),
  pattern: new RegExp(`^${prefix}${path.replace(/:\w+/g, '([^/?]+)')}(?:\\?|$)`),
}));

/** A call as the helper reads it: what `app.inject` was given. */
export interface InjectedCall {
  method?: string;
  url: string;
  authorization?: string;
  /** Query options given beside the URL. */
  query?: Record<string, unknown>;
  payload?: unknown;
}

/** The first service a query or JSON body names, as http/frame-binding.ts reads them. */
function payloadServiceOf(call: InjectedCall): string | undefined {
  const search = new URL(call.url, 'http://inject.test').searchParams.get('serviceName');
  const query = call.query?.serviceName;
  let body = call.payload;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      body = undefined;
    }
  }
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const primary = Array.isArray(fields.services) ? (fields.services as unknown[])[0] : undefined;
  return [search, query, fields.serviceName, fields.service, primary].find(
    (name): name is string => typeof name === 'string' && name !== '',
  );
}

/**
 * The service a frame making this call would have been served for: the Authorization header's,
 * else the route's service parameter, else the one its query or body names (as
 * http/frame-binding.ts reads them), else the server's default service (a frame page that names
 * no service is served for it, src/static.ts). The method matters:
 * `POST /userProfile/resetAttributeWorkflow/:authScheme` is not `PUT /userProfile/:id/:service`.
 */
export function frameServiceOf(call: InjectedCall, defaultService = 'demo'): string {
  const fromHeader = parseAuthorization(call.authorization)?.serviceName;
  if (fromHeader) return fromHeader;
  const method = (call.method ?? 'GET').toUpperCase();
  for (const route of API_ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(call.url);
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    const named = params.serviceName ?? params.service ?? (route.path === '/service/:name' ? params.name : undefined);
    if (named) return named;
  }
  return payloadServiceOf(call) ?? defaultService;
}

export function frameTokenHeader(service = 'demo', now = Date.now()): Record<string, string> {
  return { [FRAME_TOKEN_HEADER]: mintFrameToken(Buffer.from(TEST_FRAME_TOKEN_KEY), service, now) };
}

/**
 * Calls through `app.inject` get the token a frame served for their service would send, unless
 * they set FRAME_TOKEN_HEADER themselves (frame-binding.test.ts checks the refusals with
 * `testServer({}, { frameTokens: false })`).
 */
export function addFrameTokens(server: PreparedServer, defaultService = 'demo'): void {
  const inject = server.app.inject.bind(server.app) as (options?: unknown, callback?: unknown) => unknown;
  const withToken = (options?: unknown, callback?: unknown) => {
    if (options && typeof options === 'object' && 'url' in options) {
      const call = options as {
        method?: string;
        url: string | { pathname: string };
        headers?: Record<string, unknown>;
        query?: Record<string, unknown>;
        payload?: unknown;
        body?: unknown;
      };
      const url = typeof call.url === 'string' ? call.url : call.url.pathname;
      const headers = call.headers ?? {};
      const has = Object.keys(headers).some((name) => name.toLowerCase() === FRAME_TOKEN_HEADER.toLowerCase());
      if (!has && (url.startsWith('/ic/api/') || url.startsWith('/pm/api/'))) {
        const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
        const service = frameServiceOf(
          {
            url,
            ...(call.method ? { method: call.method } : {}),
            ...(typeof authorization === 'string' ? { authorization } : {}),
            ...(call.query ? { query: call.query } : {}),
            payload: call.payload ?? call.body,
          },
          defaultService,
        );
        options = { ...call, headers: { ...headers, ...frameTokenHeader(service, server.deps.now()) } };
      }
    }
    return inject(options, callback);
  };
  server.app.inject = withToken as typeof server.app.inject;
}

/** A controllable clock for expiry and rate-limit windows. */
export function testClock(start = Date.UTC(2030, 0, 1)) {
  let current = start;
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** The demo seed plus extra services and accounts for edge cases. */
export function extendedSeed(): SeedConfig {
  const account = (
    email: string,
    state: 'ACTIVE' | 'INACTIVE' | 'LOCKED',
    attributes: Record<string, string> = {},
  ) => ({
    realmName: 'default',
    identifiers: { email },
    password: 'right-password-1',
    attributes,
    roles: ['reader'],
    services: ['demo'],
    state,
  });
  return {
    ...seedConfig,
    services: [
      ...seedConfig.services,
      {
        name: 'news',
        realmName: 'default',
        authenticationSchemeName: 'default',
        displayName: 'News <daily>',
        requiredAttributes: ['phone', 'firstName'],
        allowedHostOrigins: ['https://news.example.com', 'http://localhost:3000'],
      },
    ],
    accounts: [
      ...seedConfig.accounts,
      account('other@foyer.test', 'ACTIVE', { firstName: 'Other', phone: '555' }),
      account('inactive@foyer.test', 'INACTIVE'),
      account('locked@foyer.test', 'LOCKED'),
    ],
  };
}

export function loginBody(email: string, password: string, rememberMe?: boolean) {
  return {
    realmName: 'default',
    authenticationSchemeName: 'default',
    identifiers: [{ name: 'email', value: email }],
    validators: [{ name: 'password', value: password }],
    ...(rememberMe === undefined ? {} : { rememberMe }),
  };
}

export interface LoginOptions {
  rememberMe?: boolean;
  serviceName?: string;
  remoteAddress?: string;
}

export function login(server: PreparedServer, email: string, password: string, options: LoginOptions = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/ic/api/session',
    headers: { authorization: formatAuthorization({ serviceName: options.serviceName ?? 'demo' }) },
    payload: loginBody(email, password, options.rememberMe),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export async function loginOk(
  server: PreparedServer,
  email = DEMO.email,
  password = DEMO.password,
  options: LoginOptions = {},
) {
  const response = await login(server, email, password, options);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<SessionResponse>();
}

export function profileAuth(sessionId: string, serviceName = 'demo'): string {
  return formatAuthorization({ serviceName, sessionId });
}

/** A tiny stand-in for apps/frame/dist and apps/loader/dist. */
export async function fakeDist(): Promise<{
  frameDist: string;
  loaderDist: string;
  root: string;
  cleanup(): Promise<void>;
}> {
  const root = await mkdtemp(join(tmpdir(), 'foyer-dist-'));
  const frameDist = join(root, 'frame');
  const loaderDist = join(root, 'loader');
  await mkdir(join(frameDist, 'assets'), { recursive: true });
  await mkdir(loaderDist, { recursive: true });
  await writeFile(
    join(frameDist, 'index.html'),
    '<!doctype html><html><head><title>Foyer</title><!--foyer-frame-config--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(frameDist, 'assets', 'app-abc123.js'), 'console.log("frame");');
  await writeFile(join(loaderDist, 'loader.js'), '(function(){/* loader */})();');
  return { frameDist, loaderDist, root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The demo outbox, newest first (waits for mail still being sent). */
export async function mailbox(server: PreparedServer): Promise<MailboxMessage[]> {
  const response = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
  if (response.statusCode !== 200) throw new Error(`mailbox: ${response.statusCode}`);
  return mailboxSchema.parse(response.json());
}

/** The value of a query parameter of the first link in a mail. */
export function linkParam(mail: MailboxMessage, name: string): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  const value = url ? new URL(url).searchParams.get(name) : null;
  if (!value) throw new Error(`no ${name} in mail "${mail.subject}"`);
  return value;
}

export function registerBody(
  email: string,
  overrides: { password?: string; services?: string[]; extra?: NameValue[] } = {},
) {
  return {
    realm: 'default',
    services: overrides.services ?? ['demo'],
    attributes: [
      { name: 'email', value: email },
      { name: 'password', value: overrides.password ?? 'new-password-1' },
      { name: 'firstName', value: 'Ada' },
      { name: 'lastName', value: 'Lovelace' },
      ...(overrides.extra ?? []),
    ],
  };
}

export function register(server: PreparedServer, body: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url: '/ic/api/userProfile', payload: body, headers });
}

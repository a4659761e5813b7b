/**
 * The console's operators (issue 28): signing in with a password and the TOTP of the seeded demo
 * owner, the cookie's attributes, CSRF on writes, the idle end, roles' permissions, the last
 * owner kept, throttled failures, the CLI, and the audit of every step. A visitor's session and a
 * frame token never reach the admin API.
 */
import { formatAuthorization, FRAME_TOKEN_HEADER } from '@foyer/api';
import { CSRF_HEADER, OPERATOR_IDLE_TIMEOUT_MS, operatorCreatedSchema, operatorSessionSchema } from '@foyer/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCsv } from '../../src/admin/audit';
import { DEMO_OWNER } from '../../src/admin/operators/demo';
import { totpCode } from '../../src/security/totp';
import { runCli } from '../../src/cli';
import type { PreparedServer } from '../../src/index';
import { frameTokenHeader, loginOk, testClock, testServer } from '../helpers';

const clock = testClock(Date.UTC(2030, 0, 1, 9));
let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({ now: clock.now });
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
function call(
  method: Method,
  path: string,
  options: { cookie?: string; csrf?: string; payload?: object; headers?: Record<string, string> } = {},
) {
  return server.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.csrf ? { [CSRF_HEADER]: options.csrf } : {}),
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** Each sign-in a step later: a TOTP code is good once. */
function nextCode(secret: string = DEMO_OWNER.totpSecret): string {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}

async function signIn(email: string, password: string, secret: string | null) {
  const response = await call('POST', '/session', {
    payload: { email, password, ...(secret ? { totp: nextCode(secret) } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0]!, setCookie, session: operatorSessionSchema.parse(response.json()) };
}

const owner = () => signIn(DEMO_OWNER.email, DEMO_OWNER.password, DEMO_OWNER.totpSecret);

describe('operators', () => {
  it('signs the demo owner in with the password, then the code; the cookie is HttpOnly, SameSite=Strict, /admin', async () => {
    const first = await call('POST', '/session', {
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'OPERATOR_SECOND_FACTOR_REQUIRED' });
    expect(first.headers['set-cookie']).toBeUndefined();

    const wrong = await call('POST', '/session', {
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password, totp: '000000' },
    });
    expect(wrong.json()).toMatchObject({ code: 'OPERATOR_SECOND_FACTOR_INVALID' });

    const { cookie, setCookie, session } = await owner();
    expect(setCookie).toMatch(/^foyer_admin=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict$/);
    expect(session.operator).toMatchObject({ email: DEMO_OWNER.email, role: 'owner', totp: true });
    expect(session.permissions).toContain('payments:refund');
    const again = await call('GET', '/session', { cookie });
    expect(operatorSessionSchema.parse(again.json()).csrfToken).toBe(session.csrfToken);

    // The same code again (replayed within its window) is refused.
    const code = totpCode(DEMO_OWNER.totpSecret, clock.now());
    const replay = await call('POST', '/session', {
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password, totp: code },
    });
    expect(replay.json()).toMatchObject({ code: 'OPERATOR_SECOND_FACTOR_INVALID' });
  });

  it('answers a wrong password and an unknown address alike, and throttles failures', async () => {
    const unknown = await call('POST', '/session', { payload: { email: 'nobody@foyer.test', password: 'whatever-1' } });
    const wrong = await call('POST', '/session', {
      payload: { email: 'throttled@foyer.test', password: 'wrong-password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: 'IDENTIFIERS_INVALID' });
    for (let attempt = 0; attempt < 9; attempt++)
      await call('POST', '/session', { payload: { email: 'throttled@foyer.test', password: 'wrong-password' } });
    const refused = await call('POST', '/session', {
      payload: { email: 'throttled@foyer.test', password: 'wrong-password' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    clock.advance(15 * 60_000);
  });

  it('needs the CSRF token on writes made with the cookie', async () => {
    const { cookie, session } = await owner();
    const payload = {
      email: 'support@foyer.test',
      name: 'Sam Support',
      role: 'support',
      password: 'support-password-1',
    };
    expect((await call('POST', '/operators', { cookie, payload })).json()).toMatchObject({
      code: 'CSRF_TOKEN_INVALID',
    });
    expect((await call('POST', '/operators', { cookie, csrf: 'forged', payload })).statusCode).toBe(403);
    const made = await call('POST', '/operators', { cookie, csrf: session.csrfToken, payload });
    expect(made.statusCode, made.body).toBe(201);
    expect(operatorCreatedSchema.parse(made.json())).toMatchObject({
      operator: { role: 'support', totp: false },
      totpSecret: null,
    });
    expect((await call('POST', '/operators', { cookie, csrf: session.csrfToken, payload })).json()).toMatchObject({
      code: 'OPERATOR_EXISTS',
    });
  });

  it('gives a support operator their role only: accounts yes; refunds, figures, webhooks and configuration no', async () => {
    const { cookie, session } = await signIn('support@foyer.test', 'support-password-1', null);
    expect(session.permissions).not.toContain('payments:refund');
    expect((await call('GET', '/accounts?q=demo', { cookie })).statusCode).toBe(200);
    expect((await call('GET', '/figures', { cookie })).statusCode).toBe(403);
    expect(
      (await call('POST', '/payments/any/refund', { cookie, csrf: session.csrfToken, payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/webhooks/deliveries/any/resend', { cookie, csrf: session.csrfToken })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/config', { cookie })).statusCode).toBe(403);
    expect((await call('GET', '/operators', { cookie })).statusCode).toBe(403);
  });

  it('ends a session after 30 idle minutes, and at sign-out', async () => {
    const { cookie, session } = await owner();
    clock.advance(OPERATOR_IDLE_TIMEOUT_MS - 60_000);
    expect((await call('GET', '/session', { cookie })).statusCode).toBe(200);
    clock.advance(OPERATOR_IDLE_TIMEOUT_MS - 60_000);
    // Each call moved the end on.
    expect((await call('GET', '/session', { cookie })).statusCode).toBe(200);
    clock.advance(OPERATOR_IDLE_TIMEOUT_MS + 1);
    expect((await call('GET', '/session', { cookie })).statusCode).toBe(401);

    const other = await owner();
    const out = await call('DELETE', '/session', { cookie: other.cookie, csrf: other.session.csrfToken });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^foyer_admin=; Max-Age=0/);
    expect((await call('GET', '/session', { cookie: other.cookie })).statusCode).toBe(401);
    expect(session.csrfToken).not.toBe(other.session.csrfToken);
  });

  it('never demotes or disables the last owner', async () => {
    const { cookie, session } = await owner();
    const self = session.operator.id;
    const demote = await call('PATCH', `/operators/${self}`, {
      cookie,
      csrf: session.csrfToken,
      payload: { role: 'support' },
    });
    expect(demote.json()).toMatchObject({ code: 'LAST_OWNER' });
    const disable = await call('PATCH', `/operators/${self}`, {
      cookie,
      csrf: session.csrfToken,
      payload: { disabled: true },
    });
    expect(disable.json()).toMatchObject({ code: 'LAST_OWNER' });
  });

  it('refuses a visitor session and a frame token', async () => {
    const visitor = await loginOk(server, 'demo@foyer.test', 'foyer-demo-1');
    const withVisitor = await call('GET', '/accounts', {
      headers: {
        authorization: formatAuthorization({ serviceName: 'demo', sessionId: visitor.mainSession.sessionId }),
      },
    });
    expect(withVisitor.statusCode).toBe(401);
    const { cookie } = await owner();
    const framed = await call('GET', '/accounts', {
      cookie,
      headers: { [FRAME_TOKEN_HEADER]: frameTokenHeader()[FRAME_TOKEN_HEADER]! },
    });
    expect(framed.statusCode).toBe(403);
  });

  it('creates an owner from the CLI with a second factor, and disables operators', async () => {
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const code = await runCli(
      [
        'operator',
        'create',
        '--email',
        'second@foyer.test',
        '--name',
        'Second Owner',
        '--role',
        'owner',
        '--password',
        'second-owner-pass',
      ],
      { db: server.db, now: clock.now, print },
    );
    expect(code, lines.join('\n')).toBe(0);
    const secret = /TOTP secret \(shown once\): (\w+)/.exec(lines.join('\n'))![1]!;
    expect(lines.join('\n')).toMatch(/otpauth:\/\/totp\/Foyer:second%40foyer\.test\?/);
    const { session } = await signIn('second@foyer.test', 'second-owner-pass', secret);
    expect(session.operator.role).toBe('owner');

    expect(
      await runCli(['operator', 'disable', '--email', 'support@foyer.test'], { db: server.db, now: clock.now, print }),
    ).toBe(0);
    expect(
      (await call('POST', '/session', { payload: { email: 'support@foyer.test', password: 'support-password-1' } }))
        .statusCode,
    ).toBe(401);
    expect(
      await runCli(['operator', 'create', '--email', 'x@foyer.test', '--role', 'boss'], {
        db: server.db,
        now: clock.now,
        print,
      }),
    ).toBe(2);
  });

  it('audits sign-ins, failures and operator changes', async () => {
    const { cookie } = await owner();
    const audit = await call('GET', '/audit?limit=200', { cookie });
    const actions = audit.json<{ entries: { action: string; actor: string }[] }>().entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'operator.login',
        'operator.login_failed',
        'operator.create',
        'operator.update',
        'operator.logout',
      ]),
    );

    // Filtered by the action's start and a part of the target; exported as CSV, formulas defused.
    const failed = await call('GET', '/audit?action=operator.login_&target=throttled', { cookie });
    const failures = failed.json<{ entries: { action: string; target: string }[] }>().entries;
    expect(failures.length).toBeGreaterThan(0);
    expect(
      failures.every((entry) => entry.action === 'operator.login_failed' && entry.target.includes('throttled')),
    ).toBe(true);
    const csv = await call('GET', '/audit?format=csv&action=operator.', { cookie });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="foyer-audit.csv"/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('at,actor,action,target,address,user_agent,before,after');
    expect(rows.length).toBeGreaterThan(5);
    const entry = {
      id: 'x',
      at: 0,
      actor: '=SUM(A1)',
      action: '@run',
      target: 'a "quoted" target',
      before: null,
      after: null,
      address: '+1',
      userAgent: null,
    };
    expect(auditCsv([entry]).split('\r\n')[1]).toBe(
      `"1970-01-01T00:00:00.000Z","'=SUM(A1)","'@run","a ""quoted"" target","'+1","","",""`,
    );
    expect((await call('GET', '/audit?from=soon', { cookie })).statusCode).toBe(400);
  });
});

/**
 * Durable mail (issue 27): with SMTP, every mail is written to `mail_queue` first and delivered by
 * a worker with retries and backoff. An SMTP outage loses nothing and the activation mail goes
 * out once when SMTP is back; two workers on one database send each mail once; failures are
 * logged and counted in /metrics.
 */
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { enqueueMail, queuedMailer, retryDelay, type QueuedMailer } from '../src/mail/queue';
import { DEMO, loginOk, profileAuth, register, registerBody, testClock, testDb, testServer } from './helpers';
import { startSmtpStandIn, type SmtpStandIn } from './stand-ins/smtp';

/** A port in front of the SMTP stand-in that drops every connection while `up` is false. */
async function switchable(target: string): Promise<{ url: string; up: boolean; close(): Promise<void> }> {
  const { port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const state = { up: false };
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (!state.up) return void socket.destroy();
    const upstream = connect(Number(targetPort), '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get up() {
      return state.up;
    },
    set up(value: boolean) {
      state.up = value;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('an SMTP outage', () => {
  let smtp: SmtpStandIn;
  let gate: Awaited<ReturnType<typeof switchable>>;
  let server: PreparedServer;
  const clock = testClock();
  const logged: string[] = [];
  let restoreConsole = () => undefined as void;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    gate = await switchable(smtp.url);
    const original = console.error;
    console.error = (line: unknown) => void logged.push(String(line));
    restoreConsole = () => void (console.error = original);
    server = await testServer({ smtpUrl: gate.url, now: clock.now, metricsToken: 'metrics-token' });
  });
  afterAll(async () => {
    restoreConsole();
    await server?.close();
    await gate?.close();
    await smtp?.close();
  });

  it('loses no activation mail: it is delivered once when SMTP is back, and counted', async () => {
    const mailer = server.deps.mailer as QueuedMailer;
    expect((await register(server, registerBody('outage@example.test'))).statusCode).toBe(201);
    await server.deps.background.idle();
    // The first attempt failed: the mail waits in the database, logged as one structured line.
    const [queued] = await server.db.query<{ attempts: number; last_error: string }>(
      'SELECT attempts, last_error FROM mail_queue',
    );
    expect(Number(queued?.attempts)).toBe(1);
    expect(queued?.last_error).toBeTruthy();
    const waiting = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token' },
    });
    expect(waiting.body).toMatch(/^foyer_mail_queue 1$/m);
    expect(smtp.received).toEqual([]);
    const failure = logged.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.mailId);
    expect(failure).toMatchObject({ level: 50, msg: 'mail failed; it will be tried again', attempts: 1 });
    expect(JSON.stringify(failure)).not.toContain('outage@example.test');
    // Not before its retry is due, even with SMTP back.
    gate.up = true;
    expect(await mailer.deliverDue()).toBe(0);
    clock.advance(retryDelay(1));
    expect(await mailer.deliverDue()).toBe(1);
    expect(await mailer.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['outage@example.test']);
    expect(smtp.received[0]!.data).toMatch(/activationKey=[\w-]{43}/);
    // Delivered mail leaves the table (its key is not kept at rest).
    expect(await server.db.query('SELECT id FROM mail_queue')).toEqual([]);
    const metrics = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token' },
    });
    expect(metrics.body).toMatch(/^foyer_mails_total\{outcome="sent"\} 1$/m);
    expect(metrics.body).toMatch(/^foyer_mails_total\{outcome="failed"\} 1$/m);
    expect(metrics.body).toMatch(/^foyer_mail_queue 0$/m);
  });
});

describe('a mail that carries a key', () => {
  let smtp: SmtpStandIn;
  let gate: Awaited<ReturnType<typeof switchable>>;
  let server: PreparedServer;
  const clock = testClock();
  let restoreConsole = () => undefined as void;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    gate = await switchable(smtp.url);
    const original = console.error;
    // The failed attempts' log lines are the outage test's subject, not this one's.
    console.error = () => undefined;
    restoreConsole = () => void (console.error = original);
    server = await testServer({ smtpUrl: gate.url, now: clock.now });
  });
  afterAll(async () => {
    restoreConsole();
    await server?.close();
    await gate?.close();
    await smtp?.close();
  });

  it('is written with its key: an address change during an outage is mailed, with its notice, once SMTP is back', async () => {
    const session = await loginOk(server, DEMO.email, DEMO.password);
    const response = await server.app.inject({
      method: 'PUT',
      url: `/ic/api/userProfile/${session.guid}`,
      headers: { authorization: profileAuth(session.mainSession.sessionId) },
      payload: { attributes: [{ name: 'email', value: 'moved@example.test' }], currentPassword: DEMO.password },
    });
    // Accepted, pending the new address's confirmation.
    expect(response.statusCode, response.body).toBe(202);
    await server.deps.background.idle();
    // The key is stored, and so are both mails, though neither could go.
    const [pending] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM identifier_changes');
    expect(Number(pending?.n)).toBe(1);
    const queued = await server.db.query<{ to_address: string }>(
      'SELECT to_address FROM mail_queue ORDER BY to_address',
    );
    expect(queued.map((row) => row.to_address)).toEqual([DEMO.email, 'moved@example.test']);
    gate.up = true;
    clock.advance(retryDelay(1));
    expect(await (server.deps.mailer as QueuedMailer).deliverDue()).toBe(2);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([DEMO.email, 'moved@example.test']);
    expect(await server.db.query('SELECT id FROM mail_queue')).toEqual([]);
  });
});

describe('two workers on one database', () => {
  it('send each mail once', async () => {
    const { db, close } = await testDb();
    const { migrate } = await import('../src/db');
    await migrate(db);
    const sent: string[] = [];
    // An SMTP-like transport that takes a while, so the two workers' runs interleave.
    const slow: Mailer = {
      kind: 'smtp',
      send: async (message: MailMessage) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message.subject);
      },
      close: async () => undefined,
    };
    const now = () => Date.UTC(2030, 0, 1);
    const first = queuedMailer({ db, now, transport: slow });
    const second = queuedMailer({ db, now, transport: slow });
    try {
      for (let i = 0; i < 8; i += 1)
        await enqueueMail(db, { to: 'a@example.test', subject: `mail ${i}`, text: 't', html: '<p>t</p>' }, now());
      const [a, b] = await Promise.all([first.deliverDue(), second.deliverDue()]);
      expect(a + b).toBe(8);
      expect([...sent].sort()).toEqual([...Array(8).keys()].map((i) => `mail ${i}`));
      expect(await db.query('SELECT id FROM mail_queue')).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      await close();
    }
  });
});

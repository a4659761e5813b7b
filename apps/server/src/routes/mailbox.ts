/**
 * GET /dev/mailbox (JSON, newest first) and GET /dev/mailbox.html: the outbox of the demo stack,
 * so mailed links can be followed in a browser and by end-to-end tests. Served only when the dev
 * mailbox is explicitly on (FOYER_DEV_MAILBOX=true): it shows every reset key to anyone.
 */
import { mailboxSchema } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../mail/messages';
import { listOutbox } from '../mail/outbox';

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function mailboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const messages = async () => {
    // Mail of forgot password and resend activation is sent after the answer: wait for it.
    await deps.background.idle();
    return mailboxSchema.parse(await listOutbox(deps.db));
  };

  app.get('/dev/mailbox', async (_request, reply) => reply.header('cache-control', 'no-store').send(await messages()));

  app.get('/dev/mailbox.html', async (_request, reply) => {
    const items = (await messages())
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${new Date(mail.createdAt).toISOString()}">${escapeHtml(new Date(mail.createdAt).toUTCString())}</time></p>
  <pre>${linkify(escapeHtml(mail.text))}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body><main><h1>Foyer mailbox</h1>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

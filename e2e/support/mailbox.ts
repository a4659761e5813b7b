/**
 * The dev outbox (`GET /dev/mailbox`), which the e2e stack turns on: the mail the server sent, oldest
 * first. Mail goes out after the answer that caused it, so readers poll.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { stack } from './stack';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function outbox(request: APIRequestContext): Promise<Mail[]> {
  return (await (await request.get(`${stack.widgetsUrl}/dev/mailbox`)).json()) as Mail[];
}

/** The first link carrying `key=` in its query, in the newest mail to `to` that has one. */
export async function mailedLink(request: APIRequestContext, to: string, key: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+[?&]${key}=\\S+`);
  let link = '';
  await expect
    .poll(async () => {
      const texts = (await outbox(request)).filter((mail) => mail.to === to).map((mail) => mail.text);
      link = texts.map((text) => pattern.exec(text)?.[0] ?? '').findLast(Boolean) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The value of `key` in that link (an invitation key, say), decoded. */
export async function mailedKey(request: APIRequestContext, to: string, key: string): Promise<string> {
  return new URL(await mailedLink(request, to, key)).searchParams.get(key) ?? '';
}

/**
 * A mail that carries a key (activation, reset, address change, invitation) is written in the
 * transaction that makes the key when mail is durable (SMTP, mail/queue.ts): the key exists if and
 * only if its mail waits to go, so a crash or an SMTP outage right after the commit loses neither.
 * Without a durable queue (the dev outbox, no mail at all) the mails are sent after the commit.
 */
import type { Db } from '../db';
import type { Mailer, MailMessage } from './mailer';

export interface Committed<T> {
  result: T;
  /** Tries the mails now (after the commit); a failure stays queued and is retried, never thrown. */
  deliver(): Promise<void>;
}

/** Runs `write` in one transaction with the mails it answers; answers its result and their delivery. */
export async function commitWithMails<T>(
  deps: { db: Db; mailer: Mailer },
  write: (tx: Db) => Promise<{ result: T; mails: MailMessage[] }>,
): Promise<Committed<T>> {
  const { queue } = deps.mailer;
  const { result, queued, mails } = await deps.db.transaction(async (tx) => {
    const written = await write(tx);
    const ids: string[] = [];
    if (queue) for (const mail of written.mails) ids.push(await queue.add(tx, mail));
    return { result: written.result, queued: ids, mails: written.mails };
  });
  return {
    result,
    async deliver() {
      if (queue) for (const id of queued) await queue.deliver(id);
      else for (const mail of mails) await deps.mailer.send(mail);
    },
  };
}

/**
 * The admin API's accounts (issue 28): search, detail, lock and unlock, end sessions, resend the
 * activation mail, send a reset link, export and erase. Each write runs in one transaction with
 * its audit row (`account:<guid>`, before and after holding nothing personal beyond the guid and
 * state); the person is mailed after the commit. An erased account is read like any other and
 * refuses every action (409 ACCOUNT_ERASED).
 */
import { ADMIN_API_PREFIX, accountListQuerySchema, endSessionsSchema } from '@foyer/api/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { findAccountByGuid } from '../../identity/store';
import {
  accountErasedNotice,
  accountExportedNotice,
  accountLockedNotice,
  accountUnlockedNotice,
} from '../../mail/account-notices';
import { mailLocale } from '../../mail/billing-messages';
import { secondFactorRemovedNotice } from '../../mail/second-factor-notices';
import { sendWorkflowMail } from '../../mail/workflow-mail';
import { removeSecondFactor } from '../../security/second-factor/factors';
import { deleteUserSessions } from '../../security/sessions';
import type { WorkflowKind } from '../../security/workflow-keys';
import { recordAudit } from '../audit';
import { auditContext, permitted } from '../principal';
import { parseBody, parseQuery } from '../validation';
import { eraseAccount } from './erase';
import { exportAccount } from './export';
import { mailPerson, serviceOf } from './notify';
import { decodeCursor } from '../cursor';
import { accountDetail, accountHead, listAccounts, type AccountState } from './store';

const BASE = `${ADMIN_API_PREFIX}/accounts`;
const DEFAULT_LIMIT = 25;

/** The contract's query, and a cursor this list made (else 400 naming `cursor`, not a silent first page). */
const listQuerySchema = z.extend(accountListQuerySchema, {
  cursor: z.optional(
    z.string().check(
      z.maxLength(500),
      z.refine((cursor) => decodeCursor(cursor) !== null, 'not a cursor of this list'),
    ),
  ),
});

type GuidRequest = FastifyRequest<{ Params: { guid: string } }>;
type Head = NonNullable<Awaited<ReturnType<typeof accountHead>>>;

/** What an audited change did: the state it left, counts for the audit row, a value for the answer. */
interface Change<V> {
  after: AccountState;
  details?: Record<string, number | string>;
  value?: V;
}

/** The account locked for the transaction; unknown → 404, erased → 409 (nothing more to do to it). */
async function liveHead(tx: Db, guid: string): Promise<Head> {
  const head = await accountHead(tx, guid, { lock: true });
  if (!head) throw new ApiError('USER_PROFILE_NOT_FOUND');
  if (head.state === 'ERASED') throw new ApiError('ACCOUNT_ERASED');
  return head;
}

/** Ends the account's main sessions (a secure one goes with its main one): one, or all. */
async function endSessions(tx: Db, guid: string, idHash: string | undefined, now: number): Promise<number> {
  const rows = await tx.query<{ live: boolean }>(
    `DELETE FROM sessions WHERE guid = $1 AND parent_id_hash IS NULL AND ($2::text IS NULL OR id_hash = $2)
      RETURNING (idle_expires_at > $3 AND absolute_expires_at > $3) AS live`,
    [guid, idHash ?? null, now],
  );
  // Only live sessions count as ended; expired rows kept for their SESSION_HAS_EXPIRED answer go too.
  return rows.filter((row) => row.live).length;
}

export async function accountRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;

  /** The account as the console shows it (after a write: as it is now). */
  const detailOf = async (guid: string) => {
    const detail = await accountDetail(db, guid, deps.now());
    if (!detail) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return detail;
  };

  /**
   * Runs `change` on the locked live account and records its audit row in the same transaction:
   * the state after it and `details` (counts, never personal data). `value` is for the caller only.
   * A change that finds nothing to do answers null and records nothing.
   */
  async function audited<V = undefined>(
    request: GuidRequest,
    action: string,
    change: (tx: Db, head: Head, now: number) => Promise<Change<V> | null>,
  ): Promise<{ head: Head; value: V | undefined } | null> {
    const { guid } = request.params;
    const now = deps.now();
    return db.transaction(async (tx) => {
      const head = await liveHead(tx, guid);
      const result = await change(tx, head, now);
      if (result === null) return null;
      await recordAudit(
        tx,
        {
          ...auditContext(request),
          action,
          target: `account:${guid}`,
          before: { guid, state: head.state },
          after: { guid, state: result.after, ...result.details },
        },
        now,
      );
      return { head, value: result.value };
    });
  }

  api.get(BASE, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:read')) return reply;
    const query = parseQuery(listQuerySchema, request, reply);
    if (!query) return reply;
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    return listAccounts(db, { ...query, limit: query.limit ?? DEFAULT_LIMIT, after });
  });

  api.get<{ Params: { guid: string } }>(`${BASE}/:guid`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:read')) return reply;
    return detailOf(request.params.guid);
  });

  /** LOCKED: login refuses it (USER_PROFILE_LOCKED), and every session ends so nobody keeps reading. */
  api.post<{ Params: { guid: string } }>(`${BASE}/:guid/lock`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    const done = await audited(request, 'account.lock', async (tx, head) => {
      if (head.state === 'LOCKED') return null;
      await tx.query(`UPDATE user_profiles SET state = 'LOCKED', state_before_lock = state WHERE guid = $1`, [
        head.guid,
      ]);
      return { after: 'LOCKED', details: { sessionsEnded: await deleteUserSessions(tx, head.guid) } };
    });
    if (done) mailPerson(deps, done.head, accountLockedNotice, request.log);
    return detailOf(request.params.guid);
  });

  /** Back to the state the lock replaced: an account locked before activation still needs it. */
  api.post<{ Params: { guid: string } }>(`${BASE}/:guid/unlock`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    const done = await audited(request, 'account.unlock', async (tx, head) => {
      if (head.state !== 'LOCKED') return null;
      const [row] = await tx.query<{ state: AccountState }>(
        `UPDATE user_profiles SET state = COALESCE(state_before_lock, 'ACTIVE'), state_before_lock = NULL
          WHERE guid = $1 RETURNING state`,
        [head.guid],
      );
      return { after: row!.state };
    });
    if (done) mailPerson(deps, done.head, accountUnlockedNotice, request.log);
    return detailOf(request.params.guid);
  });

  api.post<{ Params: { guid: string } }>(`${BASE}/:guid/sessions/end`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    const body = parseBody(endSessionsSchema, request, reply);
    if (!body) return reply;
    const done = await audited(request, 'account.sessions.end', async (tx, head, now) => {
      const ended = await endSessions(tx, head.guid, body.sessionId, now);
      return {
        after: head.state,
        details: { scope: body.sessionId === undefined ? 'all' : 'one', ended },
        value: ended,
      };
    });
    return { ended: done?.value ?? 0 };
  });

  /**
   * The visitor's own workflow mails (mail/workflow-mail.ts): a new key, the same mail, the same
   * limit of 5 per account and hour, sent after the answer.
   */
  async function workflowMail(request: GuidRequest, kind: WorkflowKind, action: string) {
    await audited(request, action, async (_tx, head): Promise<Change<undefined>> => {
      if (kind === 'activation' && head.state !== 'INACTIVE') throw new ApiError('ACCOUNT_NOT_INACTIVE');
      return { after: head.state };
    });
    const account = await findAccountByGuid(db, request.params.guid);
    const service = account ? await serviceOf(deps, account.services) : null;
    if (account && service) sendWorkflowMail(deps, { kind, account, service }, request.log);
    return detailOf(request.params.guid);
  }

  api.post<{ Params: { guid: string } }>(`${BASE}/:guid/activation/resend`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    return workflowMail(request, 'activation', 'account.activation.resend');
  });

  api.post<{ Params: { guid: string } }>(`${BASE}/:guid/password-reset`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    return workflowMail(request, 'reset', 'account.password_reset');
  });

  /**
   * A person who lost both the authenticator app and the backup codes (issue 31): support removes
   * the factor (with its backup codes and open sign-in tickets), so the password alone signs in
   * again, and the person is mailed in their language. Sessions stay: losing a phone is not a
   * break-in. Nothing to remove: no audit row, no mail, the account answered as it is.
   */
  api.delete<{ Params: { guid: string } }>(`${BASE}/:guid/second-factor`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:write')) return reply;
    const done = await audited(request, 'account.second_factor.remove', async (tx, head) =>
      (await removeSecondFactor(tx, head.guid)) ? { after: head.state } : null,
    );
    if (done) {
      const account = await findAccountByGuid(db, done.head.guid);
      const locale = mailLocale(account?.attributes.locale);
      mailPerson(deps, done.head, (input) => secondFactorRemovedNotice({ ...input, locale }), request.log);
    }
    return detailOf(request.params.guid);
  });

  /** Everything held about the person, as a download; the export itself is audited and mailed. */
  api.get<{ Params: { guid: string } }>(`${BASE}/:guid/export`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:erase')) return reply;
    // The document is the answer only, never in the audit row: it is personal data.
    const done = await audited(request, 'account.export', async (tx, head, now) => {
      const detail = await accountDetail(tx, head.guid, now);
      return { after: head.state, value: await exportAccount(tx, detail!, now) };
    });
    const { head, value } = done!;
    mailPerson(deps, head, accountExportedNotice, request.log);
    return reply
      .header('content-disposition', `attachment; filename="account-${encodeURIComponent(head.guid)}.json"`)
      .type('application/json; charset=utf-8')
      .send(value);
  });

  api.delete<{ Params: { guid: string } }>(`${BASE}/:guid`, async (request, reply) => {
    if (!permitted(request, reply, 'accounts:erase')) return reply;
    const done = await audited(request, 'account.erase', async (tx, head, now) => ({
      after: 'ERASED',
      details: await eraseAccount(tx, head, now),
    }));
    // To the address held before: the last mail the site sends the person.
    mailPerson(deps, done!.head, accountErasedNotice, request.log);
    return detailOf(request.params.guid);
  });
}

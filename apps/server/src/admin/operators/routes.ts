/**
 * The console's sign-in and its operators (issue 28): POST/GET/DELETE /admin/api/session and
 * GET/POST/PATCH /admin/api/operators. Signing in takes the password, then — for an operator with
 * a second factor, every owner — the current TOTP code; failures are throttled per address and
 * per client, and audited like every operator action.
 */
import {
  ADMIN_API_PREFIX,
  ROLE_PERMISSIONS,
  operatorCreateSchema,
  operatorLoginSchema,
  operatorUpdateSchema,
  type OperatorSession,
} from '@foyer/api/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { getDummyHash, verifyPassword } from '../../security/passwords';
import { recordEvent, throttleWait, type ThrottleRule } from '../../security/throttle';
import { recordAudit } from '../audit';
import { auditContext, permitted } from '../principal';
import { parseBody } from '../validation';
import {
  createOperatorSession,
  endOperatorSession,
  operatorCookieHeader,
  operatorCookieOf,
  type OperatorSessionRow,
} from './sessions';
import {
  createOperator,
  findOperatorByEmail,
  listOperators,
  recordOperatorLogin,
  toOperator,
  totpSecretOf,
  updateOperator,
} from './store';
import { matchTotp, otpauthUrl } from '../../security/totp';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator's console session, when the call came with its cookie (admin/routes.ts). */
    operatorSession?: OperatorSessionRow;
  }
}

/** Wrong passwords or codes: 10 per address and 30 per client address in 15 minutes. */
const PER_EMAIL: ThrottleRule = { bucket: 'operator-login', max: 10, windowMs: 15 * 60_000 };
const PER_CLIENT: ThrottleRule = { bucket: 'operator-login-client', max: 30, windowMs: 15 * 60_000 };

export function sessionAnswer(session: OperatorSessionRow): OperatorSession {
  const operator = toOperator(session.operator);
  return {
    operator,
    permissions: [...ROLE_PERMISSIONS[operator.role]],
    csrfToken: session.csrfToken,
    idleExpiresAt: session.idleExpiresAt,
  };
}

export async function operatorRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const secureCookie = () => deps.publicUrl().startsWith('https:');
  const anonymousAudit = (request: FastifyRequest) => ({
    actor: 'anonymous',
    address: request.ip,
    userAgent: request.headers['user-agent'],
  });

  api.post(`${ADMIN_API_PREFIX}/session`, async (request, reply) => {
    const body = parseBody(operatorLoginSchema, request, reply);
    if (!body) return reply;
    const now = deps.now();
    const email = body.email.trim().toLowerCase();
    const waits = await Promise.all([
      throttleWait(deps.db, PER_EMAIL, email, now),
      throttleWait(deps.db, PER_CLIENT, request.ip, now),
    ]);
    const wait = Math.max(...waits.map((value) => value ?? 0));
    if (wait > 0)
      throw new ApiError('TOO_MANY_ATTEMPTS', [String(Math.ceil(wait / 60_000))], {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
    const failed = async (code: string, reason: string) => {
      await deps.db.transaction(async (tx) => {
        await recordEvent(tx, PER_EMAIL, email, now);
        await recordEvent(tx, PER_CLIENT, request.ip, now);
        await recordAudit(
          tx,
          {
            ...anonymousAudit(request),
            action: 'operator.login_failed',
            target: `operator:${email}`,
            before: null,
            after: { reason },
          },
          now,
        );
      });
      throw new ApiError(code);
    };

    const operator = await findOperatorByEmail(deps.db, email);
    // An unknown address takes as long as a wrong password, and answers the same.
    const passwordOk = await verifyPassword(operator?.password_hash ?? (await getDummyHash()), body.password);
    if (!operator || !passwordOk || operator.disabled_at !== null) return failed('IDENTIFIERS_INVALID', 'password');
    const secret = totpSecretOf(operator);
    if (operator.role === 'owner' && secret === null) throw new ApiError('OPERATOR_SECOND_FACTOR_MISSING');
    let step: number | null = null;
    if (secret !== null) {
      if (body.totp === undefined) throw new ApiError('OPERATOR_SECOND_FACTOR_REQUIRED');
      step = matchTotp(
        secret,
        body.totp,
        now,
        operator.totp_last_step === null ? null : Number(operator.totp_last_step),
      );
      if (step === null) return failed('OPERATOR_SECOND_FACTOR_INVALID', 'totp');
    }
    const session = await deps.db.transaction(async (tx) => {
      if (!(await recordOperatorLogin(tx, operator.id, step, now))) return null;
      const created = await createOperatorSession(tx, operator.id, now);
      await recordAudit(
        tx,
        {
          actor: `operator:${operator.email} (${operator.id})`,
          address: request.ip,
          userAgent: request.headers['user-agent'],
          action: 'operator.login',
          target: `operator:${operator.id}`,
          before: null,
          after: null,
        },
        now,
      );
      return created;
    });
    if (!session) return failed('OPERATOR_SECOND_FACTOR_INVALID', 'totp reused');
    reply.header('set-cookie', operatorCookieHeader(session.cookie, secureCookie()));
    return sessionAnswer({ operator, csrfToken: session.csrfToken, idleExpiresAt: session.idleExpiresAt });
  });

  api.get(`${ADMIN_API_PREFIX}/session`, async (request) => {
    if (!request.operatorSession) throw new ApiError('UNAUTHORIZED');
    return sessionAnswer(request.operatorSession);
  });

  api.delete(`${ADMIN_API_PREFIX}/session`, async (request, reply) => {
    const cookie = operatorCookieOf(request.headers.cookie);
    if (cookie && request.operatorSession) {
      await endOperatorSession(deps.db, cookie);
      await recordAudit(
        deps.db,
        {
          ...auditContext(request),
          action: 'operator.logout',
          target: `operator:${request.operatorSession.operator.id}`,
          before: null,
          after: null,
        },
        deps.now(),
      );
    }
    reply.header('set-cookie', operatorCookieHeader(null, secureCookie()));
    return reply.code(204).send();
  });

  api.get(`${ADMIN_API_PREFIX}/operators`, async (request, reply) => {
    if (!permitted(request, reply, 'operators:manage')) return reply;
    return { items: await listOperators(deps.db), next: null };
  });

  api.post(`${ADMIN_API_PREFIX}/operators`, async (request, reply) => {
    if (!permitted(request, reply, 'operators:manage')) return reply;
    const body = parseBody(operatorCreateSchema, request, reply);
    if (!body) return reply;
    const now = deps.now();
    const created = await deps.db.transaction(async (tx) => {
      const made = await createOperator(tx, body, now);
      await recordAudit(
        tx,
        {
          ...auditContext(request),
          action: 'operator.create',
          target: `operator:${made.operator.id}`,
          before: null,
          after: made.operator,
        },
        now,
      );
      return made;
    });
    return reply.code(201).send({
      operator: created.operator,
      totpSecret: created.totpSecret,
      otpauthUrl: created.totpSecret === null ? null : otpauthUrl(created.totpSecret, created.operator.email),
    });
  });

  api.patch<{ Params: { id: string } }>(`${ADMIN_API_PREFIX}/operators/:id`, async (request, reply: FastifyReply) => {
    if (!permitted(request, reply, 'operators:manage')) return reply;
    const body = parseBody(operatorUpdateSchema, request, reply);
    if (!body) return reply;
    const now = deps.now();
    const changed = await deps.db.transaction(async (tx) => {
      const change = await updateOperator(tx, request.params.id, body, now);
      if (change)
        await recordAudit(
          tx,
          {
            ...auditContext(request),
            action: 'operator.update',
            target: `operator:${request.params.id}`,
            before: change.before,
            after: change.after,
          },
          now,
        );
      return change;
    });
    if (!changed) throw new ApiError('NOT_FOUND');
    return changed.after;
  });
}

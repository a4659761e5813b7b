/**
 * Forgot password (POST /userProfile/resetAttributeWorkflow/:authScheme), reset
 * (PUT /resetAttributeWorkflow/:key) and change (PUT /userProfile/:id/password), following the
 * OWASP Forgot Password Cheat Sheet: the same answer for known and unknown accounts, mail sent
 * after the answer, random single-use hashed keys that expire within the hour, no login after a
 * reset, and every other session (and any pending e-mail change) ended when the password changes.
 * A reset also proves the account's address (migration 024) and drops what was attached before.
 */
import {
  forgotPasswordQuerySchema,
  identityEndpoints,
  NETWORK_NAMES,
  PASSWORD_MIN_LENGTH,
  type SocialNetwork,
} from '@foyer/api';
import type { TaskLogger } from '../background';
import { calledServiceName } from '../http/frame-binding';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError, validationFailed } from '../http/errors';
import { activateAccount, markAddressProven, setPasswordHash } from '../identity/accounts';
import { normalizeIdentifier } from '../identity/identifiers';
import { dropLaterLinks, dropUnprovenLinks } from '../identity/social-store';
import {
  findAccountByGuid,
  findAccountByIdentifiers,
  findAuthenticationScheme,
  findDefaultService,
  findService,
  type Account,
} from '../identity/store';
import { mailAddressOf } from '../identity/mail-address';
import { resetCleanupNotice } from '../mail/messages';
import { sendWorkflowMail } from '../mail/workflow-mail';
import { cancelIdentifierChanges } from '../identity/identifier-changes';
import { checkCurrentPassword } from '../security/password-proof';
import { hashPassword } from '../security/passwords';
import { clearIdentifierFailures, grantLoginPass, identifierKey } from '../security/rate-limit';
import { deleteUserSessions } from '../security/sessions';
import { mailRequestRule, takeAddressToken } from '../security/sign-up-limits';
import { consumeKey, peekKey, revokeKeys } from '../security/workflow-keys';

const PASSWORD_LABEL = 'Password';

function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new ApiError('ATTRIBUTE_VALIDATION_FAILED', [PASSWORD_LABEL]);
}

/**
 * The owner has proven control: forget the login failures on every scheme's identifiers of the
 * account, and give each a pass past the per-address limit for its next correct login (a busy
 * address over its limit must not keep the owner out, issue 11 finding 4).
 */
async function forgiveLoginFailures(db: Db, account: Account, now: number): Promise<void> {
  const schemes = await db.query<{ identifiers: unknown }>(
    'SELECT identifiers FROM authentication_schemes WHERE realm_name = $1',
    [account.realmName],
  );
  for (const row of schemes) {
    const names = (typeof row.identifiers === 'string' ? JSON.parse(row.identifiers) : row.identifiers) as string[];
    if (!names.every((name) => account.attributes[name])) continue;
    const key = identifierKey(
      account.realmName,
      names.map((name) => ({ name, value: normalizeIdentifier(account.attributes[name]!) })),
    );
    await clearIdentifierFailures(db, key);
    await grantLoginPass(db, key, now);
  }
}

export function passwordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(
    app,
    identityEndpoints.forgotPassword,
    async ({ params, query, request }) => {
      const scheme = await findAuthenticationScheme(db, params.authScheme);
      if (!scheme || scheme.realmName !== query.realm) {
        throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.authScheme]);
      }
      const raw = query as Record<string, unknown>;
      const identifiers = scheme.identifiers.map((name) => ({ name, value: raw[name] }));
      const missing = identifiers.filter(({ value }) => typeof value !== 'string' || !value.trim());
      if (missing.length) throw validationFailed(missing.map(({ name }) => `query.${name}`));

      const serviceName = query.serviceName ?? calledServiceName(request);
      const service = serviceName ? await findService(db, serviceName) : await findDefaultService(db);
      if (!service || service.realmName !== scheme.realmName) {
        throw new ApiError('SERVICE_NOT_FOUND', [serviceName ?? '']);
      }
      // Counted before the account is looked up: known and unknown addresses spend it alike.
      await takeAddressToken(deps, mailRequestRule(deps), request);
      const account = await findAccountByIdentifiers(
        db,
        scheme.realmName,
        identifiers.map(({ name, value }) => ({ name, value: String(value) })),
      );
      // A locked account stays locked: no reset mail. Everyone gets the same answer.
      if (account && account.state !== 'LOCKED')
        sendWorkflowMail(deps, { kind: 'reset', account, service }, request.log);
      return { body: { accepted: true as const } };
    },
    { query: forgotPasswordQuerySchema },
  );

  defineRoute(app, identityEndpoints.resetPassword, async ({ params, body, request }) => {
    const now = deps.now();
    // Checked before the password so a used link says so rather than complain about the password.
    if (!(await peekKey(db, 'reset', params.key, now))) throw new ApiError('RESET_USER_PROFILE_NOT_FOUND');
    const password = body.attributes.find((attribute) => attribute.name === 'password')?.value;
    if (password === undefined) throw validationFailed(['attributes.password']);
    checkNewPassword(password);
    const passwordHash = await hashPassword(password);

    const done = await db.transaction(async (tx) => {
      const owner = await consumeKey(tx, 'reset', params.key, deps.now());
      if (!owner) return null;
      const before = await findAccountByGuid(tx, owner.guid);
      await setPasswordHash(tx, owner.guid, passwordHash);
      // The owner of the address, proven only now: social links made before are not theirs to keep.
      const unproven = await dropUnprovenLinks(tx, owner.guid);
      // A network linked later may be a thief's, linked with a stolen session to outlast this reset.
      const droppedNetworks = [...unproven, ...(await dropLaterLinks(tx, owner.guid))];
      // The mail proved the address, which is what activation asks for.
      await activateAccount(tx, owner.guid);
      await markAddressProven(tx, owner.guid, now);
      await revokeKeys(tx, owner.guid, 'reset', now);
      // The owner is back in control: a change of address someone else asked for is cancelled.
      const cancelledChanges = await cancelIdentifierChanges(tx, owner.guid, now);
      await deleteUserSessions(tx, owner.guid);
      const account = await findAccountByGuid(tx, owner.guid);
      // Invitations need no dropping: an unproven address never matched any (account/caller.ts).
      const provedAddress = before?.addressProvenAt === null;
      // Mailed when a link went, or when the reset proved the address and cancelled a change someone
      // asked for before: what the owner may not know was there.
      const removed =
        droppedNetworks.length > 0 || (provedAddress && cancelledChanges > 0)
          ? { droppedNetworks, cancelledChange: cancelledChanges > 0, provedAddress, serviceName: owner.serviceName }
          : null;
      return account ? { account, removed } : null;
    });
    if (!done) throw new ApiError('RESET_USER_PROFILE_NOT_FOUND');
    await forgiveLoginFailures(db, done.account, deps.now());
    if (done.removed) mailResetCleanup(done.account, done.removed, request.log);
    return { status: 204, body: undefined };
  });

  /** After the answer: tells the owner what the reset removed (messages.ts resetCleanupNotice). */
  function mailResetCleanup(
    account: Account,
    removed: {
      droppedNetworks: SocialNetwork[];
      cancelledChange: boolean;
      provedAddress: boolean;
      serviceName: string | null;
    },
    log: TaskLogger,
  ): void {
    const to = mailAddressOf(account);
    if (!to) return;
    deps.background.run(async () => {
      const service = removed.serviceName ? await findService(db, removed.serviceName) : await findDefaultService(db);
      if (!service) return;
      await deps.mailer.send(
        resetCleanupNotice({
          to,
          droppedNetworks: removed.droppedNetworks.map((network) => NETWORK_NAMES[network]),
          cancelledChange: removed.cancelledChange,
          provedAddress: removed.provedAddress,
          service,
        }),
      );
    }, log);
  }

  defineRoute(app, identityEndpoints.changePassword, async ({ params, body, request }) => {
    const own = await requireSession(deps, request, params.id);
    const account = await findAccountByGuid(db, params.id);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const service = await findService(db, own.authorization.serviceName);
    const requireOld = service?.settings.requireOldPassword ?? true;
    checkNewPassword(body.newPassword);

    if (requireOld || body.oldPassword !== undefined) {
      if (!body.oldPassword) throw validationFailed(['oldPassword']);
      await checkCurrentPassword(deps, account, body.oldPassword);
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, account.guid, passwordHash);
      // Whoever else holds a session or a reset link of this account loses it; this browser stays logged in.
      await deleteUserSessions(tx, account.guid, own.sessionId);
      await revokeKeys(tx, account.guid, 'reset', deps.now());
      // A change of address asked for with the old password (by whoever knew it) dies with it.
      await cancelIdentifierChanges(tx, account.guid, deps.now());
    });
    return { status: 204, body: undefined };
  });
}

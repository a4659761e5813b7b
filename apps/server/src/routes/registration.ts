/**
 * POST /userProfile (register), POST /userProfileActivationWorkflow/:key (activate) and
 * POST /userProfileActivationWorkflow/resendByIdentifiers.
 */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError, validationFailed } from '../http/errors';
import { activateAccount, createAccount, markAddressProven, REGISTRATION_DUPLICATE } from '../identity/accounts';
import { readRegistrationForm } from '../identity/registration-form';
import {
  findAccountByGuid,
  findAccountByIdentifiers,
  findAuthenticationScheme,
  findService,
  toUserProfile,
} from '../identity/store';
import { sendWorkflowMail } from '../mail/workflow-mail';
import { mailRequestRule, takeAddressToken } from '../security/sign-up-limits';
import { hashPassword } from '../security/passwords';
import { consumeKey } from '../security/workflow-keys';

export function registrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, identityEndpoints.register, async ({ body, request }) => {
    const { services, primary, identifiers, attributes, password } = await readRegistrationForm(deps, request, body, {
      password: 'required',
    });
    const requireActivation = primary.settings.requireActivation ?? true;
    const guid = await createAccount(db, {
      realmName: body.realm,
      state: requireActivation ? 'INACTIVE' : 'ACTIVE',
      passwordHash: await hashPassword(password),
      attributes,
      identifiers,
      services: services.map((service) => service.name),
      // Typed, not proven: the activation mail proves it; without activation, a reset does.
      addressProven: false,
      now: deps.now(),
      duplicateCode: REGISTRATION_DUPLICATE,
    });
    const account = await findAccountByGuid(db, guid);
    if (!account) throw new ApiError('technical_difficulties');
    if (requireActivation) sendWorkflowMail(deps, { kind: 'activation', account, service: primary }, request.log);
    return { status: 201, body: toUserProfile(account) };
  });

  defineRoute(app, identityEndpoints.activateAccount, async ({ params }) => {
    const owner = await consumeKey(db, 'activation', params.key, deps.now());
    if (!owner) throw new ApiError('ACTIVATION_KEY_NOT_FOUND');
    await activateAccount(db, owner.guid);
    // The key came from the mail to the address: whoever follows it reads that mailbox.
    await markAddressProven(db, owner.guid, deps.now());
    const account = await findAccountByGuid(db, owner.guid);
    if (!account) throw new ApiError('ACTIVATION_KEY_NOT_FOUND');
    return { body: { guid: account.guid, state: account.state } };
  });

  defineRoute(app, identityEndpoints.resendActivation, async ({ body, request }) => {
    const service = await findService(db, body.service);
    if (!service || service.realmName !== body.realmName) throw new ApiError('SERVICE_NOT_FOUND', [body.service]);
    const scheme = await findAuthenticationScheme(db, service.authenticationSchemeName);
    const names = scheme?.identifiers ?? [];
    const given = names.map((name) => body.identifiers.find((identifier) => identifier.name === name));
    const missing = names.filter((_, index) => !given[index]?.value.trim());
    if (missing.length) throw validationFailed(missing.map((name) => `identifiers.${name}`));
    // Counted before the account is looked up: known and unknown addresses spend it alike.
    await takeAddressToken(deps, mailRequestRule(deps), request);
    const account = await findAccountByIdentifiers(
      db,
      body.realmName,
      given.filter((identifier) => identifier !== undefined),
    );
    // The same answer whatever was found; only an inactive account gets a (new) activation mail.
    if (account?.state === 'INACTIVE') sendWorkflowMail(deps, { kind: 'activation', account, service }, request.log);
    return { body: { accepted: true as const } };
  });
}

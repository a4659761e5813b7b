/**
 * The registration form as every sign-up with a form reads it (POST /userProfile, and the sign-up
 * with a passkey, which has no password): the services, their scheme's form, the values checked
 * against it, the captcha, the per-address sign-up limit, and a taken identifier refused.
 */
import type { Register } from '@foyer/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError, validationFailed } from '../http/errors';
import { checkCaptcha } from '../security/captcha';
import { signUpRule, takeAddressToken } from '../security/sign-up-limits';
import { identifiersTaken, REGISTRATION_DUPLICATE } from './accounts';
import { checkAttributes, fieldsOf, isPasswordField } from './attributes';
import { findService, type Service } from './store';
import { registrationTemplate } from './templates';

export interface RegistrationForm {
  /** The named services; the first (`primary`) decides the form, activation and mail. */
  services: Service[];
  primary: Service;
  identifiers: { name: string; value: string }[];
  /** Identifiers and attributes with a value, as the account stores them. */
  attributes: Record<string, string>;
  /** The typed password; empty with `password: 'none'`. */
  password: string;
}

async function servicesOf(deps: AppDeps, realm: string, names: readonly string[]): Promise<Service[]> {
  const services: Service[] = [];
  for (const name of new Set(names)) {
    const service = await findService(deps.db, name);
    if (!service || service.realmName !== realm) throw new ApiError('SERVICE_NOT_FOUND', [name]);
    services.push(service);
  }
  return services;
}

/**
 * Reads and checks `body`. `password: 'none'` (a passkey sign-up): the form's password fields are
 * left out, and a password sent anyway is refused as an unknown attribute. `allow` runs once the
 * services are known, before anything is counted (a service that refuses this kind of sign-up).
 */
export async function readRegistrationForm(
  deps: AppDeps,
  request: FastifyRequest,
  body: Register,
  options: { password: 'required' | 'none'; allow?: (primary: Service) => void },
): Promise<RegistrationForm> {
  const services = await servicesOf(deps, body.realm, body.services);
  const primary = services[0]!;
  options.allow?.(primary);
  // The form of the first service's scheme, asking for what every named service requires.
  const required = [...new Set(services.flatMap((service) => service.requiredAttributes))];
  const template = await registrationTemplate(deps.db, primary.authenticationSchemeName, {
    ...primary,
    requiredAttributes: required,
  });
  if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [primary.authenticationSchemeName]);

  const fields = fieldsOf(template).filter((field) => options.password === 'required' || !isPasswordField(field));
  const values = checkAttributes(fields, body.attributes, { requireAll: true });
  // The captcha guards the duplicate check below, which would otherwise tell bots who has an account.
  await checkCaptcha(deps, request, services, body.recaptchaResponse);
  // Accounts per address (shared with the purchase flow's sign-up); it also bounds the duplicate answer below.
  await takeAddressToken(deps, signUpRule(deps), request);

  const identifiers = template.identifiers.map((field) => ({
    name: field.name,
    value: (values.get(field.name) ?? '').trim(),
  }));
  if (await identifiersTaken(deps.db, body.realm, identifiers)) throw new ApiError(REGISTRATION_DUPLICATE);
  const password =
    options.password === 'required'
      ? (template.validators.filter(isPasswordField).map((field) => values.get(field.name))[0] ?? '')
      : '';
  if (options.password === 'required' && !password) throw validationFailed(['attributes.password']);

  const attributes: Record<string, string> = {};
  for (const field of [...template.identifiers, ...template.attributes]) {
    const value = values.get(field.name)?.trim();
    if (value) attributes[field.name] = value;
  }
  return { services, primary, identifiers, attributes, password };
}

/**
 * What the embedded database is seeded with. A site owner edits this file (realms, schemes,
 * services, the origins allowed to embed the widgets, templates, accounts) and restarts the
 * server: realms, schemes, templates and services are updated in place; accounts are created when
 * missing and never overwritten (their passwords and states may have changed since).
 */
import type { Attribute, Template } from '@foyer/api';

export interface ServiceSettings {
  /** Change password asks for the old password (default true). */
  requireOldPassword?: boolean;
  /**
   * Origins of the other sites in this service's single sign-on group (`https://news.example.com`);
   * after login and logout the frame requests `<origin>/ic/api/session/…/sso.gif` on each.
   */
  ssoDomains?: string[];
  /** reCAPTCHA site key (40 characters): registration must then carry a solved captcha. */
  recaptchaSiteKey?: string;
  /** The secret that goes with the site key; default: env RECAPTCHA_SECRET. */
  recaptchaSecret?: string;
  /** Roles users may give themselves or drop through profile update (default none). */
  assignableRoles?: string[];
  /** New accounts start INACTIVE and get an activation mail (default true). */
  requireActivation?: boolean;
}

export interface SeedConfig {
  realms: {
    name: string;
    /** Definitions of attributes services may require that the registration templates lack. */
    attributes?: Attribute[];
  }[];
  authenticationSchemes: {
    name: string;
    realmName: string;
    identifiers: string[];
    validators: string[];
    /** The login form of the scheme (GET /ui/template/login/:scheme). */
    loginTemplate: Template;
    /** GET /ui/template/registration/:scheme; the profile template is made from it too. */
    registrationTemplate?: Template;
  }[];
  services: ({
    name: string;
    realmName: string;
    authenticationSchemeName: string;
    displayName: string;
    /** Profile attributes a user needs for this service; login answers 202 when some are missing. */
    requiredAttributes: string[];
    /** CSP host-source patterns of pages allowed to embed the frames, e.g. `https://news.example.com`. */
    allowedHostOrigins: string[];
    /** The service frames use when the page names none (exactly one service should be the default). */
    default?: boolean;
  } & ServiceSettings)[];
  accounts: {
    realmName: string;
    /** Identifier name -> value; identifiers are also stored as profile attributes. */
    identifiers: Record<string, string>;
    password: string;
    attributes: Record<string, string>;
    roles: string[];
    services: string[];
    state: 'ACTIVE' | 'INACTIVE' | 'LOCKED';
  }[];
}

export const seedConfig: SeedConfig = {
  realms: [
    {
      name: 'default',
      attributes: [
        { name: 'phone', label: 'Phone', type: 'STRING', mandatory: false, autocomplete: 'tel', inputType: 'tel' },
      ],
    },
  ],
  authenticationSchemes: [
    {
      name: 'default',
      realmName: 'default',
      identifiers: ['email'],
      validators: ['password'],
      loginTemplate: {
        identifiers: [
          {
            name: 'email',
            label: 'Email',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'username',
            inputType: 'email',
          },
        ],
        validators: [
          {
            name: 'password',
            label: 'Password',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'current-password',
            inputType: 'password',
          },
        ],
        attributes: [],
      },
      registrationTemplate: {
        identifiers: [
          {
            name: 'email',
            label: 'Email',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'email',
            inputType: 'email',
          },
        ],
        validators: [
          {
            name: 'password',
            label: 'Password',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'new-password',
            inputType: 'password',
          },
        ],
        attributes: [
          { name: 'firstName', label: 'First name', type: 'STRING', mandatory: true, autocomplete: 'given-name' },
          { name: 'lastName', label: 'Last name', type: 'STRING', mandatory: true, autocomplete: 'family-name' },
          { name: 'birthDate', label: 'Birth date', type: 'DATE', mandatory: false, autocomplete: 'bday' },
        ],
      },
    },
  ],
  services: [
    {
      name: 'demo',
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo',
      requiredAttributes: [],
      allowedHostOrigins: ['http://localhost:*'],
      default: true,
      requireOldPassword: true,
      ssoDomains: [],
    },
    {
      // Needs a phone number: logins answer 202, linking answers REQUIRED_ATTRIBUTE_MISSING until it is given.
      name: 'demo-strict',
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo (phone required)',
      requiredAttributes: ['phone'],
      allowedHostOrigins: ['http://localhost:*'],
      requireOldPassword: true,
      ssoDomains: [],
    },
  ],
  accounts: [
    {
      realmName: 'default',
      identifiers: { email: 'demo@foyer.test' },
      password: 'foyer-demo-1',
      attributes: { firstName: 'Demo', lastName: 'Visitor' },
      roles: [],
      services: ['demo'],
      state: 'ACTIVE',
    },
  ],
};

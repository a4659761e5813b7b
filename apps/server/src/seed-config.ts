/**
 * What the embedded database is seeded with. A site owner edits this file (realms, schemes,
 * services, the origins allowed to embed the widgets, templates, accounts) and restarts the
 * server: realms, schemes, templates and services are updated in place; accounts are created when
 * missing and never overwritten (their passwords and states may have changed since).
 */
import type { Template } from '@foyer/api';

export interface SeedConfig {
  realms: { name: string }[];
  authenticationSchemes: {
    name: string;
    realmName: string;
    identifiers: string[];
    validators: string[];
    /** The login form of the scheme (GET /ui/template/login/:scheme). */
    loginTemplate: Template;
  }[];
  services: {
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
  }[];
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
  realms: [{ name: 'default' }],
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

/**
 * The profile editors' test fixtures (edit-profile, its capture container and edit-social-profile):
 * the logged-in session, the demo profile template and account, and the identity server's answers
 * to the profile and secure-mode (re-authentication) calls. One copy, so a change of the identity
 * API's shapes is made once.
 */
import type { SocialNetwork } from '@foyer/api';
import { DEMO_SERVICE, SESSION_ID, type Handler } from './harness';

/** The session of the demo account (guid-1), live for an hour. */
export const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false };

/** The demo service's profile template: an e-mail identifier, a mandatory, an optional and a multi-choice attribute. */
export const PROFILE_TEMPLATE = {
  identifiers: [{ name: 'email', label: 'Email', type: 'STRING', mandatory: true, inputType: 'email' }],
  validators: [],
  attributes: [
    { name: 'firstName', label: 'First name', type: 'STRING', mandatory: true },
    { name: 'phone', label: 'Phone', type: 'STRING', mandatory: false },
    {
      name: 'topics',
      label: 'Topics',
      type: 'STRING',
      mandatory: false,
      options: [
        { value: 'news', caption: 'News' },
        { value: 'sport', caption: 'Sport' },
      ],
      validations: [{ name: 'multiChoice' }],
    },
  ],
};

/** The demo account's profile as `GET /userProfile/guid-1` answers it. */
export function profileBody(firstName = 'Demo', extra: { name: string; value: string }[] = []) {
  return {
    guid: 'guid-1',
    attributes: [
      { name: 'email', value: 'demo@foyer.test' },
      { name: 'firstName', value: firstName },
      { name: 'phone', value: '555' },
      ...extra,
    ],
    roles: [],
    services: ['demo'],
    state: 'ACTIVE',
  };
}

/** The template and the profile (its first name `firstName`); a save answers the profile as `savedAs`. */
export function profileRoutes(firstName = 'Demo', savedAs = 'Dana'): Record<string, Handler> {
  return {
    'GET /ui/template/profile/demo': () => ({ status: 200, body: PROFILE_TEMPLATE }),
    'GET /userProfile/guid-1': () => ({ status: 200, body: profileBody(firstName) }),
    'PUT /userProfile/guid-1/demo': () => ({ status: 200, body: profileBody(savedAs) }),
  };
}

/** The secure session a successful re-authentication opens. */
export const NEW_SECURE_SESSION_ID = 'secure-session-new-0123';

/**
 * What the password prompt of secure mode needs: the service (with a captcha site key if given),
 * its authentication scheme, the account's links (`GET /social/:guid`: a password, or with
 * `socialOnly` none and those networks), and `POST /session/:id` answering `reauthenticated` (by
 * default a new secure session).
 */
export function reauthenticationRoutes(
  options: {
    recaptchaSiteKey?: string;
    reauthenticated?: Handler;
    /** An account made by social registration (no password), linked to these networks. */
    socialOnly?: readonly SocialNetwork[];
  } = {},
): Record<string, Handler> {
  const service = options.recaptchaSiteKey
    ? { ...DEMO_SERVICE, recaptchaSiteKey: options.recaptchaSiteKey }
    : DEMO_SERVICE;
  return {
    'GET /service/demo': () => ({ status: 200, body: service }),
    'GET /authenticationScheme/default': () => ({
      status: 200,
      body: { name: 'default', realmName: 'default', identifiers: ['email'], validators: ['password'] },
    }),
    'GET /social/guid-1': () => ({
      status: 200,
      body: {
        hasPassword: !options.socialOnly,
        profiles: Object.fromEntries(
          (options.socialOnly ?? []).map((network) => [
            network.toUpperCase(),
            { network, socialUserId: `${network}-1`, linkedAt: Date.now() },
          ]),
        ),
      },
    }),
    [`POST /session/${SESSION_ID}`]:
      options.reauthenticated ??
      (() => ({
        status: 200,
        body: {
          guid: 'guid-1',
          mainSession: { sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false },
          secureSession: { sessionId: NEW_SECURE_SESSION_ID, expiry: Date.now() + 900_000 },
        },
      })),
  };
}

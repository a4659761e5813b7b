/** Every identity call in one table, for the server's route builder and tests (not for bundles). */
import * as accountEndpoints from './account-endpoints';
import * as emailCodeEndpoints from './email-code-endpoints';
import * as grantEndpoints from './grant-endpoints';
import * as passkeyEndpoints from './passkey-endpoints';
import * as secondFactorEndpoints from './second-factor-endpoints';
import * as socialEndpoints from './social-endpoints';
import {
  createSession,
  reauthenticateSession,
  getSession,
  deleteSession,
  getUserProfile,
  getLoginTemplate,
  getAuthenticationScheme,
  getService,
} from './endpoints';

/** The whole table, for the server's route builder and tests. */
export const identityEndpoints = {
  ...accountEndpoints,
  ...grantEndpoints,
  ...socialEndpoints,
  ...emailCodeEndpoints,
  ...passkeyEndpoints,
  ...secondFactorEndpoints,
  createSession,
  reauthenticateSession,
  getSession,
  deleteSession,
  getUserProfile,
  getLoginTemplate,
  getAuthenticationScheme,
  getService,
} as const;

export type IdentityEndpoints = typeof identityEndpoints;

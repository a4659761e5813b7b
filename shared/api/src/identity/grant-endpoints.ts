/**
 * The identity service's grant calls (identity spec §7): the same grants as the widget service's
 * account calls, addressed by user. `guid` must be the session's own user (FORBIDDEN otherwise);
 * `id` / `key` is the grant's public id (or, to accept or decline, the mailed invitation key).
 */
import type * as z from 'zod/mini';
import { grantInvitationSchema, grantInvitationsSchema, type GrantAction } from '../widget/account-schemas';
import { endpoint } from './endpoint';

type Guid = { guid: string };

export const getUserGrantsReceived = /* @__PURE__ */ endpoint<Guid, never, z.infer<typeof grantInvitationsSchema>>(
  'GET',
  '/userProfile/:guid/grant/received',
  null,
  grantInvitationsSchema,
);
export const getUserGrantsSent = /* @__PURE__ */ endpoint<Guid, never, z.infer<typeof grantInvitationsSchema>>(
  'GET',
  '/userProfile/:guid/grant/sent',
  null,
  grantInvitationsSchema,
);
export const getUserGrant = /* @__PURE__ */ endpoint<
  Guid & { id: string },
  never,
  z.infer<typeof grantInvitationSchema>
>('GET', '/userProfile/:guid/grant/:id', null, grantInvitationSchema);
export const actOnUserGrant = /* @__PURE__ */ endpoint<
  Guid & { id: string; action: GrantAction },
  never,
  z.infer<typeof grantInvitationSchema>
>('POST', '/userProfile/:guid/grant/:id/:action', null, grantInvitationSchema);
/** The owner withdraws an invitation or removes the beneficiary (204). */
export const deleteUserGrant = /* @__PURE__ */ endpoint<Guid & { key: string }, never, void>(
  'DELETE',
  '/userProfile/:guid/grant/:key',
  null,
  null,
);

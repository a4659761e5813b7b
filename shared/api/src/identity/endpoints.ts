/**
 * Every identity call used so far: method, path, body and response schemas. The client below and
 * the server's route table are both built from this list, so the two cannot drift.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import {
  authenticationSchemeSchema,
  servicePublicSchema,
  sessionCreateSchema,
  sessionResponseSchema,
  templateSchema,
  userProfileSchema,
} from './schemas';

export type { Endpoint } from './endpoint';
export * from './account-endpoints';

type Id = { id: string };

// Each call is its own export, so a bundle carries only the calls (and schemas) it uses.
export const createSession = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof sessionCreateSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/session', sessionCreateSchema, sessionResponseSchema);
/**
 * POST /session/:id (identity spec §7 "POST /session or /session/{id}"): the password login again,
 * for the account of the live session `id` — answers that main session refreshed and a new secure
 * session (secure mode: a logged-in visitor proves the password again).
 */
export const reauthenticateSession = /* @__PURE__ */ endpoint<
  Id,
  z.input<typeof sessionCreateSchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/session/:id', sessionCreateSchema, sessionResponseSchema);
export const getSession = /* @__PURE__ */ endpoint<Id, never, z.infer<typeof sessionResponseSchema>>(
  'GET',
  '/session/:id',
  null,
  sessionResponseSchema,
);
export const deleteSession = /* @__PURE__ */ endpoint<Id, never, void>('DELETE', '/session/:id', null, null);
export const getUserProfile = /* @__PURE__ */ endpoint<Id, never, z.infer<typeof userProfileSchema>>(
  'GET',
  '/userProfile/:id',
  null,
  userProfileSchema,
);
export const getLoginTemplate = /* @__PURE__ */ endpoint<{ scheme: string }, never, z.infer<typeof templateSchema>>(
  'GET',
  '/ui/template/login/:scheme',
  null,
  templateSchema,
);
export const getAuthenticationScheme = /* @__PURE__ */ endpoint<
  { name: string },
  never,
  z.infer<typeof authenticationSchemeSchema>
>('GET', '/authenticationScheme/:name', null, authenticationSchemeSchema);
export const getService = /* @__PURE__ */ endpoint<{ name: string }, never, z.infer<typeof servicePublicSchema>>(
  'GET',
  '/service/:name',
  null,
  servicePublicSchema,
);

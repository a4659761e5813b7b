/**
 * Every identity call used so far: method, path, body and response schemas. The client below and
 * the server's route table are both built from this list, so the two cannot drift.
 */
import type * as z from 'zod/mini';
import {
  authenticationSchemeSchema,
  servicePublicSchema,
  sessionCreateSchema,
  sessionResponseSchema,
  templateSchema,
  userProfileSchema,
} from './schemas';

export interface Endpoint<P extends Record<string, string>, B, R> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path template with `:param` segments, relative to the identity base URL. */
  path: string;
  /** Builds the concrete path; parameters are URI-encoded. */
  toPath(params: P): string;
  body: z.ZodMiniType<B> | null;
  response: z.ZodMiniType<R> | null;
}

function endpoint<P extends Record<string, string>, B, R>(
  method: Endpoint<P, B, R>['method'],
  path: string,
  body: z.ZodMiniType<B> | null,
  response: z.ZodMiniType<R> | null,
): Endpoint<P, B, R> {
  return {
    method,
    path,
    body,
    response,
    toPath: (params) => path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')),
  };
}

type Id = { id: string };

export const identityEndpoints = {
  createSession: endpoint<
    Record<string, never>,
    z.input<typeof sessionCreateSchema>,
    z.infer<typeof sessionResponseSchema>
  >('POST', '/session', sessionCreateSchema, sessionResponseSchema),
  getSession: endpoint<Id, never, z.infer<typeof sessionResponseSchema>>(
    'GET',
    '/session/:id',
    null,
    sessionResponseSchema,
  ),
  deleteSession: endpoint<Id, never, void>('DELETE', '/session/:id', null, null),
  getUserProfile: endpoint<Id, never, z.infer<typeof userProfileSchema>>(
    'GET',
    '/userProfile/:id',
    null,
    userProfileSchema,
  ),
  getLoginTemplate: endpoint<{ scheme: string }, never, z.infer<typeof templateSchema>>(
    'GET',
    '/ui/template/login/:scheme',
    null,
    templateSchema,
  ),
  getAuthenticationScheme: endpoint<{ name: string }, never, z.infer<typeof authenticationSchemeSchema>>(
    'GET',
    '/authenticationScheme/:name',
    null,
    authenticationSchemeSchema,
  ),
  getService: endpoint<{ name: string }, never, z.infer<typeof servicePublicSchema>>(
    'GET',
    '/service/:name',
    null,
    servicePublicSchema,
  ),
} as const;

export type IdentityEndpoints = typeof identityEndpoints;

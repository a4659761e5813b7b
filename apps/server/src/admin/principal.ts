/**
 * Who calls the admin API: an API key (its scopes) or, with the console, an operator (their
 * role's permissions; admin/operators/ signs them in). Routes ask `permitted` for what they need
 * and write `auditActor` into the audit log, whichever kind of caller it is.
 */
import { catalogueError } from '@foyer/api';
import type { AdminPermission } from '@foyer/api/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errors';

export interface AdminPrincipal {
  kind: 'key' | 'operator';
  /** The key's or the operator's id. */
  id: string;
  /** The key's name, or the operator's e-mail address. */
  name: string;
  permissions: ReadonlySet<AdminPermission>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin API's caller, set by the admin API's onRequest hook (admin/routes.ts). */
    adminPrincipal?: AdminPrincipal;
  }
}

/** True when the caller holds `permission`; otherwise answers 403 FORBIDDEN and false. */
export function permitted(request: FastifyRequest, reply: FastifyReply, permission: AdminPermission): boolean {
  if (request.adminPrincipal?.permissions.has(permission)) return true;
  void sendError(reply, catalogueError('FORBIDDEN'));
  return false;
}

/** How the audit log names the caller: `apikey:<name> (<id>)` or `operator:<email> (<id>)`. */
export function auditActor(principal: AdminPrincipal): string {
  return `${principal.kind === 'key' ? 'apikey' : 'operator'}:${principal.name} (${principal.id})`;
}

/** The audit fields every write records about its request: who, and from where. */
export function auditContext(request: FastifyRequest): {
  actor: string;
  address: string;
  userAgent: string | undefined;
} {
  return { actor: auditActor(request.adminPrincipal!), address: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Who may do what on the admin API (issues 27 and 28). One list of permissions serves both kinds
 * of caller: an API key carries some of them as its scopes; an operator (a person at the console)
 * has those of their role. The console hides a control its operator's permissions do not allow,
 * and the server refuses the call anyway (403) — the console is a convenience, the API the rule.
 */
export const ADMIN_PERMISSIONS = [
  'config:read',
  'config:write',
  'audit:read',
  /** Search and read accounts: profile, services, networks, sessions, purchases, invitations. */
  'accounts:read',
  /** Lock/unlock, end sessions, resend activation, send a reset link, remove a lost second factor. */
  'accounts:write',
  /** Export everything held about a person, and erase it (GDPR). */
  'accounts:erase',
  'orders:read',
  /** Confirm or reject a bank-transfer or cash payment. */
  'orders:write',
  'payments:refund',
  'subscriptions:read',
  /** Cancel now or at the period end; resume a cancelled one before its end. */
  'subscriptions:write',
  'webhooks:read',
  /** Send a webhook delivery again. */
  'webhooks:write',
  'figures:read',
  /** Create, change and remove operators. */
  'operators:manage',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export function isAdminPermission(value: string): value is AdminPermission {
  return (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

export const OPERATOR_ROLES = ['owner', 'support', 'finance', 'read-only'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

const READS = ADMIN_PERMISSIONS.filter((permission) => permission.endsWith(':read'));

/** The permissions of each role (issue 28): owner everything; support people; finance money. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly AdminPermission[]>> = {
  owner: ADMIN_PERMISSIONS,
  support: ['accounts:read', 'accounts:write', 'accounts:erase', 'orders:read', 'subscriptions:read', 'audit:read'],
  finance: [
    'accounts:read',
    'orders:read',
    'orders:write',
    'payments:refund',
    'subscriptions:read',
    'subscriptions:write',
    'figures:read',
    'audit:read',
  ],
  'read-only': READS,
};

/** Display names of the roles, for the console and the CLI. */
export const ROLE_LABELS: Readonly<Record<OperatorRole, string>> = {
  owner: 'Owner',
  support: 'Support',
  finance: 'Finance',
  'read-only': 'Read-only',
};

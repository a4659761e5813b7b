/**
 * Errors of the admin API and the console (issues 27 and 28): operators' sign-in and the actions
 * on accounts, orders and subscriptions. Read by operators, not visitors: English only.
 */
export const ADMIN_ERRORS = {
  /** The password was right and the operator has a second factor: ask for its code. */
  OPERATOR_SECOND_FACTOR_REQUIRED: { status: 401, text: 'Enter the 6-digit code from your authenticator app.' },
  OPERATOR_SECOND_FACTOR_INVALID: {
    status: 401,
    text: 'This code is not valid. Enter the current code from your authenticator app.',
  },
  /** An owner without a second factor cannot sign in until one is set (`operator create --totp`). */
  OPERATOR_SECOND_FACTOR_MISSING: {
    status: 403,
    text: 'Owners need a second factor. Ask another owner to set one, or use the CLI.',
  },
  /** A write with the operator's cookie but without the session's CSRF token (header x-foyer-csrf). */
  CSRF_TOKEN_INVALID: { status: 403, text: 'This page is out of date. Reload it and try again.' },
  OPERATOR_EXISTS: { status: 409, text: 'An operator with this e-mail address already exists.' },
  LAST_OWNER: { status: 409, text: 'The last owner cannot be removed or demoted.' },
  ACCOUNT_ERASED: { status: 409, text: 'This account has been erased.' },
  ACCOUNT_NOT_INACTIVE: { status: 409, text: 'This account is already activated.' },
  ORDER_NOT_AWAITING_PAYMENT: { status: 409, text: 'This order is not waiting for a bank transfer or cash payment.' },
  REFUND_NOT_POSSIBLE: { status: 409, text: 'This payment cannot be refunded: {0}' },
  REFUND_AMOUNT_INVALID: { status: 400, text: 'The refund must be more than 0 and at most {0}.' },
  SUBSCRIPTION_NOT_RESUMABLE: { status: 409, text: 'Only a cancelled subscription that has not ended can be resumed.' },
} as const satisfies Record<string, { status: number; text: string }>;

export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

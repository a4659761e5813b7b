/**
 * The purchase error catalogue (purchase spec §8): code -> HTTP status and English default text.
 * Where the spec shows no status, the one chosen here is what the reference server answers.
 * Codes the spec shares with the identity catalogue (INVALID_WIDGET_CONFIG, technical_difficulties)
 * keep their identity entries here; the purchase frames show the purchase spec's words for them
 * (apps/frame/src/app/i18n/purchaseMessages.ts), with PURCHASE_WIDGET_CONFIG_ARG as the config's.
 * Entries after the spec's own are the reference server's further codes ("other server codes: not shown").
 */
export const PURCHASE_ERRORS = {
  no_products_selected: { status: 400, text: 'No products selected' },
  not_logged_in: { status: 400, text: 'Not Logged In' },
  undefined_order_id: { status: 400, text: 'The order has not been created' },
  ERROR_PROCESSING_ORDER: { status: 500, text: 'Error processing order' },
  INVALID_FORM: { status: 400, text: 'Invalid profile' },
  NO_PRODUCT_SELECTED: { status: 400, text: 'No product selected' },
  action_accept_fail: { status: 400, text: 'This action can not be performed at the moment' },
  action_decline_fail: { status: 400, text: 'This action can not be performed at the moment' },
  payment_fail: { status: 402, text: 'Error Processing Payment' },
  nothing_selected: { status: 400, text: 'Please select an option to continue' },
  bex0004: { status: 404, text: 'Product not found' },
  duplicated_beneficiary: { status: 409, text: 'Duplicate beneficiary for this purchase' },
  add_beneficiary_fail: { status: 400, text: 'Could not add the beneficiary' },
  order_not_created: { status: 404, text: "An order hasn't been created." },
  checkout_error: { status: 400, text: 'The checkout could not be completed' },
  redirect_url_invalid: { status: 502, text: 'The payment provider gave an invalid redirect address' },
  directdebit_query_param_order_id_invalid: { status: 400, text: 'The orderId query parameter is invalid' },
  directdebit_query_param_redirect_flow_id_invalid: {
    status: 400,
    text: 'The redirect_flow_id query parameter is invalid',
  },
  // Reference server codes beyond the spec's table.
  plan_already_subscribed: { status: 409, text: 'You already have this subscription' },
  currency_mismatch: { status: 400, text: 'All products of an order must be paid in one currency' },
  payment_type_not_allowed: { status: 400, text: 'This payment type is not available' },
  order_already_paid: { status: 409, text: 'This order has already been paid' },
  payment_in_progress: { status: 409, text: 'A payment for this order is already being processed' },
  payment_requires_action: { status: 402, text: 'The card issuer asks for authentication' },
  card_declined: { status: 402, text: 'Your card was declined' },
  provider_unavailable: { status: 502, text: 'The payment provider could not be reached' },
  card_provider_not_configured: { status: 400, text: 'Card payments are not available on this site' },
  payment_not_awaiting_confirmation: { status: 409, text: 'This order has no payment awaiting confirmation' },
  operator_token_invalid: { status: 401, text: 'A valid operator token is required' },
  order_expired: { status: 409, text: 'This order has expired. Please order again' },
  start_date_out_of_range: { status: 400, text: 'The start date must be between today and one year from today' },
  // Issue 32, item 7: a delivered product's first delivery is on a working day (Monday to Friday).
  not_a_delivery_day: { status: 400, text: 'Deliveries start on a working day (Monday to Friday)' },
  // Account area (issue 13).
  subscription_not_found: { status: 404, text: 'This subscription was not found' },
  beneficiary_not_found: { status: 404, text: 'This beneficiary was not found' },
  grant_not_found: { status: 404, text: 'This invitation was not found or has expired' },
  too_many_invitations: { status: 429, text: 'Too many invitations. Please try again later' },
  cancel_reason_invalid: { status: 400, text: 'Please choose a reason' },
  cancel_date_invalid: {
    status: 400,
    text: 'The cancellation date must be between today and the end of the subscription',
  },
  subscription_not_cancellable: { status: 409, text: 'This subscription can no longer be cancelled' },
  // Issue 24: a purchase awaiting its payment grants nothing yet, beneficiaries included.
  subscription_awaiting_payment: {
    status: 409,
    text: 'Beneficiaries can be added once the payment of this subscription has arrived',
  },
  // Version 1 (issue 16).
  v1_order_invalid: { status: 400, text: 'Client-side validation failed' },
  v1_order_exists: { status: 409, text: 'This account already has an open order' },
  payment_result_invalid: { status: 400, text: 'The payment result could not be verified' },
  return_url_not_allowed: { status: 400, text: 'The payment cannot return to this page' },
} as const satisfies Record<string, { status: number; text: string }>;

export type PurchaseErrorCode = keyof typeof PURCHASE_ERRORS;

/** The argument of INVALID_WIDGET_CONFIG for product selection without groupName or productName. */
export const PURCHASE_WIDGET_CONFIG_ARG = 'No groupName or productName defined';

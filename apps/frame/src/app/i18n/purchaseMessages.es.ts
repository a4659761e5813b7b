/**
 * The purchase texts in Spanish: a chunk of their own, downloaded only for a page in Spanish
 * (purchaseMessages.ts registers them with defineLazyMessages).
 */
import type { PurchaseErrorCode } from '@foyer/api/widget';
import type { PurchaseTexts } from './purchaseMessages';

const ES_ERRORS: Record<PurchaseErrorCode, string> = {
  no_products_selected: 'No hay productos seleccionados',
  not_logged_in: 'No has iniciado sesión',
  undefined_order_id: 'El pedido no se ha creado',
  ERROR_PROCESSING_ORDER: 'Error al procesar el pedido',
  INVALID_FORM: 'Perfil no válido',
  NO_PRODUCT_SELECTED: 'No has seleccionado ningún producto',
  action_accept_fail: 'Esta acción no se puede realizar en este momento',
  action_decline_fail: 'Esta acción no se puede realizar en este momento',
  payment_fail: 'Error al procesar el pago',
  nothing_selected: 'Selecciona una opción para continuar',
  bex0004: 'Producto no encontrado',
  duplicated_beneficiary: 'Beneficiario duplicado para esta compra',
  add_beneficiary_fail: 'No se pudo añadir el beneficiario',
  order_not_created: 'No se ha creado ningún pedido.',
  checkout_error: 'No se pudo completar la compra',
  redirect_url_invalid: 'El proveedor de pagos dio una dirección de redirección no válida',
  directdebit_query_param_order_id_invalid: 'El parámetro orderId de la dirección no es válido',
  directdebit_query_param_redirect_flow_id_invalid: 'El parámetro redirect_flow_id de la dirección no es válido',
  plan_already_subscribed: 'Ya tienes esta suscripción',
  currency_mismatch: 'Todos los productos de un pedido deben pagarse en la misma moneda',
  payment_type_not_allowed: 'Esta forma de pago no está disponible',
  order_already_paid: 'Este pedido ya se ha pagado',
  payment_in_progress: 'Ya se está procesando un pago para este pedido',
  payment_requires_action: 'El emisor de la tarjeta pide una autenticación',
  card_declined: 'Tu tarjeta ha sido rechazada',
  provider_unavailable: 'No se pudo contactar con el proveedor de pagos',
  card_provider_not_configured: 'Los pagos con tarjeta no están disponibles en este sitio',
  payment_not_awaiting_confirmation: 'Este pedido no tiene un pago pendiente de confirmación',
  operator_token_invalid: 'Se necesita un token de operador válido',
  order_expired: 'Este pedido ha caducado. Haz el pedido de nuevo',
  start_date_out_of_range: 'La fecha de inicio debe estar entre hoy y dentro de un año',
  not_a_delivery_day: 'Las entregas empiezan en un día laborable (de lunes a viernes)',
  subscription_not_found: 'No se encontró esta suscripción',
  beneficiary_not_found: 'No se encontró este beneficiario',
  grant_not_found: 'No se encontró esta invitación o ha caducado',
  too_many_invitations: 'Demasiadas invitaciones. Inténtalo más tarde',
  cancel_reason_invalid: 'Elige un motivo',
  cancel_date_invalid: 'La fecha de cancelación debe estar entre hoy y el final de la suscripción',
  subscription_not_cancellable: 'Esta suscripción ya no se puede cancelar',
  subscription_awaiting_payment: 'Podrás añadir beneficiarios cuando llegue el pago de esta suscripción',
  v1_order_invalid: 'La validación del pedido ha fallado',
  v1_order_exists: 'Esta cuenta ya tiene un pedido abierto',
  payment_result_invalid: 'No se pudo verificar el resultado del pago',
  return_url_not_allowed: 'El pago no puede volver a esta página',
};

const es: PurchaseTexts = {
  ...ES_ERRORS,
  'widgetError.INVALID_WIDGET_CONFIG': 'Configuración del widget no válida: {0}',
  'widgetError.technical_difficulties': 'Error',
  'purchase.frequency.NONE': 'Pago único',
  'purchase.frequency.DAY1': 'Diario',
  'purchase.frequency.WEEK1': 'Semanal',
  'purchase.frequency.MONTH1': 'Mensual',
  'purchase.frequency.MONTH3': 'Trimestral',
  'purchase.frequency.MONTH6': 'Cada 6 meses',
  'purchase.frequency.MONTH12': 'Anual',
  'purchase.frequency.MONTH18': 'Cada 18 meses',
};

export default es;

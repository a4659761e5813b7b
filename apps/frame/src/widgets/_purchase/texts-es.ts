/**
 * The Spanish texts every purchase widget needs. Part of the Spanish core table (i18n/es.ts), so
 * they load, before the first render, only for visitors who read Spanish.
 */
import type { PurchaseErrorCode } from '@foyer/api/widget';
import type { PurchaseTexts } from './messages';

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
};

export const PURCHASE_ES: PurchaseTexts = {
  // product-selection/messages.ts
  'productSelection.title': 'Elige tu plan',
  'productSelection.products': 'Productos',
  'productSelection.recommended': 'Recomendado',
  'productSelection.featured': 'Destacado',
  'productSelection.features': 'Incluye',
  'productSelection.plans': 'Planes de {0}',
  'productSelection.select': 'Elegir',
  'productSelection.planOf': '{0} ({1})',
  'productSelection.subscribed': 'Ya tienes esta suscripción',
  'productSelection.submit': 'Continuar',
  'productSelection.none': 'No hay productos que mostrar.',
  // _checkout/messages.ts
  'checkout.caption': 'Finalizar compra',
  'checkout.step.profile': 'Procesando el perfil...',
  'checkout.step.order': 'Procesando el pedido...',
  'checkout.step.payment': 'Procesando el pago...',
  'checkout.paid': 'Pago realizado con éxito',

  ...ES_ERRORS,
  'purchase.frequency.NONE': 'Pago único',
  'purchase.frequency.DAY1': 'Diario',
  'purchase.frequency.WEEK1': 'Semanal',
  'purchase.frequency.MONTH1': 'Mensual',
  'purchase.frequency.MONTH3': 'Trimestral',
  'purchase.frequency.MONTH6': 'Cada 6 meses',
  'purchase.frequency.MONTH12': 'Anual',
  'purchase.frequency.MONTH18': 'Cada 18 meses',
};

/**
 * Texts every purchase widget needs: the purchase error catalogue (purchase spec §8, English from
 * shared/api PURCHASE_ERRORS) and the plan frequencies, in every shipped language. They register
 * with the purchase widgets' chunks, never on the identity routes.
 */
import { PURCHASE_ERRORS, type PlanFrequency, type PurchaseErrorCode } from '@foyer/api/widget';
import { catalogueTexts } from '@foyer/api';
import { defineMessages } from './index';

type PurchaseTexts = Record<PurchaseErrorCode, string> &
  Record<`purchase.frequency.${PlanFrequency}`, string> &
  Record<'widgetError.INVALID_WIDGET_CONFIG' | 'widgetError.technical_difficulties', string>;

const ENGLISH_ERRORS: Record<PurchaseErrorCode, string> = catalogueTexts(PURCHASE_ERRORS);

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

const PT_BR_ERRORS: Record<PurchaseErrorCode, string> = {
  no_products_selected: 'Nenhum produto selecionado',
  not_logged_in: 'Você não está conectado',
  undefined_order_id: 'O pedido não foi criado',
  ERROR_PROCESSING_ORDER: 'Erro ao processar o pedido',
  INVALID_FORM: 'Perfil inválido',
  NO_PRODUCT_SELECTED: 'Nenhum produto selecionado',
  action_accept_fail: 'Esta ação não pode ser realizada no momento',
  action_decline_fail: 'Esta ação não pode ser realizada no momento',
  payment_fail: 'Erro ao processar o pagamento',
  nothing_selected: 'Selecione uma opção para continuar',
  bex0004: 'Produto não encontrado',
  duplicated_beneficiary: 'Beneficiário duplicado para esta compra',
  add_beneficiary_fail: 'Não foi possível adicionar o beneficiário',
  order_not_created: 'Nenhum pedido foi criado.',
  checkout_error: 'Não foi possível concluir a compra',
  redirect_url_invalid: 'O provedor de pagamento informou um endereço de redirecionamento inválido',
  directdebit_query_param_order_id_invalid: 'O parâmetro orderId do endereço é inválido',
  directdebit_query_param_redirect_flow_id_invalid: 'O parâmetro redirect_flow_id do endereço é inválido',
  plan_already_subscribed: 'Você já tem esta assinatura',
  currency_mismatch: 'Todos os produtos de um pedido devem ser pagos na mesma moeda',
  payment_type_not_allowed: 'Esta forma de pagamento não está disponível',
  order_already_paid: 'Este pedido já foi pago',
  payment_in_progress: 'Um pagamento deste pedido já está sendo processado',
  payment_requires_action: 'O emissor do cartão pede uma autenticação',
  card_declined: 'Seu cartão foi recusado',
  provider_unavailable: 'Não foi possível contatar o provedor de pagamento',
  card_provider_not_configured: 'Pagamentos com cartão não estão disponíveis neste site',
  payment_not_awaiting_confirmation: 'Este pedido não tem pagamento aguardando confirmação',
  operator_token_invalid: 'É necessário um token de operador válido',
  order_expired: 'Este pedido expirou. Faça o pedido novamente',
  start_date_out_of_range: 'A data de início deve estar entre hoje e daqui a um ano',
  subscription_not_found: 'Esta assinatura não foi encontrada',
  beneficiary_not_found: 'Este beneficiário não foi encontrado',
  grant_not_found: 'Este convite não foi encontrado ou expirou',
  too_many_invitations: 'Convites demais. Tente novamente mais tarde',
  cancel_reason_invalid: 'Escolha um motivo',
  cancel_date_invalid: 'A data de cancelamento deve estar entre hoje e o fim da assinatura',
  subscription_not_cancellable: 'Esta assinatura não pode mais ser cancelada',
  subscription_awaiting_payment: 'Você poderá adicionar beneficiários quando o pagamento desta assinatura chegar',
  v1_order_invalid: 'A validação do pedido falhou',
  v1_order_exists: 'Esta conta já tem um pedido aberto',
  payment_result_invalid: 'Não foi possível verificar o resultado do pagamento',
  return_url_not_allowed: 'O pagamento não pode voltar para esta página',
};

/** The purchase spec's own words for codes it shares with the identity catalogue (§8). */
const en: PurchaseTexts = {
  ...ENGLISH_ERRORS,
  'widgetError.INVALID_WIDGET_CONFIG': 'Invalid widget config: {0}',
  'widgetError.technical_difficulties': 'Error',
  'purchase.frequency.NONE': 'One-off',
  'purchase.frequency.DAY1': 'Daily',
  'purchase.frequency.WEEK1': 'Weekly',
  'purchase.frequency.MONTH1': 'Monthly',
  'purchase.frequency.MONTH3': 'Quarterly',
  'purchase.frequency.MONTH6': 'Every 6 months',
  'purchase.frequency.MONTH12': 'Yearly',
  'purchase.frequency.MONTH18': 'Every 18 months',
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
const ptBR: PurchaseTexts = {
  ...PT_BR_ERRORS,
  'widgetError.INVALID_WIDGET_CONFIG': 'Configuração do widget inválida: {0}',
  'widgetError.technical_difficulties': 'Erro',
  'purchase.frequency.NONE': 'Pagamento único',
  'purchase.frequency.DAY1': 'Diário',
  'purchase.frequency.WEEK1': 'Semanal',
  'purchase.frequency.MONTH1': 'Mensal',
  'purchase.frequency.MONTH3': 'Trimestral',
  'purchase.frequency.MONTH6': 'A cada 6 meses',
  'purchase.frequency.MONTH12': 'Anual',
  'purchase.frequency.MONTH18': 'A cada 18 meses',
};

export const messages = defineMessages({ en, es, 'pt-BR': ptBR });

/**
 * The purchase texts in Brazilian Portuguese: a chunk of their own, downloaded only for a page in
 * Portuguese (purchaseMessages.ts registers them with defineLazyMessages).
 */
import type { PurchaseErrorCode } from '@foyer/api/widget';
import type { PurchaseTexts } from './purchaseMessages';

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
  not_a_delivery_day: 'As entregas começam em um dia útil (de segunda a sexta-feira)',
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

export default ptBR;

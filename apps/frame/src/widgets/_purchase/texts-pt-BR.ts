/**
 * The Brazilian Portuguese texts every purchase widget needs. Part of the Portuguese core table
 * (i18n/pt-BR.ts), so they load, before the first render, only for visitors who read Portuguese.
 */
import type { PurchaseErrorCode } from '@foyer/api/widget';
import type { PurchaseTexts } from './messages';

const PT_ERRORS: Record<PurchaseErrorCode, string> = {
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
};

export const PURCHASE_PT_BR: PurchaseTexts = {
  // product-selection/messages.ts
  'productSelection.title': 'Escolha seu plano',
  'productSelection.products': 'Produtos',
  'productSelection.recommended': 'Recomendado',
  'productSelection.featured': 'Destaque',
  'productSelection.features': 'Inclui',
  'productSelection.plans': 'Planos de {0}',
  'productSelection.select': 'Selecionar',
  'productSelection.planOf': '{0} ({1})',
  'productSelection.subscribed': 'Você já tem esta assinatura',
  'productSelection.submit': 'Continuar',
  'productSelection.none': 'Não há produtos para mostrar.',
  // _checkout/messages.ts
  'checkout.caption': 'Finalizar compra',
  'checkout.step.profile': 'Processando o perfil...',
  'checkout.step.order': 'Processando o pedido...',
  'checkout.step.payment': 'Processando o pagamento...',
  'checkout.paid': 'Pagamento realizado com sucesso',

  ...PT_ERRORS,
  'purchase.frequency.NONE': 'Pagamento único',
  'purchase.frequency.DAY1': 'Diário',
  'purchase.frequency.WEEK1': 'Semanal',
  'purchase.frequency.MONTH1': 'Mensal',
  'purchase.frequency.MONTH3': 'Trimestral',
  'purchase.frequency.MONTH6': 'A cada 6 meses',
  'purchase.frequency.MONTH12': 'Anual',
  'purchase.frequency.MONTH18': 'A cada 18 meses',
};

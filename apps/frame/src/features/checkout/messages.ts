import { defineMessages } from '../../app/i18n';

/** Texts of the checkout every runner shows (purchase spec §2 checkout button, §4). */
export const messages = defineMessages({
  en: {
    'checkout.caption': 'Checkout',
    'checkout.step.profile': 'Processing profile...',
    'checkout.step.order': 'Processing order...',
    'checkout.step.payment': 'Processing payment...',
    'checkout.waiting': 'Checkout open — continue in the window',
    'checkout.paid': 'Payment Successful',
  },
  es: {
    'checkout.caption': 'Finalizar compra',
    'checkout.step.profile': 'Procesando el perfil...',
    'checkout.step.order': 'Procesando el pedido...',
    'checkout.step.payment': 'Procesando el pago...',
    'checkout.waiting': 'Compra abierta — continúe en la ventana',
    'checkout.paid': 'Pago realizado con éxito',
  },
  'pt-BR': {
    'checkout.caption': 'Finalizar compra',
    'checkout.step.profile': 'Processando o perfil...',
    'checkout.step.order': 'Processando o pedido...',
    'checkout.step.payment': 'Processando o pagamento...',
    'checkout.waiting': 'Compra aberta — continue na janela',
    'checkout.paid': 'Pagamento realizado com sucesso',
  },
});

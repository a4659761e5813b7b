/**
 * Texts of the manual provider's forms (manual-payment): a bank transfer's or cash payment's
 * instructions once the order is placed, and the test card provider's test mode (its picker of
 * TEST_CARDS and its stand-in for the 3-D Secure challenge), en/es/pt-BR.
 */
import { defineMessages } from '../../../app/i18n';

const en = {
  'payment.transfer.placed': 'Your order is placed',
  'payment.transfer.title': 'How to pay',
  'payment.transfer.intro':
    'Send {0} to the account below and write the reference on your payment: we match your payment to your order by it. We have mailed you these details too.',
  'payment.transfer.beneficiary': 'Beneficiary',
  'payment.transfer.account': 'Account (IBAN)',
  'payment.transfer.bic': 'BIC / SWIFT',
  'payment.transfer.reference': 'Reference',
  'payment.transfer.amount': 'Amount',
  'payment.transfer.copy': 'Copy reference',
  'payment.transfer.copied': 'Reference copied',
  'payment.transfer.copyFailed': 'The reference is selected: copy it with your keyboard or menu.',
  'payment.transfer.done': 'Done',
  'payment.test.title': 'Test mode',
  'payment.test.notice':
    'No real card is charged. Choose a test card to see how payments, renewals and their failures behave.',
  'payment.test.card': 'Test card',
  'payment.test.card.pm_card_visa': 'Visa — always pays',
  'payment.test.card.pm_card_chargeDeclined': 'Declined — every payment is refused',
  'payment.test.card.pm_card_chargeCustomerFail': 'Pays now, declines the renewals',
  'payment.test.card.pm_card_authenticationRequired': 'Asks for 3-D Secure authentication',
  'payment.test.challenge.title': 'Test 3-D Secure',
  'payment.test.challenge.text':
    'This test card asks for authentication, as a bank does with 3-D Secure. No bank is involved here: choose how it ends.',
  'payment.test.challenge.complete': 'Complete authentication',
  'payment.test.challenge.fail': 'Fail authentication',
};
type Texts = Record<keyof typeof en, string>;

const es: Texts = {
  'payment.transfer.placed': 'Tu pedido está hecho',
  'payment.transfer.title': 'Cómo pagar',
  'payment.transfer.intro':
    'Envía {0} a la cuenta de abajo e indica la referencia en tu pago: con ella lo asociamos a tu pedido. También te hemos enviado estos datos por correo.',
  'payment.transfer.beneficiary': 'Beneficiario',
  'payment.transfer.account': 'Cuenta (IBAN)',
  'payment.transfer.bic': 'BIC / SWIFT',
  'payment.transfer.reference': 'Referencia',
  'payment.transfer.amount': 'Importe',
  'payment.transfer.copy': 'Copiar la referencia',
  'payment.transfer.copied': 'Referencia copiada',
  'payment.transfer.copyFailed': 'La referencia está seleccionada: cópiala con el teclado o el menú.',
  'payment.transfer.done': 'Hecho',
  'payment.test.title': 'Modo de prueba',
  'payment.test.notice':
    'No se cobra ninguna tarjeta real. Elige una tarjeta de prueba para ver cómo se comportan los pagos, las renovaciones y sus fallos.',
  'payment.test.card': 'Tarjeta de prueba',
  'payment.test.card.pm_card_visa': 'Visa — siempre paga',
  'payment.test.card.pm_card_chargeDeclined': 'Rechazada — se rechaza todo pago',
  'payment.test.card.pm_card_chargeCustomerFail': 'Paga ahora, rechaza las renovaciones',
  'payment.test.card.pm_card_authenticationRequired': 'Pide autenticación 3-D Secure',
  'payment.test.challenge.title': '3-D Secure de prueba',
  'payment.test.challenge.text':
    'Esta tarjeta de prueba pide autenticación, como hace un banco con 3-D Secure. Aquí no interviene ningún banco: elige cómo termina.',
  'payment.test.challenge.complete': 'Completar la autenticación',
  'payment.test.challenge.fail': 'Hacer fallar la autenticación',
};

const ptBR: Texts = {
  'payment.transfer.placed': 'Seu pedido foi feito',
  'payment.transfer.title': 'Como pagar',
  'payment.transfer.intro':
    'Envie {0} para a conta abaixo e informe a referência no pagamento: é por ela que o associamos ao seu pedido. Também enviamos estes dados por e-mail.',
  'payment.transfer.beneficiary': 'Beneficiário',
  'payment.transfer.account': 'Conta (IBAN)',
  'payment.transfer.bic': 'BIC / SWIFT',
  'payment.transfer.reference': 'Referência',
  'payment.transfer.amount': 'Valor',
  'payment.transfer.copy': 'Copiar a referência',
  'payment.transfer.copied': 'Referência copiada',
  'payment.transfer.copyFailed': 'A referência está selecionada: copie-a pelo teclado ou pelo menu.',
  'payment.transfer.done': 'Concluir',
  'payment.test.title': 'Modo de teste',
  'payment.test.notice':
    'Nenhum cartão real é cobrado. Escolha um cartão de teste para ver como se comportam os pagamentos, as renovações e suas falhas.',
  'payment.test.card': 'Cartão de teste',
  'payment.test.card.pm_card_visa': 'Visa — sempre paga',
  'payment.test.card.pm_card_chargeDeclined': 'Recusado — todo pagamento é recusado',
  'payment.test.card.pm_card_chargeCustomerFail': 'Paga agora, recusa as renovações',
  'payment.test.card.pm_card_authenticationRequired': 'Pede autenticação 3-D Secure',
  'payment.test.challenge.title': '3-D Secure de teste',
  'payment.test.challenge.text':
    'Este cartão de teste pede autenticação, como um banco faz com o 3-D Secure. Nenhum banco participa aqui: escolha como termina.',
  'payment.test.challenge.complete': 'Concluir a autenticação',
  'payment.test.challenge.fail': 'Falhar a autenticação',
};

export const messages = defineMessages({ en, es, 'pt-BR': ptBR });

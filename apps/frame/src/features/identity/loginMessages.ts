import { defineMessages } from '../../app/i18n';

/** The login widget's own texts beyond the core table: the offer of a code by mail (issue 31). */
export const loginMessages = defineMessages({
  en: { 'login.emailCodeOffer': 'Email me a sign-in code' },
  es: { 'login.emailCodeOffer': 'Envíame un código para entrar' },
  'pt-BR': { 'login.emailCodeOffer': 'Enviar um código para entrar' },
});

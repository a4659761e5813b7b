import { defineMessages } from '../../app/i18n';

export const accountActivationMessages = defineMessages({
  en: {
    'account-activation.title': 'Account activation',
    'account-activation.success': 'Your account has been activated. You can now log in.',
    'account-activation.locked': 'Your account has been confirmed, but it is locked. Please contact the site.',
    'account-activation.cancel': 'Cancel',
  },
  es: {
    'account-activation.title': 'Activación de la cuenta',
    'account-activation.success': 'Tu cuenta se ha activado. Ya puedes iniciar sesión.',
    'account-activation.locked': 'Tu cuenta se ha confirmado, pero está bloqueada. Ponte en contacto con el sitio.',
    'account-activation.cancel': 'Cancelar',
  },
  'pt-BR': {
    'account-activation.title': 'Ativação da conta',
    'account-activation.success': 'Sua conta foi ativada. Agora você pode entrar.',
    'account-activation.locked': 'Sua conta foi confirmada, mas está bloqueada. Entre em contato com o site.',
    'account-activation.cancel': 'Cancelar',
  },
});

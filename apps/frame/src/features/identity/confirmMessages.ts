import { defineMessages } from '../../app/i18n';

export const confirmIdentifierMessages = defineMessages({
  en: {
    'confirm-identifier.title': 'Confirm your new e-mail address',
    'confirm-identifier.success': 'Your new e-mail address is confirmed. Log in with it.',
    'confirm-identifier.expired': 'This confirmation link has already been used or has expired.',
    'confirm-identifier.missing': "Couldn't find the confirmation key!",
  },
  es: {
    'confirm-identifier.title': 'Confirma tu nueva dirección de correo',
    'confirm-identifier.success': 'Tu nueva dirección de correo está confirmada. Inicia sesión con ella.',
    'confirm-identifier.expired': 'Este enlace de confirmación ya se usó o ha caducado.',
    'confirm-identifier.missing': '¡No se encontró la clave de confirmación!',
  },
  'pt-BR': {
    'confirm-identifier.title': 'Confirme seu novo endereço de e-mail',
    'confirm-identifier.success': 'Seu novo endereço de e-mail foi confirmado. Entre com ele.',
    'confirm-identifier.expired': 'Este link de confirmação já foi usado ou expirou.',
    'confirm-identifier.missing': 'Não foi possível encontrar a chave de confirmação!',
  },
});

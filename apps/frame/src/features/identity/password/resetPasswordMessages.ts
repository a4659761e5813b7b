import { defineMessages } from '../../../app/i18n';

export const resetPasswordMessages = defineMessages({
  en: {
    'reset-password.title': 'Choose a new password',
    'reset-password.submit': 'Reset password',
    'reset-password.submitting': 'Saving your new password…',
    'reset-password.success': 'Your password has been reset. You can now log in with your new password.',
    'reset-password.keyMissing': "Couldn't find the reset key!",
  },
  es: {
    'reset-password.title': 'Elige una nueva contraseña',
    'reset-password.submit': 'Restablecer contraseña',
    'reset-password.submitting': 'Guardando tu nueva contraseña…',
    'reset-password.success': 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión con tu nueva contraseña.',
    'reset-password.keyMissing': '¡No se encontró la clave de restablecimiento!',
  },
  'pt-BR': {
    'reset-password.title': 'Escolha uma nova senha',
    'reset-password.submit': 'Redefinir senha',
    'reset-password.submitting': 'Salvando sua nova senha…',
    'reset-password.success': 'Sua senha foi redefinida. Agora você pode entrar com a nova senha.',
    'reset-password.keyMissing': 'Não foi possível encontrar a chave de redefinição!',
  },
});

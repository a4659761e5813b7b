import { defineMessages } from '../../../app/i18n';

export const changePasswordMessages = defineMessages({
  en: {
    'change-password.title': 'Change your password',
    'change-password.submit': 'Change password',
    'change-password.submitting': 'Changing your password…',
    'change-password.success': 'Your password has been changed. Other devices have been logged out.',
  },
  es: {
    'change-password.title': 'Cambia tu contraseña',
    'change-password.submit': 'Cambiar contraseña',
    'change-password.submitting': 'Cambiando tu contraseña…',
    'change-password.success': 'Tu contraseña se ha cambiado. Se ha cerrado la sesión en los demás dispositivos.',
  },
  'pt-BR': {
    'change-password.title': 'Altere sua senha',
    'change-password.submit': 'Alterar senha',
    'change-password.submitting': 'Alterando sua senha…',
    'change-password.success': 'Sua senha foi alterada. Os outros dispositivos foram desconectados.',
  },
});

/** Labels of the password widgets (reset, change); their rule messages are the forms' (identity spec §5). */
import { defineMessages } from '../../../app/i18n';

export const passwordMessages = defineMessages({
  en: {
    'password.current': 'Current password',
    'password.new': 'New password',
    'password.confirm': 'Confirm new password',
    'password.label': 'Password',
  },
  es: {
    'password.current': 'Contraseña actual',
    'password.new': 'Nueva contraseña',
    'password.confirm': 'Confirmar nueva contraseña',
    'password.label': 'Contraseña',
  },
  'pt-BR': {
    'password.current': 'Senha atual',
    'password.new': 'Nova senha',
    'password.confirm': 'Confirmar nova senha',
    'password.label': 'Senha',
  },
});

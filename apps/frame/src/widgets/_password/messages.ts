/** Labels and rule messages of the password widgets (reset, change) — identity spec §5. */
import { defineMessages } from '../../i18n/messages';

export const passwordMessages = defineMessages({
  en: {
    'password.current': 'Current password',
    'password.new': 'New password',
    'password.confirm': 'Confirm new password',
    'password.label': 'Password',
    'password.required': '{0} is required.',
    'password.tooLong': '{0} must be at most {1} characters.',
    'password.minLength': 'Password and Confirm password must be of minimum {0} characters.',
    'password.mismatch': '{0} and Confirm {0} do not match',
    'password.unchanged': 'The new password must differ from the current one.',
  },
  es: {
    'password.current': 'Contraseña actual',
    'password.new': 'Nueva contraseña',
    'password.confirm': 'Confirmar nueva contraseña',
    'password.label': 'Contraseña',
    'password.required': '{0} es obligatorio.',
    'password.tooLong': '{0} debe tener como máximo {1} caracteres.',
    'password.minLength': 'La contraseña y su confirmación deben tener un mínimo de {0} caracteres.',
    'password.mismatch': '{0} y Confirmar {0} no coinciden',
    'password.unchanged': 'La nueva contraseña debe ser distinta de la actual.',
  },
  'pt-BR': {
    'password.current': 'Senha atual',
    'password.new': 'Nova senha',
    'password.confirm': 'Confirmar nova senha',
    'password.label': 'Senha',
    'password.required': '{0} é obrigatório.',
    'password.tooLong': '{0} deve ter no máximo {1} caracteres.',
    'password.minLength': 'A senha e a confirmação da senha devem ter no mínimo {0} caracteres.',
    'password.mismatch': '{0} e Confirmar {0} não coincidem',
    'password.unchanged': 'A nova senha deve ser diferente da atual.',
  },
});

import { catalogueTexts, PASSKEY_ERRORS } from '@foyer/api';
import { defineMessages } from '../../app/i18n';

/**
 * The passkey error codes' texts (issue 31): the English ones are the catalogue's; they load with
 * the widgets that offer passkeys, never on a route without them. The widgets' own texts join here.
 */
export const passkeyMessages = defineMessages({
  en: { ...catalogueTexts(PASSKEY_ERRORS) },
  es: {
    PASSKEY_CEREMONY_INVALID: 'Esa solicitud de llave de acceso ha caducado. Inténtalo de nuevo.',
    PASSKEY_NOT_VERIFIED: 'No se pudo verificar esa llave de acceso. Inténtalo de nuevo.',
    PASSKEY_PROOF_REQUIRED: 'Confirma que eres tú antes de añadir o quitar una llave de acceso.',
    PASSKEY_NOT_FOUND: 'No se encontró esta llave de acceso.',
    PASSKEY_ALREADY_REGISTERED: 'Esta llave de acceso ya está registrada.',
    PASSKEY_LAST_SIGN_IN:
      'Esta llave de acceso es tu única forma de iniciar sesión. Crea una contraseña o añade otra llave de acceso primero.',
    PASSKEY_NONE_REGISTERED: 'Tu cuenta aún no tiene ninguna llave de acceso.',
    PASSKEY_SIGN_UP_NOT_ALLOWED: 'Elige una contraseña para crear tu cuenta.',
  },
  'pt-BR': {
    PASSKEY_CEREMONY_INVALID: 'Essa solicitação de chave de acesso expirou. Tente novamente.',
    PASSKEY_NOT_VERIFIED: 'Não foi possível verificar essa chave de acesso. Tente novamente.',
    PASSKEY_PROOF_REQUIRED: 'Confirme que é você antes de adicionar ou remover uma chave de acesso.',
    PASSKEY_NOT_FOUND: 'Esta chave de acesso não foi encontrada.',
    PASSKEY_ALREADY_REGISTERED: 'Esta chave de acesso já está registrada.',
    PASSKEY_LAST_SIGN_IN:
      'Esta chave de acesso é sua única forma de entrar. Crie uma senha ou adicione outra chave de acesso antes.',
    PASSKEY_NONE_REGISTERED: 'Sua conta ainda não tem nenhuma chave de acesso.',
    PASSKEY_SIGN_UP_NOT_ALLOWED: 'Escolha uma senha para criar sua conta.',
  },
});

import { defineMessages } from '../../i18n/messages';

export const editProfileMessages = defineMessages({
  en: {
    'edit-profile.title': 'Edit your profile',
    'editProfile.submit': 'Save changes',
    'editProfile.submitting': 'Saving…',
    'editProfile.cancel': 'Cancel',
    'editProfile.success': 'Your account has been updated successfully.',
    'editProfile.nothingChanged': 'Nothing has changed.',
    'editProfile.reauthenticate': 'Enter your password to continue',
    'editProfile.continue': 'Continue',
  },
  es: {
    'edit-profile.title': 'Editar tu perfil',
    'editProfile.submit': 'Guardar cambios',
    'editProfile.submitting': 'Guardando…',
    'editProfile.cancel': 'Cancelar',
    'editProfile.success': 'Tu cuenta se ha actualizado correctamente.',
    'editProfile.nothingChanged': 'No ha cambiado nada.',
    'editProfile.reauthenticate': 'Introduce tu contraseña para continuar',
    'editProfile.continue': 'Continuar',
  },
  'pt-BR': {
    'edit-profile.title': 'Editar seu perfil',
    'editProfile.submit': 'Salvar alterações',
    'editProfile.submitting': 'Salvando…',
    'editProfile.cancel': 'Cancelar',
    'editProfile.success': 'Sua conta foi atualizada com sucesso.',
    'editProfile.nothingChanged': 'Nada foi alterado.',
    'editProfile.reauthenticate': 'Digite sua senha para continuar',
    'editProfile.continue': 'Continuar',
  },
});

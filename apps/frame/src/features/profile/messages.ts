import { defineMessages } from '../../app/i18n';

export const editProfileMessages = defineMessages({
  en: {
    'edit-profile.title': 'Edit your profile',
    'editProfile.submit': 'Save changes',
    'editProfile.submitting': 'Saving…',
    'editProfile.cancel': 'Cancel',
    // The spec's edit_successful (identity spec §8); the social edit profile keeps its
    // userProfileUpdateSuccess ('Your account has been updated successfully.', features/social/messages.ts).
    'editProfile.success': 'Successfully Updated!',
    'editProfile.nothingChanged': 'Nothing has changed.',
    'editProfile.confirmNewAddress':
      'Check your mail to confirm your new address: the change takes effect once you open the link we sent to it.',
    'editProfile.reauthenticate': 'Enter your password to continue',
    'editProfile.continue': 'Continue',
  },
  es: {
    'edit-profile.title': 'Editar tu perfil',
    'editProfile.submit': 'Guardar cambios',
    'editProfile.submitting': 'Guardando…',
    'editProfile.cancel': 'Cancelar',
    'editProfile.success': '¡Actualizado correctamente!',
    'editProfile.nothingChanged': 'No ha cambiado nada.',
    'editProfile.confirmNewAddress':
      'Revisa tu correo para confirmar tu nueva dirección: el cambio se aplicará cuando abras el enlace que te enviamos.',
    'editProfile.reauthenticate': 'Introduce tu contraseña para continuar',
    'editProfile.continue': 'Continuar',
  },
  'pt-BR': {
    'edit-profile.title': 'Editar seu perfil',
    'editProfile.submit': 'Salvar alterações',
    'editProfile.submitting': 'Salvando…',
    'editProfile.cancel': 'Cancelar',
    'editProfile.success': 'Atualizado com sucesso!',
    'editProfile.nothingChanged': 'Nada foi alterado.',
    'editProfile.confirmNewAddress':
      'Verifique seu e-mail para confirmar seu novo endereço: a alteração vale quando você abrir o link que enviamos.',
    'editProfile.reauthenticate': 'Digite sua senha para continuar',
    'editProfile.continue': 'Continuar',
  },
});

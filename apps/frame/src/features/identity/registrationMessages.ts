import { defineMessages } from '../../app/i18n';

export const registrationMessages = defineMessages({
  en: {
    'registration.title': 'Create an account',
    'registration.submit': 'Create account',
    'registration.submitting': 'Creating your account…',
    'registration.cancel': 'Cancel',
    'registration.success': 'The account has been successfully created.',
    'registration.checkMailbox':
      'We have sent you an email with a link to activate your account. Please check your mailbox.',
    'registration.loggedIn': 'You are now logged in.',
    'registration.emailCodeOffer': 'Create my account with an e-mail code',
  },
  es: {
    'registration.title': 'Crear una cuenta',
    'registration.submit': 'Crear cuenta',
    'registration.submitting': 'Creando tu cuenta…',
    'registration.cancel': 'Cancelar',
    'registration.success': 'La cuenta se ha creado correctamente.',
    'registration.checkMailbox':
      'Te hemos enviado un correo electrónico con un enlace para activar tu cuenta. Revisa tu buzón.',
    'registration.loggedIn': 'Has iniciado sesión.',
    'registration.emailCodeOffer': 'Crear mi cuenta con un código por correo',
  },
  'pt-BR': {
    'registration.title': 'Criar uma conta',
    'registration.submit': 'Criar conta',
    'registration.submitting': 'Criando sua conta…',
    'registration.cancel': 'Cancelar',
    'registration.success': 'A conta foi criada com sucesso.',
    'registration.checkMailbox':
      'Enviamos um e-mail com um link para ativar sua conta. Verifique sua caixa de entrada.',
    'registration.loggedIn': 'Você está conectado.',
    'registration.emailCodeOffer': 'Criar minha conta com um código por e-mail',
  },
});

import { defineMessages } from '../../app/i18n';

export const forgotPasswordMessages = defineMessages({
  en: {
    'forgot-password.title': 'Forgot Password',
    'forgot-password.description':
      'Enter the address of your account and we will send you a link to choose a new password.',
    'forgot-password.submit': 'Reset Password',
    'forgot-password.submitting': 'Sending…',
    'forgot-password.cancel': 'Cancel',
    'forgot-password.sent':
      'If an account exists for this address, we have sent it an email with a link to reset the password. Please check your mailbox.',
    'forgot-password.ok': 'OK',
  },
  es: {
    'forgot-password.title': '¿Olvidaste tu contraseña?',
    'forgot-password.description':
      'Introduce la dirección de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.',
    'forgot-password.submit': 'Restablecer contraseña',
    'forgot-password.submitting': 'Enviando…',
    'forgot-password.cancel': 'Cancelar',
    'forgot-password.sent':
      'Si existe una cuenta con esta dirección, le hemos enviado un correo con un enlace para restablecer la contraseña. Revisa tu buzón.',
    'forgot-password.ok': 'Aceptar',
  },
  'pt-BR': {
    'forgot-password.title': 'Esqueci minha senha',
    'forgot-password.description':
      'Informe o endereço da sua conta e enviaremos um link para você escolher uma nova senha.',
    'forgot-password.submit': 'Redefinir senha',
    'forgot-password.submitting': 'Enviando…',
    'forgot-password.cancel': 'Cancelar',
    'forgot-password.sent':
      'Se existir uma conta com este endereço, enviamos para ela um e-mail com um link para redefinir a senha. Verifique sua caixa de entrada.',
    'forgot-password.ok': 'OK',
  },
});

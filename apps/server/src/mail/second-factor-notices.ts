/**
 * The mail that tells a person the site's staff removed their second factor (issue 31: a person
 * who lost both the authenticator app and the backup codes asks the site, and support removes the
 * factor from the console). In the reader's language (en, es, pt-BR). A plain notice without a
 * link, as the other staff notices (account-notices.ts): nothing in it may act on the account.
 */
import type { MailLocale } from '@foyer/api/config';
import type { MailMessage } from './mailer';
import { escapeHtml } from './messages';

interface Words {
  subject: (service: string) => string;
  paragraphs: (service: string) => string[];
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    subject: (service) => `Two-step verification was turned off on your ${service} account`,
    paragraphs: (service) => [
      `The staff of ${service} removed the second factor (authenticator app and backup codes) from your account, as asked. You now sign in with your password alone.`,
      'Turn two-step verification on again from your account’s security settings, with a new authenticator app.',
      `If you did not ask for it, contact ${service} at once and change your password.`,
    ],
  },
  es: {
    subject: (service) => `Se desactivó la verificación en dos pasos de tu cuenta de ${service}`,
    paragraphs: (service) => [
      `El equipo de ${service} quitó el segundo factor (la aplicación de autenticación y los códigos de respaldo) de tu cuenta, como se pidió. Ahora inicias sesión solo con tu contraseña.`,
      'Vuelve a activar la verificación en dos pasos desde la configuración de seguridad de tu cuenta, con una nueva aplicación de autenticación.',
      `Si no lo pediste, contacta de inmediato con ${service} y cambia tu contraseña.`,
    ],
  },
  'pt-BR': {
    subject: (service) => `A verificação em duas etapas da sua conta ${service} foi desativada`,
    paragraphs: (service) => [
      `A equipe de ${service} removeu o segundo fator (o aplicativo autenticador e os códigos de backup) da sua conta, como foi pedido. Agora você entra apenas com a sua senha.`,
      'Ative de novo a verificação em duas etapas nas configurações de segurança da sua conta, com um novo aplicativo autenticador.',
      `Se você não pediu isso, fale com ${service} imediatamente e troque a sua senha.`,
    ],
  },
};

export function secondFactorRemovedNotice(input: {
  to: string;
  service: { displayName: string };
  locale: MailLocale;
}): MailMessage {
  const words = WORDS[input.locale];
  const paragraphs = words.paragraphs(input.service.displayName);
  return {
    to: input.to,
    subject: words.subject(input.service.displayName),
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
  };
}

import { defineMessages } from '../../app/i18n';

/** The paywall's and the notifier's own texts (the template HTML is the site owner's). */
export const messages = defineMessages({
  en: {
    'paywall.title': 'Keep reading',
    'paywall.login': 'Log in',
    'paywall.register': 'Create an account',
    'paywall.plans': 'Choose a plan',
    'paywall.close': 'Close',
    'paywall.noTemplate': 'This article is for subscribers.',
    'paywall.modalOpened': 'This article is shown to subscribers only.',
    'paywall.standalone': 'The paywall shows on the pages of the site.',
    'paywallNotifier.title': 'Free articles',
    'paywallNotifier.meter': 'You have read {0} of {1} free articles.',
    'paywallNotifier.modalOpened': 'Your free articles are shown in a dialog.',
  },
  es: {
    'paywall.title': 'Sigue leyendo',
    'paywall.login': 'Iniciar sesión',
    'paywall.register': 'Crear una cuenta',
    'paywall.plans': 'Elegir un plan',
    'paywall.close': 'Cerrar',
    'paywall.noTemplate': 'Este artículo es para suscriptores.',
    'paywall.modalOpened': 'Este artículo solo se muestra a suscriptores.',
    'paywall.standalone': 'El muro de pago se muestra en las páginas del sitio.',
    'paywallNotifier.title': 'Artículos gratuitos',
    'paywallNotifier.meter': 'Has leído {0} de {1} artículos gratuitos.',
    'paywallNotifier.modalOpened': 'Tus artículos gratuitos se muestran en un cuadro de diálogo.',
  },
  'pt-BR': {
    'paywall.title': 'Continue lendo',
    'paywall.login': 'Entrar',
    'paywall.register': 'Criar uma conta',
    'paywall.plans': 'Escolher um plano',
    'paywall.close': 'Fechar',
    'paywall.noTemplate': 'Este artigo é para assinantes.',
    'paywall.modalOpened': 'Este artigo é exibido apenas para assinantes.',
    'paywall.standalone': 'O paywall aparece nas páginas do site.',
    'paywallNotifier.title': 'Artigos gratuitos',
    'paywallNotifier.meter': 'Você leu {0} de {1} artigos gratuitos.',
    'paywallNotifier.modalOpened': 'Seus artigos gratuitos são exibidos em uma caixa de diálogo.',
  },
});

/** Texts of the sessions-across-sites affordance (Storage Access API). */
import { defineMessages } from '../../app/i18n';

export const sessionMessages = defineMessages({
  en: {
    'session.staySignedIn': 'Stay signed in across sites',
    'session.staySignedInHelp':
      'Your browser keeps your sign-in on this site apart from the other sites of this account. Allow it to share your sign-in with them.',
    'session.storageDenied': 'Your browser did not allow sharing your sign-in across sites.',
  },
  es: {
    'session.staySignedIn': 'Mantener la sesión iniciada en todos los sitios',
    'session.staySignedInHelp':
      'Tu navegador mantiene tu sesión en este sitio separada de los demás sitios de esta cuenta. Permite que la comparta con ellos.',
    'session.storageDenied': 'Tu navegador no permitió compartir tu sesión entre sitios.',
  },
  'pt-BR': {
    'session.staySignedIn': 'Manter-me conectado em todos os sites',
    'session.staySignedInHelp':
      'Seu navegador mantém seu login neste site separado dos outros sites desta conta. Permita que ele compartilhe seu login com eles.',
    'session.storageDenied': 'Seu navegador não permitiu compartilhar seu login entre sites.',
  },
});

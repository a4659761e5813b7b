/**
 * Texts of the version 1 invitations list (purchase spec §2, §5, §8) in every shipped language;
 * the rest (statuses, add-beneficiary words, grants) are the account area's (messages.ts).
 */
import { defineMessages } from '../../app/i18n';

const en = {
  'invitations.title': 'INVITATIONS',
  'invitations.caption': 'Invitations to {0}',
  'invitations.email': 'Email',
  'invitations.status': 'Status',
  'invitations.actions': 'Actions',
  'invitations.empty': 'You have no subscription to share',
  'invitations.none': 'No one invited yet',
  'invitations.add': 'Add beneficiary',
  'invitations.addTo': 'Add beneficiary to {0}',
  'invitations.addTitle': 'Add beneficiary',
  'invitations.addText': 'Invite a friend to {0}. They receive an email with a link to accept.',
  'invitations.deleteEmail': 'Delete',
  'invitations.deleteEmailFor': 'Delete the invitation of {0}',
  'invitations.deleteEmailTitle': 'Delete email',
  'invitations.deleteEmailText': 'Delete {0}? They lose access to {1} at once.',
  'invitations.deleteEmailDone': '{0} has been deleted.',
  'invitations.deleteSubscription': 'Delete all',
  'invitations.deleteSubscriptionFor': 'Delete all invitations to {0}',
  'invitations.deleteSubscriptionTitle': 'Delete subscription',
  'invitations.deleteSubscriptionText': 'Delete every invitation to {0}? Their beneficiaries lose access at once.',
  'invitations.deleteSubscriptionDone': 'The invitations to {0} have been deleted.',
  'invitations.invitedTitle': 'Invitation sent',
};
type Texts = Record<keyof typeof en, string>;

const es: Texts = {
  'invitations.title': 'INVITACIONES',
  'invitations.caption': 'Invitaciones a {0}',
  'invitations.email': 'Correo electrónico',
  'invitations.status': 'Estado',
  'invitations.actions': 'Acciones',
  'invitations.empty': 'No tienes ninguna suscripción para compartir',
  'invitations.none': 'Aún no has invitado a nadie',
  'invitations.add': 'Añadir beneficiario',
  'invitations.addTo': 'Añadir beneficiario a {0}',
  'invitations.addTitle': 'Añadir beneficiario',
  'invitations.addText': 'Invita a un amigo a {0}. Recibirá un correo con un enlace para aceptar.',
  'invitations.deleteEmail': 'Eliminar',
  'invitations.deleteEmailFor': 'Eliminar la invitación de {0}',
  'invitations.deleteEmailTitle': 'Eliminar correo',
  'invitations.deleteEmailText': '¿Eliminar {0}? Perderá el acceso a {1} de inmediato.',
  'invitations.deleteEmailDone': '{0} ha sido eliminado.',
  'invitations.deleteSubscription': 'Eliminar todas',
  'invitations.deleteSubscriptionFor': 'Eliminar todas las invitaciones a {0}',
  'invitations.deleteSubscriptionTitle': 'Eliminar suscripción',
  'invitations.deleteSubscriptionText':
    '¿Eliminar todas las invitaciones a {0}? Sus beneficiarios perderán el acceso de inmediato.',
  'invitations.deleteSubscriptionDone': 'Las invitaciones a {0} han sido eliminadas.',
  'invitations.invitedTitle': 'Invitación enviada',
};

const ptBR: Texts = {
  'invitations.title': 'CONVITES',
  'invitations.caption': 'Convites para {0}',
  'invitations.email': 'E-mail',
  'invitations.status': 'Status',
  'invitations.actions': 'Ações',
  'invitations.empty': 'Você não tem nenhuma assinatura para compartilhar',
  'invitations.none': 'Ninguém foi convidado ainda',
  'invitations.add': 'Adicionar beneficiário',
  'invitations.addTo': 'Adicionar beneficiário a {0}',
  'invitations.addTitle': 'Adicionar beneficiário',
  'invitations.addText': 'Convide um amigo para {0}. Ele receberá um e-mail com um link para aceitar.',
  'invitations.deleteEmail': 'Excluir',
  'invitations.deleteEmailFor': 'Excluir o convite de {0}',
  'invitations.deleteEmailTitle': 'Excluir e-mail',
  'invitations.deleteEmailText': 'Excluir {0}? O acesso a {1} termina imediatamente.',
  'invitations.deleteEmailDone': '{0} foi excluído.',
  'invitations.deleteSubscription': 'Excluir todos',
  'invitations.deleteSubscriptionFor': 'Excluir todos os convites para {0}',
  'invitations.deleteSubscriptionTitle': 'Excluir assinatura',
  'invitations.deleteSubscriptionText':
    'Excluir todos os convites para {0}? Os beneficiários perdem o acesso imediatamente.',
  'invitations.deleteSubscriptionDone': 'Os convites para {0} foram excluídos.',
  'invitations.invitedTitle': 'Convite enviado',
};

export const messages = defineMessages({ en, es, 'pt-BR': ptBR });

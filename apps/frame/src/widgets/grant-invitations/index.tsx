/** The grant invitations widget's route (`/w/grant-invitations`); version 1's grant shows the same view (features/invitations). */
export { default } from '../../features/account/GrantInvitations';

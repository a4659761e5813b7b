import type { GrantV1Attributes } from '@foyer/protocol';
import type { WidgetProps } from '../../../app/widgetProps';
import { GrantInvitationsView } from '../../../features/account/GrantInvitations';
import { userGrants } from '../../../features/account/v1Requests';

/**
 * Version 1 grant (purchase spec §2, §4; identity spec §7): the grant invitations widget over the
 * identity service's calls by user (`/userProfile/{guid}/grant/received`, `.../grant/{id}`,
 * `.../grant/{id}/{accept|decline}`), with the page's `invitationKey`.
 */
export default function GrantV1({ attributes }: WidgetProps<GrantV1Attributes>) {
  return <GrantInvitationsView attributes={attributes} requests={userGrants} />;
}

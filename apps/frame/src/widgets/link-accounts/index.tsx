import { lazy } from 'react';
import type { LinkAccountsAttributes } from '@foyer/protocol/social-attributes';
import type { WidgetProps } from '../../app/widgetProps';
import { ManageLinks } from '../../features/social/ManageLinks';

/** The profile's re-authentication form, loaded only when a link asks for it. */
const ReauthenticateForm = lazy(() =>
  import('../../features/profile/ReauthenticateForm').then((module) => ({ default: module.ReauthenticateForm })),
);

/** Link accounts (identity spec §2): the networks not yet linked, filtered by selectedNetworks. */
export default function LinkAccountsWidget({ attributes }: WidgetProps<LinkAccountsAttributes>) {
  const selected = attributes.selectedNetworks.length ? attributes.selectedNetworks : attributes.networks;
  return (
    <ManageLinks
      mode="link"
      networks={selected}
      buttonStyle={attributes.buttonStyle}
      showHeader={attributes.showHeader}
      showErrorMsgs={attributes.showErrorMsgs}
      showLabels={attributes.showLabels}
      showCancel={attributes.showCancel}
      title={attributes.title}
      ReauthenticateForm={ReauthenticateForm}
      actionLabel={attributes.linkLabel}
      scopes={attributes.extendPermissions}
    />
  );
}

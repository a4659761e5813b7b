import { lazy } from 'react';
import type { UnlinkAccountsAttributes } from '@foyer/protocol/social-attributes';
import type { WidgetProps } from '../../app/widgetProps';
import { ManageLinks } from '../../features/social/ManageLinks';

/** The profile's re-authentication form, loaded only when a link asks for it. */
const ReauthenticateForm = lazy(() =>
  import('../../features/profile/ReauthenticateForm').then((module) => ({ default: module.ReauthenticateForm })),
);

/** Unlink accounts (identity spec §2): one card per linked network with an Unlink button. */
export default function UnlinkAccountsWidget({ attributes }: WidgetProps<UnlinkAccountsAttributes>) {
  return (
    <ManageLinks
      mode="unlink"
      networks={attributes.networks}
      buttonStyle={attributes.buttonStyle}
      showHeader={attributes.showHeader}
      showErrorMsgs={attributes.showErrorMsgs}
      showLabels={attributes.showLabels}
      showCancel={attributes.showCancel}
      title={attributes.title}
      ReauthenticateForm={ReauthenticateForm}
      actionLabel={attributes.unlinkLabel}
    />
  );
}

import type { LinkAccountsAttributes } from '@foyer/protocol/social-attributes';
import type { WidgetProps } from '../widgetProps';
import { ManageLinks } from '../_social/ManageLinks';

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
      actionLabel={attributes.linkLabel}
      scopes={attributes.extendPermissions}
    />
  );
}

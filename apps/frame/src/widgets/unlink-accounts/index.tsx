import type { UnlinkAccountsAttributes } from '@foyer/protocol/social-attributes';
import type { WidgetProps } from '../widgetProps';
import { ManageLinks } from '../_social/ManageLinks';

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
      actionLabel={attributes.unlinkLabel}
    />
  );
}

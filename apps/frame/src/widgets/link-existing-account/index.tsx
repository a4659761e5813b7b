import { useState } from 'react';
import type { LinkExistingAccountAttributes } from '@foyer/protocol/social-attributes';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import type { WidgetProps } from '../../app/widgetProps';
import SocialSignIn from '../../features/social/SocialSignIn';
import '../../features/social/messages';

/**
 * Link to an existing account (identity spec §2): sign in with a network; an identity not yet
 * linked asks for the existing account's credentials and links it (forgot-password flip panel).
 */
export default function LinkExistingAccountWidget({ attributes }: WidgetProps<LinkExistingAccountAttributes>) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  // The link panel logs in before it links: it stays until the link is done or refused.
  const [panel, setPanel] = useState(false);
  if (loggedIn && !panel) return <p className="logged-in">{t('login.loggedIn')}</p>;
  return (
    <div className={attributes.formStyle}>
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('social.linkExisting.title')}</WidgetHeading>
      <SocialSignIn
        networks={attributes.networks}
        action="login"
        buttonStyle={attributes.buttonStyle}
        extendPermissions={attributes.extendPermissions}
        showHeader={false}
        showLabels={attributes.showLabels}
        showErrorMsgs={attributes.showErrorMsgs}
        schemeAttribute={attributes.authenticationSchemeName}
        unknownGoesTo="link"
        onPanel={setPanel}
        link={{
          description: attributes.description,
          submitLabel: attributes.submitLabel,
          showForgotPassword: attributes.showForgotPassword,
          alignment: attributes.alignment,
          showCancel: attributes.showCancel,
        }}
      />
    </div>
  );
}

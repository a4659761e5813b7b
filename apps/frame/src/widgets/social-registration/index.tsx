import { foyerError } from '@foyer/api';
import type { SocialRegistrationAttributes } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import type { WidgetProps } from '../../app/widgetProps';
import SocialSignIn from '../../features/social/SocialSignIn';
import '../../features/social/messages';

/**
 * Social registration (identity spec §2): sign up with a network, then the registration form
 * without passwords, with the embedded link panel. Needs a service name.
 */
export default function SocialRegistrationWidget({ attributes }: WidgetProps<SocialRegistrationAttributes>) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const service = useAppSelector(selectServiceName);
  if (!service) return <ErrorMessageBox error={foyerError('SERVICE_NAME_EMPTY')} />;
  if (loggedIn) return <p className="logged-in">{t('login.loggedIn')}</p>;
  return (
    <div className={attributes.formStyle}>
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('social.registration.title')}</WidgetHeading>
      <SocialSignIn
        networks={attributes.networks}
        action="register"
        buttonStyle={attributes.buttonStyle}
        extendPermissions={attributes.extendPermissions}
        showHeader={false}
        showLabels={attributes.showLabels}
        showErrorMsgs={attributes.showErrorMsgs}
        schemeAttribute={attributes.authenticationSchemeName}
        showLinkPanel={attributes.showLinkPanel}
        registration={{
          description: attributes.description,
          submitLabel: attributes.submitLabel,
          hiddenAttributes: attributes.hiddenAttributes,
          roles: attributes.roles,
          rolesToAssign: attributes.rolesToAssign,
        }}
        link={{ submitLabel: attributes.linkSubmitLabel, registerInsteadLabel: attributes.linkCancelLabel }}
      />
    </div>
  );
}

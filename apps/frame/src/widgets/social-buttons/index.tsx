import { socialError } from '@foyer/api';
import type { SocialButtonsAttributes } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import '../../features/social/messages';
import { useAppSelector } from '../../app/store/hooks';
import type { WidgetProps } from '../../app/widgetProps';
import SocialSignIn from '../../features/social/SocialSignIn';

/**
 * Social buttons (identity spec §2): networkAction login or register is required ('Action should
 * not be empty! …'); a logged-in visitor sees that they are logged in.
 */
export default function SocialButtonsWidget({ attributes }: WidgetProps<SocialButtonsAttributes>) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const action = attributes.networkAction?.toLowerCase();
  const heading = <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('social.buttons')}</WidgetHeading>;
  if (action !== 'login' && action !== 'register') {
    return (
      <>
        {heading}
        <ErrorMessageBox error={socialError('SOCIAL_ACTION_EMPTY')} />
      </>
    );
  }
  if (loggedIn) {
    return (
      <>
        {heading}
        <p className="logged-in">{t('login.loggedIn')}</p>
      </>
    );
  }
  return (
    <div className={attributes.formStyle}>
      {heading}
      {attributes.description && <p>{attributes.description}</p>}
      <SocialSignIn
        networks={attributes.networks}
        action={action}
        buttonStyle={attributes.buttonStyle}
        label={attributes.label}
        extendPermissions={attributes.extendPermissions}
        autoRegister={attributes.autoRegister}
        autoPopulate={attributes.autoPopulate}
        attributesMapping={attributes.attributesMapping}
        registration={{ roles: attributes.roles, rolesToAssign: attributes.rolesToAssign }}
        showHeader={false}
        showLabels={attributes.showLabels}
        showErrorMsgs={attributes.showErrorMsgs}
        schemeAttribute={attributes.authenticationSchemeName}
      />
    </div>
  );
}

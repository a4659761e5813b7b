/**
 * The capture container (identity spec §2): one widget whose `action` attribute picks the form —
 * register (the registration widget), editProfile (edit profile), socialAccountRegister (sign up
 * with a network, then the social registration form) or socialAccountLink (sign in with a network
 * and link it to an existing account). Anything else answers 'Not Supported action'.
 */
import { lazy, Suspense, useState } from 'react';
import { foyerError } from '@foyer/api';
import type { CaptureAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppSelector } from '../../app/store/hooks';
import type { WidgetProps } from '../../app/widgetProps';
import EditProfileWidget from '../../features/profile/EditProfileWidget';
import RegistrationWidget from '../../features/identity/RegistrationWidget';

/** The social flows load only for the social actions. */
const SocialSignIn = lazy(() => import('../../features/social/SocialSignIn'));

/**
 * After a registration whose service still needs attributes, the follow-up (identity spec §4)
 * moves the container on to edit profile in place; the page also gets registration.redirect.
 */
export default function CaptureWidget({ attributes }: WidgetProps<CaptureAttributes>) {
  const [action, setAction] = useState(attributes.action);
  switch (action) {
    case 'register':
      return (
        <RegistrationWidget
          attributes={attributes}
          SocialSignIn={SocialSignIn}
          onFollowUp={(to) => {
            if (to === 'editProfile') setAction('editProfile');
          }}
        />
      );
    case 'editProfile':
      return <EditProfileWidget attributes={attributes} />;
    case 'socialAccountRegister':
    case 'socialAccountLink':
      return <SocialCapture attributes={attributes} action={action} />;
    default:
      return <ErrorMessageBox error={foyerError('NOT_SUPPORTED_ACTION')} showCode />;
  }
}

/**
 * The social actions. Like link-existing-account, an open panel stays until it is done; after
 * that a logged-in visitor is told so (the link panel's login and link used to end on the bare
 * sign-in buttons, with nothing to say the link was made).
 */
function SocialCapture({
  attributes,
  action,
}: {
  attributes: CaptureAttributes;
  action: 'socialAccountRegister' | 'socialAccountLink';
}) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [panel, setPanel] = useState(false);
  if (loggedIn && !panel) return <p className="logged-in">{t('login.loggedIn')}</p>;
  return (
    <Suspense fallback={<Loading />}>
      <SocialSignIn
        networks={attributes.socialNetworks}
        action={action === 'socialAccountRegister' ? 'register' : 'login'}
        buttonStyle={attributes.socialButtonStyle}
        showHeader={attributes.showHeader}
        showLabels={attributes.showLabels}
        showErrorMsgs={attributes.showErrorMsgs}
        schemeAttribute={attributes.authenticationSchemeName}
        unknownGoesTo={action === 'socialAccountRegister' ? 'register' : 'link'}
        registration={{ hiddenAttributes: attributes.hiddenAttributes }}
        onPanel={setPanel}
      />
    </Suspense>
  );
}

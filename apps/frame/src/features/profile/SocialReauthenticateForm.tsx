import { type FoyerError, type SocialNetwork, socialError } from '@foyer/api';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import { useRequest } from '../../app/store/useRequest';
import { SocialButtons, socialPermissionsRequest } from '../social';
import { socialReauthenticate } from './reauthenticate';

/**
 * The re-authentication of an account without a password (it was made by social registration):
 * why it is asked, and one 'Confirm with …' button per linked network the service offers.
 * A fresh sign-in there proves it is still the owner; once proved, `onDone`.
 */
export default function SocialReauthenticateForm({
  error,
  linkedNetworks,
  onDone,
  confirmByRedirect = false,
}: {
  error: FoyerError;
  linkedNetworks: readonly SocialNetwork[];
  onDone: () => void;
  confirmByRedirect?: boolean;
}) {
  const dispatch = useAppDispatch();
  const service = useAppSelector(selectServiceName);
  const permissions = useRequest(socialPermissionsRequest, service);
  if (permissions.status === 'failed') return <ErrorMessageBox error={permissions.error} showCode />;
  if (permissions.status !== 'succeeded') return <Loading />;
  const networks = linkedNetworks.filter((network) => permissions.data.includes(network));
  if (!networks.length) {
    return (
      <>
        <ErrorMessageBox error={error} showCode />
        <ErrorMessageBox error={socialError('SOCIAL_SETTINGS_INVALID')} showCode />
      </>
    );
  }
  // The intro says why this step is here; 'Session has expired.' (the password prompt's words) would
  // read as a fault to someone who made the account a moment ago.
  return (
    <div className="form">
      <p role="status">{t('social.confirmIntro')}</p>
      <SocialButtons
        networks={networks}
        action="confirm"
        confirmByRedirect={confirmByRedirect}
        buttonStyle="text"
        showErrorMsgs
        onTicket={async (network, ticket) => {
          const result = await dispatch(socialReauthenticate(network, ticket));
          if (!result.ok) return result.error;
          onDone();
          return null;
        }}
      />
    </div>
  );
}

import { useEffect } from 'react';
import type { EditProfileAttributes } from '@foyer/protocol';
import { MessageBox } from '../../ui/form/MessageBox';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { syncSessionFromStorage } from '../../app/store/sessionThunks';
import { shareProfile } from '../../app/store/sharedProfile';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { EditProfileForm } from './EditProfileForm';
import { ReauthenticateForm } from './ReauthenticateForm';
import './messages';
import { useRequest } from '../../app/store/useRequest';
import { editProfileRequest } from './profileData';
import { cancelEdit } from './update';

/** Session events from other frames: the session may have started, changed or ended. */
const SESSION_EVENTS: ReadonlySet<string> = new Set([
  'login.success',
  'session.refresh',
  'session.expired',
  'logout.action',
]);

/**
 * Edit profile (identity spec §2, §4, §6): needs a session ('You need to be logged in to use
 * this widget'), and in secure mode a live secure session ('Session has expired.': the password
 * again, POST /session/:id, brings a new one).
 */
export default function EditProfileWidget({ attributes }: WidgetProps<EditProfileAttributes>) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const guid = useAppSelector((state) => state.session.guid);
  const profile = useAppSelector((state) => state.profile.data);
  // Loaded again for another account, and when a session starts.
  const state = useRequest(
    editProfileRequest,
    { force: attributes.disableCache },
    { skip: !loggedIn, reloadOn: [loggedIn, guid] },
  );

  useFrameEvents(SESSION_EVENTS, () => dispatch(syncSessionFromStorage()));
  // The profile the page's other frames hold, and this one's for them (storage may be refused).
  useEffect(() => dispatch(shareProfile()), [dispatch]);

  const header = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('edit-profile.title')}</WidgetHeading>
  );
  if (!loggedIn) {
    return (
      <>
        {header}
        <MessageBox severity="info" text={t('UNAUTHORIZED')} />
      </>
    );
  }
  switch (state.status) {
    case 'idle':
    case 'loading':
      return <Loading />;
    case 'failed':
      if (state.error.code === 'secure_session_expired') {
        return (
          <>
            {header}
            <ReauthenticateForm error={state.error} onDone={state.retry} />
          </>
        );
      }
      return (
        <>
          {header}
          <ErrorMessageBox error={state.error} showCode />
          {state.error.code !== 'secure_session_expired' && (
            <button type="button" className="button" onClick={state.retry}>
              {t('frame.retry')}
            </button>
          )}
        </>
      );
    case 'succeeded': {
      // The profile slice holds the freshest copy (reloaded after an update).
      const current = profile && profile.guid === state.data.profile.guid ? profile : state.data.profile;
      return (
        <EditProfileForm
          attributes={attributes}
          serviceName={state.data.serviceName}
          template={state.data.template}
          profile={current}
          onCancel={() => dispatch(cancelEdit())}
        />
      );
    }
  }
}

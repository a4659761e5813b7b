import { useCallback, useEffect } from 'react';
import { foyerError } from '@foyer/api';
import type { ProfileAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { LogoutButton } from '../../features/session/LogoutButton';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { syncSessionFromStorage } from '../../app/store/sessionThunks';
import { shareProfile } from '../../app/store/sharedProfile';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { StayAcrossSites } from '../../features/session/StayAcrossSites';
import { useRequest } from '../../app/store/useRequest';
import { selectServiceName } from '../../app/store/selectors';
import { attributeLabel, attributeValue } from '../../features/profile/attributeDisplay';
import { refreshAndLoadProfile } from '../../features/profile/loadProfile';
import { profileTemplateRequest } from '../../features/profile/profileTemplate';
import { WidgetHeading } from '../../ui/WidgetHeading';

/** Events after which the profile is reloaded (identity spec §4). */
const RELOAD_ON: ReadonlySet<string> = new Set([
  'login.success',
  'session.refresh',
  'session.expired',
  'logout.action',
  'profile.updated',
]);

/** The account's attributes as the server lists them, but First name always before Last name. */
function displayOrder<T extends { name: string }>(attributes: readonly T[]): T[] {
  const list = [...attributes];
  const first = list.findIndex((attribute) => attribute.name === 'firstName');
  const last = list.findIndex((attribute) => attribute.name === 'lastName');
  if (first > last && last >= 0) [list[first], list[last]] = [list[last]!, list[first]!];
  return list;
}

/** The profile display: panes none (loading), available, not-logged-in, account-locked. */
export default function ProfileWidget({ attributes }: WidgetProps<ProfileAttributes>) {
  const dispatch = useAppDispatch();
  const guid = useAppSelector((state) => state.session.guid);
  const profile = useAppSelector((state) => state.profile);
  const serviceName = useAppSelector(selectServiceName);
  // Labels and types of the attributes (BOOLEAN as Yes/No, dates for people …), once there is a profile to show.
  const definitions = useRequest(profileTemplateRequest, serviceName, {
    skip: profile.state !== 'available' || !serviceName,
  });
  const reload = useCallback(() => void dispatch(refreshAndLoadProfile()), [dispatch]);

  // The profile the page's other frames hold, and this one's for them (storage may be refused).
  useEffect(() => dispatch(shareProfile()), [dispatch]);
  // First load, and again whenever the session changes (in this frame, or another via storage).
  useEffect(() => reload(), [reload, guid]);

  // Session events from the other frames: adopt the stored session, then reload.
  useFrameEvents(RELOAD_ON, () => {
    dispatch(syncSessionFromStorage());
    reload();
  });

  useEffect(() => {
    const id = setInterval(reload, attributes.refreshInterval * 1000);
    return () => clearInterval(id);
  }, [reload, attributes.refreshInterval]);

  const header = <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('profile.title')}</WidgetHeading>;
  const error = profile.error && attributes.showErrorMsgs && <ErrorMessageBox error={profile.error} showCode />;

  switch (profile.state) {
    case 'none':
      if (!profile.error) return <Loading />;
      return (
        <>
          {header}
          {error || <ErrorMessageBox error={profile.error} />}
          <button type="button" className="button" onClick={reload}>
            {t('frame.retry')}
          </button>
        </>
      );
    case 'not-logged-in':
      return (
        <>
          {header}
          <p>{t('profile.notLoggedIn')}</p>
          <StayAcrossSites />
        </>
      );
    case 'account-locked':
      return (
        <>
          {header}
          <ErrorMessageBox error={foyerError('USER_PROFILE_LOCKED')} />
        </>
      );
    case 'available': {
      // Wait for the definitions (or their failure: then names and values as stored), not flicker from raw to readable.
      if (serviceName && (definitions.status === 'idle' || definitions.status === 'loading')) return <Loading />;
      const known = definitions.status === 'succeeded' ? definitions.data : {};
      return (
        <>
          {header}
          {error}
          <dl className="profile-attributes">
            {displayOrder(profile.data?.attributes ?? []).map((attribute) => (
              <div key={attribute.name}>
                <dt>{attributeLabel(attribute.name, known[attribute.name])}</dt>
                <dd>{attributeValue(attribute.value, known[attribute.name])}</dd>
              </div>
            ))}
          </dl>
          {attributes.showLogout && (
            <div className="actions profile-actions">
              <LogoutButton />
            </div>
          )}
          <StayAcrossSites />
        </>
      );
    }
  }
}

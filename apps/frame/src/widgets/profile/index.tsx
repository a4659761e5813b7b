import { useCallback, useEffect } from 'react';
import { foyerError } from '@foyer/api';
import type { ProfileAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading } from '../../components/Loading';
import { LogoutButton } from '../../components/LogoutButton';
import { hasTranslation, t, templateLabel } from '../../i18n';
import type { WidgetProps } from '../widgetProps';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { syncSessionFromStorage } from '../../store/sessionThunks';
import { shareProfile } from '../../store/sharedProfile';
import { useFrameEvents } from '../../store/useFrameEvents';
import { StayAcrossSites } from '../_session/StayAcrossSites';
import { refreshAndLoadProfile } from './loadProfile';
import { WidgetHeading } from '../../components/WidgetHeading';

/** Events after which the profile is reloaded (identity spec §4). */
const RELOAD_ON: ReadonlySet<string> = new Set([
  'login.success',
  'session.refresh',
  'session.expired',
  'logout.action',
  'profile.updated',
]);

function attributeLabel(name: string): string {
  const code = `profile.attribute.${name}`;
  return hasTranslation(code) ? t(code) : templateLabel(name, name);
}

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
    case 'available':
      return (
        <>
          {header}
          {error}
          <dl className="profile-attributes">
            {displayOrder(profile.data?.attributes ?? []).map((attribute) => (
              <div key={attribute.name}>
                <dt>{attributeLabel(attribute.name)}</dt>
                <dd>{attribute.value}</dd>
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

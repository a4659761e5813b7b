import { useState } from 'react';
import { foyerError } from '@foyer/api';
import { registerEventSchemas } from '@foyer/protocol';
import { identityEventPayloadSchemas } from '@foyer/protocol/attributes';
import { socialEventPayloadSchemas, type EditSocialProfileAttributes } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { syncSessionFromStorage } from '../../app/store/sessionThunks';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { useRequest } from '../../app/store/useRequest';
import type { WidgetProps } from '../../app/widgetProps';
import '../../features/social/messages';
import { EditSocialProfileForm } from '../../features/profile/EditSocialProfileForm';
import { socialProfileFormRequest } from '../../features/profile/formData';

registerEventSchemas(socialEventPayloadSchemas);
// The shared profile update (edit-profile/update.ts) also publishes profile.updateFailed, an
// identity-chunk event this social route would otherwise refuse to publish.
registerEventSchemas(identityEventPayloadSchemas);

const SESSION_EVENTS: ReadonlySet<string> = new Set([
  'login.success',
  'session.refresh',
  'session.expired',
  'logout.action',
]);
const SCHEME_NOTICE: ReadonlySet<string> = new Set(['socialUnlink.authSchemeFailed']);

/**
 * Edit social profile (identity spec §2, §4): for a logged-in user, the identifier and validator
 * fields of a scheme's form, without passwords. An auth-scheme-failed notice (an unlink refused
 * because the account has no other way in) loads that scheme's form.
 */
export default function EditSocialProfileWidget({ attributes }: WidgetProps<EditSocialProfileAttributes>) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const guid = useAppSelector((state) => state.session.guid);
  // The notice is about the account signed in when it came: another account does not see it.
  const [notice, setNotice] = useState<{ guid: string | null; scheme: string } | null>(null);
  const noticeScheme = notice && notice.guid === guid ? notice.scheme : null;
  const scheme = attributes.authenticationSchemeName ?? noticeScheme ?? undefined;
  const form = useRequest(socialProfileFormRequest, { scheme }, { skip: !loggedIn, reloadOn: [loggedIn, guid] });

  useFrameEvents(SESSION_EVENTS, () => dispatch(syncSessionFromStorage()));
  useFrameEvents(SCHEME_NOTICE, (event) => {
    const named = (event.payload as { authenticationSchemeName?: string }).authenticationSchemeName;
    if (named) setNotice({ guid, scheme: named });
  });

  const header = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('social.editProfile.title')}</WidgetHeading>
  );
  if (!loggedIn) {
    return (
      <>
        {header}
        <ErrorMessageBox error={foyerError('USER_SESSION_EMPTY')} />
      </>
    );
  }
  if (form.status === 'failed') {
    return (
      <>
        {header}
        <ErrorMessageBox error={form.error} showCode />
        <button type="button" className="button" onClick={form.retry}>
          {t('frame.retry')}
        </button>
      </>
    );
  }
  if (form.status !== 'succeeded') return <Loading />;
  return (
    <EditSocialProfileForm
      key={form.data.scheme}
      attributes={attributes}
      data={form.data}
      notice={noticeScheme !== null && noticeScheme === form.data.scheme}
    />
  );
}

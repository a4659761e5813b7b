/**
 * The capture container (identity spec §2): one widget whose `action` attribute picks the form —
 * register (the registration widget) or editProfile (edit profile). The social actions
 * (socialAccountRegister, socialAccountLink) arrive with the social widgets; until then they
 * answer 'Not Supported action'.
 */
import { useState } from 'react';
import { foyerError } from '@foyer/api';
import type { CaptureAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import type { WidgetProps } from '../widgetProps';
import EditProfileWidget from '../edit-profile';
import RegistrationWidget from '../registration';

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
          onFollowUp={(to) => {
            if (to === 'editProfile') setAction('editProfile');
          }}
        />
      );
    case 'editProfile':
      return <EditProfileWidget attributes={attributes} />;
    default:
      return <ErrorMessageBox error={foyerError('NOT_SUPPORTED_ACTION')} showCode />;
  }
}

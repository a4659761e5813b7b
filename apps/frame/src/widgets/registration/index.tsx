import { lazy } from 'react';
import type { RegistrationAttributes } from '@foyer/protocol';
import type { WidgetProps } from '../../app/widgetProps';
import RegistrationWidget from '../../features/identity/RegistrationWidget';

/** The social flows load only for the social actions. */
const SocialSignIn = lazy(() => import('../../features/social/SocialSignIn'));

/** Registration (`/w/registration`): the widget lives in features/identity, which capture also shows. */
export default function Registration({ attributes }: WidgetProps<RegistrationAttributes>) {
  return <RegistrationWidget attributes={attributes} SocialSignIn={SocialSignIn} />;
}

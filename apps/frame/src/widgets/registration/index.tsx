import { useEffect, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { RegistrationAttributes } from '@foyer/protocol';
import '../_forms/messages';
import { MessageBox } from '../_forms/MessageBox';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading } from '../../components/Loading';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import type { WidgetProps } from '../widgetProps';
import { useAppDispatch } from '../../store/hooks';
import { loadRegistration, type RegistrationSetup } from './loadRegistration';
import './messages';
import { REGISTRATION_FOLLOW_UP_MS, registrationFollowUp } from './register';
import { RegistrationForm } from './RegistrationForm';

type State =
  | { status: 'loading' }
  | { status: 'error'; error: FoyerError }
  | { status: 'ready'; setup: Extract<RegistrationSetup, { ok: true }> }
  | { status: 'done'; guid: string; loggedIn: boolean; serviceName: string };

type FollowUp = 'payment' | 'editProfile' | 'login';

/**
 * The registration widget: loading, the template-driven form, then the success state. A container
 * (capture) passes `onFollowUp` to move on itself; alone, the widget publishes registration.redirect.
 */
export default function RegistrationWidget({
  attributes,
  onFollowUp,
}: WidgetProps<RegistrationAttributes> & { onFollowUp?: (to: FollowUp) => void }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void dispatch(loadRegistration(attributes.authenticationSchemeName)).then((result) => {
      if (live) setState(result.ok ? { status: 'ready', setup: result } : { status: 'error', error: result.error });
    });
    return () => {
      live = false;
    };
  }, [dispatch, attributes.authenticationSchemeName, attempt]);

  const header = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('registration.title')}</WidgetHeading>
  );
  switch (state.status) {
    case 'loading':
      return <Loading />;
    case 'error':
      return (
        <>
          {header}
          <ErrorMessageBox error={state.error} showCode />
          <button
            type="button"
            className="button"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            {t('frame.retry')}
          </button>
        </>
      );
    case 'ready':
      return (
        <RegistrationForm
          attributes={attributes}
          {...state.setup}
          onRegistered={({ guid, loggedIn }) =>
            setState({ status: 'done', guid, loggedIn, serviceName: state.setup.serviceName })
          }
        />
      );
    case 'done':
      return (
        <>
          {header}
          <Registered {...state} onFollowUp={onFollowUp} />
        </>
      );
  }
}

/** The success state; ~1.5 s later the follow-up tells the page where to go next. */
function Registered({
  guid,
  loggedIn,
  serviceName,
  onFollowUp,
}: {
  guid: string;
  loggedIn: boolean;
  serviceName: string;
  onFollowUp: ((to: FollowUp) => void) | undefined;
}) {
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDivElement>(null);
  const followUp = useRef(onFollowUp);
  useEffect(() => {
    followUp.current = onFollowUp;
  });
  useEffect(() => {
    ref.current?.focus();
    let live = true;
    const timer = setTimeout(
      () =>
        void dispatch(registrationFollowUp(guid, serviceName)).then((to) => {
          if (live) followUp.current?.(to);
        }),
      REGISTRATION_FOLLOW_UP_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, guid, serviceName]);
  const next = loggedIn ? t('registration.loggedIn') : t('registration.checkMailbox');
  return <MessageBox ref={ref} severity="success" text={`${t('registration.success')} ${next}`} />;
}

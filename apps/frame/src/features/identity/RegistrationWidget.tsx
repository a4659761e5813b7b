import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { isFoyerError, type FoyerError } from '@foyer/api';
import { loginAttributesSchema, type RegistrationAttributes } from '@foyer/protocol';
import { MessageBox } from '../../ui/form/MessageBox';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { loginWidget } from '../../app/loginWidget';
import type { SocialSignInProps } from '../social';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import { registrationRequest } from './loadRegistration';
import './registrationMessages';
import { REGISTRATION_FOLLOW_UP_MS, registrationFollowUp, type FollowUp } from './register';
import { RegistrationForm, type WayOut } from './RegistrationForm';
import { LinkButton } from '../../ui/LinkButton';
import type { Values } from '../../ui/form/schema';

/** The e-mail code steps load only when a visitor asks for a code, or comes with the mail's link (issue 31). */
const EmailCodeFlow = lazy(() => import('./email-code').then((module) => ({ default: module.EmailCodeFlow })));
const EmailCodeLink = lazy(() => import('./email-code').then((module) => ({ default: module.EmailCodeLink })));
/** The ways out of 'Email already in use!…' load only when a visitor takes one. */
const LoginWidget = loginWidget.Component;
const ForgotPasswordPanel = lazy(() =>
  import('./ForgotPasswordPanel').then((module) => ({ default: module.ForgotPasswordPanel })),
);

interface Registered {
  guid: string;
  loggedIn: boolean;
  serviceName: string;
}

/**
 * The registration widget: loading, the template-driven form, then the success state. A container
 * (capture) passes `onFollowUp` to move on itself; alone, the widget publishes registration.redirect.
 */
export default function RegistrationWidget({
  attributes,
  onFollowUp,
  SocialSignIn,
}: WidgetProps<RegistrationAttributes> & {
  onFollowUp?: (to: FollowUp) => void;
  /** Social sign-in's panel, loaded lazily by the widget that shows this one (registration, capture). */
  SocialSignIn: ComponentType<SocialSignInProps>;
}) {
  const setup = useRequest(registrationRequest, attributes.authenticationSchemeName);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [socialPanel, setSocialPanel] = useState(false);
  const [wayOut, setWayOut] = useState<{ to: WayOut; identifiers: Values } | null>(null);
  // Back from a way out, focus returns to the form (its message, else its first field), not to the page.
  const formBox = useRef<HTMLDivElement>(null);
  const [wentOut, setWentOut] = useState(false);
  useEffect(() => {
    if (wayOut) setWentOut(true);
    else if (wentOut) {
      setWentOut(false);
      formBox.current?.querySelector<HTMLElement>('[role="alert"], input, select, button')?.focus();
    }
  }, [wayOut, wentOut]);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  // "Create my account with an e-mail code" replaces the form while it is open (issue 31).
  const [codePanel, setCodePanel] = useState(false);
  const linkKey = useAppSelector((state) => state.frame.query.emailCodeKey);
  const [linkDone, setLinkDone] = useState(false);
  // A code for an address that already had an account signed that account in: nothing was created.
  const [signedInExisting, setSignedInExisting] = useState(false);

  const header = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('registration.title')}</WidgetHeading>
  );
  if (registered) {
    return (
      <>
        {header}
        <Registered {...registered} onFollowUp={onFollowUp} />
      </>
    );
  }
  switch (setup.status) {
    case 'idle':
    case 'loading':
      return <Loading />;
    case 'failed':
      return (
        <>
          {header}
          <ErrorMessageBox error={setup.error} showCode />
          <button type="button" className="button" onClick={setup.retry}>
            {t('frame.retry')}
          </button>
        </>
      );
    case 'succeeded': {
      const codeSignedIn = ({ guid, created }: { guid: string; created: boolean }) => {
        if (created) setRegistered({ guid, loggedIn: true, serviceName: setup.data.serviceName });
        else setSignedInExisting(true);
      };
      if (signedInExisting && loggedIn) {
        return (
          <>
            {header}
            <p className="logged-in">{t('login.loggedIn')}</p>
          </>
        );
      }
      if (setup.data.emailCodeSignIn && linkKey && !linkDone && !loggedIn) {
        return (
          <>
            {header}
            <Suspense fallback={<Loading />}>
              <EmailCodeLink
                linkKey={linkKey}
                onSignedIn={codeSignedIn}
                onDone={(askForCode) => {
                  setLinkDone(true);
                  setCodePanel(askForCode);
                }}
              />
            </Suspense>
          </>
        );
      }
      if (setup.data.emailCodeSignIn && codePanel) {
        return (
          <Suspense fallback={<Loading />}>
            <EmailCodeFlow
              purpose="register"
              showHeader={attributes.showHeader}
              showLabels={attributes.showLabels}
              onBack={() => setCodePanel(false)}
              onSignedIn={codeSignedIn}
            />
          </Suspense>
        );
      }
      // A way out of 'Email already in use!…' shows in place; the form stays (hidden) with what was typed.
      let panel: ReactNode = null;
      if (wayOut?.to === 'forgotPassword') {
        panel = (
          <Suspense fallback={<Loading />}>
            <ForgotPasswordPanel
              scheme={setup.data.scheme}
              template={setup.data.template}
              showHeader
              showLabels={attributes.showLabels}
              showErrorMsgs={attributes.showErrorMsgs}
              showCancel
              alignment="left"
              autoFocus
              initialValues={wayOut.identifiers}
              onDone={() => setWayOut(null)}
            />
          </Suspense>
        );
      }
      if (wayOut?.to === 'login') {
        panel = (
          <Suspense fallback={<Loading />}>
            <LoginWidget
              attributes={loginAttributesSchema.parse({
                ...(attributes.authenticationSchemeName
                  ? { authenticationSchemeName: attributes.authenticationSchemeName }
                  : {}),
                showHeader: String(attributes.showHeader),
                showLabels: String(attributes.showLabels),
                showErrorMsgs: String(attributes.showErrorMsgs),
              })}
            />
            {!loggedIn && (
              <p>
                <LinkButton onClick={() => setWayOut(null)}>{t('login.register')}</LinkButton>
              </p>
            )}
          </Suspense>
        );
      }
      return (
        <>
          {panel}
          <div ref={formBox} hidden={!!wayOut}>
            {attributes.socialNetworks.length > 0 && !loggedIn && (
              <Suspense fallback={<Loading />}>
                <SocialSignIn
                  networks={attributes.socialNetworks}
                  action="register"
                  buttonStyle={attributes.socialButtonStyle}
                  showHeader={attributes.showHeader}
                  showLabels={attributes.showLabels}
                  showErrorMsgs={attributes.showErrorMsgs}
                  schemeAttribute={attributes.authenticationSchemeName}
                  onPanel={setSocialPanel}
                />
              </Suspense>
            )}
            {loggedIn && attributes.socialNetworks.length > 0 ? (
              <p className="logged-in">{t('login.loggedIn')}</p>
            ) : (
              !socialPanel && (
                <RegistrationForm
                  attributes={attributes}
                  {...setup.data}
                  onRegistered={({ guid, loggedIn }) =>
                    setRegistered({ guid, loggedIn, serviceName: setup.data.serviceName })
                  }
                  onWayOut={(to, identifiers) => setWayOut({ to, identifiers })}
                />
              )
            )}
            {setup.data.emailCodeSignIn && !loggedIn && !socialPanel && (
              <p>
                <LinkButton onClick={() => setCodePanel(true)}>{t('registration.emailCodeOffer')}</LinkButton>
              </p>
            )}
          </div>
        </>
      );
    }
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
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const followUp = useRef(onFollowUp);
  useEffect(() => {
    followUp.current = onFollowUp;
  });
  useEffect(() => {
    ref.current?.focus();
    let running: { abort: () => void } | undefined;
    const timer = setTimeout(() => {
      const request = dispatch(registrationFollowUp({ guid, serviceName }));
      running = request;
      // Aborted when the widget goes: then nobody is told where to go.
      request.unwrap().then(
        (to) => followUp.current?.(to),
        (error: unknown) => {
          if (isFoyerError(error)) setProblem(error);
        },
      );
    }, REGISTRATION_FOLLOW_UP_MS);
    return () => {
      clearTimeout(timer);
      running?.abort();
    };
  }, [dispatch, guid, serviceName]);
  const next = loggedIn ? t('registration.loggedIn') : t('registration.checkMailbox');
  return (
    <>
      <MessageBox ref={ref} severity="success" text={`${t('registration.success')} ${next}`} />
      {problem && <ErrorMessageBox error={problem} showCode />}
    </>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LoginAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { LogoutButton } from '../../features/session/LogoutButton';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { verifySession } from '../../app/store/sessionThunks';
import { useRequest } from '../../app/store/useRequest';
import { loginTemplateRequest } from '../../ui/form/loginTemplate';
import { publishForgotPassword, publishRegister } from '../../features/identity/publishForgotPassword';
import { LoginForm } from '../../features/identity/LoginForm';
import '../../features/identity/loginMessages';

/** The flip panel's code loads only when a visitor flips to it (the login route's budget). */
const ForgotPasswordPanel = lazy(() =>
  import('../../features/identity/ForgotPasswordPanel').then((module) => ({ default: module.ForgotPasswordPanel })),
);
import { WidgetHeading } from '../../ui/WidgetHeading';
import { LinkButton } from '../../ui/LinkButton';

/** Social buttons load only for a login configured with networks (the login route's budget). */
const SocialSignIn = lazy(() => import('../../features/social/SocialSignIn'));
/** The e-mail code steps load only when a visitor asks for a code, or comes with the mail's link. */
const EmailCodeFlow = lazy(() =>
  import('../../features/identity/email-code').then((module) => ({ default: module.EmailCodeFlow })),
);
const EmailCodeLink = lazy(() =>
  import('../../features/identity/email-code').then((module) => ({ default: module.EmailCodeLink })),
);

/** The login widget: the template-driven form, or "You are logged in" with a Log out button. */
export default function LoginWidget({ attributes }: WidgetProps<LoginAttributes>) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const form = useRequest(loginTemplateRequest, attributes.authenticationSchemeName);
  const [verifyStoredSession] = useState(loggedIn);
  // What changed while mounted decides where focus goes: the logged-in message after a login,
  // the first field after a logout. On first render nothing is focused (the host page owns focus).
  // Only a change the visitor made in this frame moves it: a Log out pressed in the profile widget
  // must not pull focus into this frame. That took the page's scroll with it, and the empty
  // e-mail field's 'required' message, shown when focus left it again, grew the frame: the page
  // moved under the pointer between press and release, and a click on a social button was lost.
  // Read while rendering the change, before the commit removes the element that had focus.
  const [seenLoggedIn, setSeenLoggedIn] = useState(loggedIn);
  // "Email me a sign-in code" replaces the password form while it is open (issue 31).
  const [codePanel, setCodePanel] = useState(false);
  const [moveFocus, setMoveFocus] = useState(false);
  if (seenLoggedIn !== loggedIn) {
    setSeenLoggedIn(loggedIn);
    setMoveFocus(document.hasFocus());
    // After a logout the password form comes back, not the code step of the last login.
    setCodePanel(false);
  }
  const [flipped, setFlipped] = useState(false);
  // A social registration or link panel replaces the password form while it is open.
  const [socialPanel, setSocialPanel] = useState(false);
  // The page was opened from the code mail's link: it signs in once, then the widget goes on as usual.
  const linkKey = useAppSelector((state) => state.frame.query.emailCodeKey);
  const [linkDone, setLinkDone] = useState(false);

  useEffect(() => {
    if (verifyStoredSession) void dispatch(verifySession());
  }, [dispatch, verifyStoredSession]);

  // An open social panel stays until done (SocialSignIn): its login must not hide a refused link.
  if (loggedIn && !socialPanel) {
    return (
      <>
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('login.title')}</WidgetHeading>
        <LoggedInMessage focus={moveFocus} />
        <div className="actions">
          <LogoutButton />
        </div>
      </>
    );
  }

  if (form.status === 'failed') {
    return (
      <>
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('login.title')}</WidgetHeading>
        <ErrorMessageBox error={form.error} showCode />
        <button type="button" className="button" onClick={form.retry}>
          {t('frame.retry')}
        </button>
      </>
    );
  }
  if (form.status !== 'succeeded') return <Loading />;
  const { scheme, template, recaptchaSiteKey, emailCodeSignIn } = form.data;
  const heading = <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('login.title')}</WidgetHeading>;
  if (emailCodeSignIn && linkKey && !linkDone) {
    return (
      <>
        {heading}
        <Suspense fallback={<Loading />}>
          <EmailCodeLink
            linkKey={linkKey}
            onDone={(askForCode) => {
              setLinkDone(true);
              setCodePanel(askForCode);
            }}
          />
        </Suspense>
      </>
    );
  }
  if (emailCodeSignIn && codePanel) {
    return (
      <Suspense fallback={<Loading />}>
        <EmailCodeFlow
          purpose="signIn"
          showHeader={attributes.showHeader}
          showLabels={attributes.showLabels}
          onBack={() => setCodePanel(false)}
        />
      </Suspense>
    );
  }
  if (flipped) {
    return (
      <Suspense fallback={<Loading />}>
        <ForgotPasswordPanel
          scheme={scheme}
          template={template}
          // The flipped panel always names itself ('Forgot Password'): the visitor must see where they are.
          showHeader
          showLabels={attributes.showLabels}
          showErrorMsgs={attributes.showErrorMsgs}
          showCancel
          alignment="left"
          autoFocus
          onDone={() => {
            setFlipped(false);
            setMoveFocus(document.hasFocus());
          }}
        />
      </Suspense>
    );
  }
  const social = attributes.socialNetworks.length > 0 && (
    <Suspense fallback={<Loading />}>
      <SocialSignIn
        networks={attributes.socialNetworks}
        action="login"
        buttonStyle={attributes.socialButtonStyle}
        showHeader={attributes.showHeader}
        showLabels={attributes.showLabels}
        showErrorMsgs={attributes.showErrorMsgs}
        schemeAttribute={attributes.authenticationSchemeName}
        onPanel={setSocialPanel}
      />
    </Suspense>
  );
  return (
    <>
      {/* Above the form: the form's messages appearing on blur must not move the buttons mid-click. */}
      {social && !socialPanel && (
        <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('login.title')}</WidgetHeading>
      )}
      {social}
      {!socialPanel && (
        <LoginForm
          attributes={social ? { ...attributes, showHeader: false } : attributes}
          scheme={scheme}
          template={template}
          recaptchaSiteKey={recaptchaSiteKey}
          focusFirstField={moveFocus}
          onForgotPassword={() => {
            if (attributes.forgotPasswordHandler === 'flip') setFlipped(true);
            else dispatch(publishForgotPassword());
          }}
        />
      )}
      {emailCodeSignIn && !socialPanel && (
        <p>
          <LinkButton onClick={() => setCodePanel(true)}>{t('login.emailCodeOffer')}</LinkButton>
        </p>
      )}
      {attributes.showRegister && !socialPanel && (
        <p>
          <LinkButton onClick={() => dispatch(publishRegister())}>{t('login.register')}</LinkButton>
        </p>
      )}
    </>
  );
}

function LoggedInMessage({ focus }: { focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p ref={ref} tabIndex={-1} className="logged-in">
      {t('login.loggedIn')}
    </p>
  );
}

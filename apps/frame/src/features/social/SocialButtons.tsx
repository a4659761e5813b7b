import { useEffect, useState } from 'react';
import { type FoyerError, NETWORK_NAMES, type SocialNetwork, socialError } from '@foyer/api';
import { SOCIAL_RESULT_PARAM } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectIcDomain, selectServiceName, selectSocialScope } from '../../app/store/selectors';
import { isInAppBrowser } from './inAppBrowser';
import './messages';
import { signInWithPopup } from './popup';
import { resumeSocialRedirect, socialIdentityName, startSocialRedirect } from './redirect';
import './social.css';

export interface SocialButtonsProps {
  networks: readonly SocialNetwork[];
  /**
   * 'Sign in with ' or 'Sign up with ' (identity spec §2), unless `label` is given. `confirm`: a
   * signed-in visitor proves it is still them (social re-authentication); popup only unless
   * `confirmByRedirect`, since the full-redirect trip leaves the page and loses what the visitor was doing.
   */
  action: 'login' | 'register' | 'link' | 'confirm';
  /**
   * `confirm` may fall back to the full-redirect trip where popups do not work: for a link or
   * unlink, whose widget resumes the proof when the page comes back (ManageLinks), and only loses a click.
   */
  confirmByRedirect?: boolean;
  buttonStyle: 'text' | 'icons';
  /** False: the text buttons' words are visually hidden (still each button's name for screen readers). */
  showLabels?: boolean;
  label?: string | undefined;
  scopes?: readonly string[];
  showErrorMsgs: boolean;
  /** What to do with the provider's answer; an error it returns is shown under the buttons. */
  onTicket(network: SocialNetwork, ticket: string): Promise<FoyerError | null>;
}

/**
 * One button per network; a click opens the provider's popup and hands the ticket on. Where
 * popups do not work (an in-app browser, or the popup was blocked) the whole page goes to the
 * provider instead and comes back with a result the buttons redeem when they mount again.
 */
export function SocialButtons(props: SocialButtonsProps) {
  const dispatch = useAppDispatch();
  const icDomain = useAppSelector(selectIcDomain);
  const serviceName = useAppSelector(selectServiceName);
  // The page's social scope (settings socialScope, identity spec §9: default 'email') and the
  // widget's extendPermissions, each asked once; the server keeps the tokens each network knows.
  const socialScope = useAppSelector(selectSocialScope);
  const scopes = [...new Set([...socialScope.split(/[\s,]+/).filter(Boolean), ...(props.scopes ?? [])])];
  const [busy, setBusy] = useState<SocialNetwork | null>(null);
  const [error, setError] = useState<FoyerError | null>(null);
  // A redirect sign-in that would replace the session already live here waits for the visitor's word.
  const [switching, setSwitching] = useState<{ network: SocialNetwork; ticket: string; name: string } | null>(null);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const prefix =
    props.label ??
    (props.action === 'register' ? t('social.signUpWith') : props.action === 'link' ? '' : t('social.signInWith'));
  const purpose =
    props.action === 'confirm'
      ? props.confirmByRedirect
        ? 'confirm'
        : null
      : props.action === 'link'
        ? 'link'
        : 'signIn';
  const { onTicket } = props;
  // The host page's result id arrives with the handshake's context; the buttons try only when
  // there is one, and again if a later context brings a new one.
  const returned = useAppSelector((state) => state.frame.query[SOCIAL_RESULT_PARAM]);

  // Back from a full-redirect trip: finish it as the popup's answer would have.
  useEffect(() => {
    if (!returned || !purpose) return;
    void dispatch(resumeSocialRedirect(purpose)).then(async (outcome) => {
      if (!outcome) return;
      if ('error' in outcome) return setError(outcome.error);
      if (purpose === 'signIn' && loggedIn) {
        const name = await dispatch(socialIdentityName(outcome.network, outcome.ticket));
        return setSwitching({ ...outcome, name });
      }
      await finish(outcome.network, outcome.ticket);
    });
    // Once per result: resumeSocialRedirect takes each result id once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, purpose, returned]);

  async function finish(network: SocialNetwork, ticket: string) {
    setSwitching(null);
    setBusy(network);
    const problem = await onTicket(network, ticket);
    setBusy(null);
    setError(problem);
  }

  async function redirect(network: SocialNetwork) {
    if (!purpose) {
      setBusy(null);
      return setError(socialError('SOCIAL_POPUP_BLOCKED'));
    }
    const problem = await dispatch(startSocialRedirect({ network, scopes, purpose }));
    // Accepted: the page is leaving; the buttons stay busy until it does.
    if (problem) {
      setBusy(null);
      setError(problem);
    }
  }

  async function start(network: SocialNetwork) {
    setError(null);
    setBusy(network);
    if (isInAppBrowser(navigator.userAgent)) return redirect(network);
    // Opened before any await: browsers allow a popup only in the click's own task.
    const outcome = await signInWithPopup({ icDomain, serviceName, network, scopes });
    if (!outcome.ok && outcome.blocked) return redirect(network);
    const problem = outcome.ok ? await props.onTicket(network, outcome.ticket) : outcome.error;
    setBusy(null);
    setError(problem);
  }

  if (switching) {
    const network = NETWORK_NAMES[switching.network];
    return (
      <div className="social-buttons social-switch" role="group" aria-labelledby="social-switch-question">
        <p id="social-switch-question" role="alert">
          {t('social.switch.question', [switching.name])}
        </p>
        <p className="field-note">{t('social.switch.explain', [network])}</p>
        <button
          type="button"
          className="button"
          autoFocus
          onClick={() => void finish(switching.network, switching.ticket)}
        >
          {t('social.switch.continue')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setSwitching(null)}>
          {t('social.switch.stay')}
        </button>
      </div>
    );
  }

  return (
    <div className={`social-buttons social-${props.buttonStyle}`} role="group" aria-label={t('social.buttons')}>
      {error && props.showErrorMsgs && <ErrorMessageBox error={error} onClose={() => setError(null)} />}
      {props.networks.map((network) => {
        const name = NETWORK_NAMES[network];
        const text =
          props.action === 'link'
            ? t('social.linkNetwork', [name])
            : props.action === 'confirm'
              ? t('social.confirmWith', [name])
              : `${prefix}${name}`;
        return (
          <button
            key={network}
            type="button"
            className={`button social-button social-${network}`}
            disabled={busy !== null}
            aria-busy={busy === network}
            aria-label={props.buttonStyle === 'icons' ? text : undefined}
            title={props.buttonStyle === 'icons' ? text : undefined}
            onClick={() => void start(network)}
          >
            <span className="social-icon" aria-hidden="true">
              {name.slice(0, 1)}
            </span>
            {props.buttonStyle === 'text' && (
              <span className={props.showLabels === false ? 'visually-hidden' : undefined}>{text}</span>
            )}
          </button>
        );
      })}
      {busy && (
        <p className="field-note" role="status">
          {t('social.waiting', [NETWORK_NAMES[busy]])}
        </p>
      )}
    </div>
  );
}

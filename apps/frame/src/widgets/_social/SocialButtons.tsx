import { useState } from 'react';
import type { FoyerError, SocialNetwork } from '@foyer/api';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { t } from '../../i18n';
import { useAppSelector } from '../../store/hooks';
import { selectIcDomain, selectServiceName } from '../../store/selectors';
import { NETWORK_NAMES } from './messages';
import { signInWithPopup } from './popup';
import './social.css';

export interface SocialButtonsProps {
  networks: readonly SocialNetwork[];
  /** 'Sign in with ' or 'Sign up with ' (identity spec §2), unless `label` is given. */
  action: 'login' | 'register' | 'link';
  buttonStyle: 'text' | 'icons';
  label?: string | undefined;
  scopes?: readonly string[];
  showErrorMsgs: boolean;
  /** What to do with the provider's answer; an error it returns is shown under the buttons. */
  onTicket(network: SocialNetwork, ticket: string): Promise<FoyerError | null>;
}

/** One button per network; a click opens the provider's popup and hands the ticket on. */
export function SocialButtons(props: SocialButtonsProps) {
  const icDomain = useAppSelector(selectIcDomain);
  const serviceName = useAppSelector(selectServiceName);
  const [busy, setBusy] = useState<SocialNetwork | null>(null);
  const [error, setError] = useState<FoyerError | null>(null);
  const prefix =
    props.label ??
    (props.action === 'register' ? t('social.signUpWith') : props.action === 'link' ? '' : t('social.signInWith'));

  async function start(network: SocialNetwork) {
    setError(null);
    setBusy(network);
    const outcome = await signInWithPopup({ icDomain, serviceName, network, scopes: props.scopes ?? [] });
    const problem = outcome.ok ? await props.onTicket(network, outcome.ticket) : outcome.error;
    setBusy(null);
    setError(problem);
  }

  return (
    <div className={`social-buttons social-${props.buttonStyle}`} role="group" aria-label={t('social.buttons')}>
      {error && props.showErrorMsgs && <ErrorMessageBox error={error} onClose={() => setError(null)} />}
      {props.networks.map((network) => {
        const name = NETWORK_NAMES[network];
        const text = props.action === 'link' ? t('social.linkNetwork', [name]) : `${prefix}${name}`;
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
            {props.buttonStyle === 'text' && <span>{text}</span>}
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

import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import {
  foyerError,
  linkedProfileKey,
  NETWORK_NAMES,
  type FoyerError,
  type SocialNetwork,
  socialError,
} from '@foyer/api';
import { registerEventSchemas, SOCIAL_RESULT_PARAM } from '@foyer/protocol';
import { socialEventPayloadSchemas } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import type { AppThunk } from '../../app/store/thunk';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { useRequest } from '../../app/store/useRequest';
import { MessageBox } from '../../ui/form/MessageBox';
import './messages';
import {
  AVATAR_SIZE,
  linkedAvatarsRequest,
  linkedProfilesRequest,
  offeredNetworks,
  socialPermissionsRequest,
} from './requests';
import { socialReauthenticate, type ReauthenticateFormProps } from '../profile';
import { resumeSocialRedirect } from './redirect';
import { SocialButtons } from './SocialButtons';
import { needsFreshProof, socialLink, socialUnlink, type SocialResult } from './socialThunks';
import './social.css';

/**
 * The re-authentication edit profile asks for (a password field, or 'Confirm with …' for an
 * account without a password), loaded only when a link or unlink asks for the proof.
 */

registerEventSchemas(socialEventPayloadSchemas);

/** Another frame of the page linked or unlinked a network: this list is out of date. */
const RELOAD_ON: ReadonlySet<string> = new Set(['socialSession.refresh']);

export interface ManageLinksProps {
  mode: 'link' | 'unlink';
  networks: readonly string[];
  buttonStyle: 'text' | 'icons';
  showHeader: boolean;
  showErrorMsgs: boolean;
  /** The networks' names beside their actions (false: visually hidden, still read by screen readers). */
  showLabels: boolean;
  /** A Cancel that publishes linkAccounts.cancelled / unlinkAccounts.cancelled (a modal closes on it). */
  showCancel: boolean;
  title?: string | undefined;
  actionLabel?: string | undefined;
  scopes?: readonly string[];
  /**
   * The profile's re-authentication form (a link asks the visitor to prove it is them again),
   * loaded lazily by the widget that shows this list: a feature reaches another only through its
   * public entry, so the component comes from the widget.
   */
  ReauthenticateForm: ComponentType<ReauthenticateFormProps>;
}

/**
 * Link accounts and unlink accounts (identity spec §2): for the logged-in user, the configured
 * networks not yet linked (each with Link), or one card per linked network (each with Unlink).
 * 'All social networks are connected!' / 'No social network is linked!' when there are none.
 */
export function ManageLinks(props: ManageLinksProps) {
  const dispatch = useAppDispatch();
  const guid = useAppSelector((state) => state.session.guid);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const service = useAppSelector(selectServiceName);
  const permissions = useRequest(socialPermissionsRequest, service, { skip: !loggedIn });
  const linked = useRequest(linkedProfilesRequest, guid ?? '', { skip: !loggedIn || !guid });
  const pictured =
    props.mode === 'unlink' && linked.status === 'succeeded'
      ? Object.values(linked.data.profiles).map(({ network, socialUserId }) => ({ network, socialUserId }))
      : [];
  const avatars = useRequest(linkedAvatarsRequest, pictured, { skip: !pictured.length });
  const [brokenAvatars, setBrokenAvatars] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The visitor cancelled the proof: said, and focused, so the focus does not fall to the page. */
  const [cancelled, setCancelled] = useState(false);
  useFrameEvents(RELOAD_ON, () => {
    // This widget's own last outcome ('Google is now linked…', or a refusal) may no longer hold
    // once another frame changed the links: it goes with the reload rather than contradict the list.
    setDone(null);
    setProblem(null);
    if (linked.status !== 'loading') linked.retry();
  });
  const [busy, setBusy] = useState(false);
  /** A link or unlink waiting for the visitor's fresh proof, then tried again (socialThunks: needsFreshProof). */
  const [proof, setProof] = useState<{ error: FoyerError; retry(): Promise<void> } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const proofRef = useRef<HTMLDivElement>(null);
  // Back from a confirmation's full-redirect trip (a blocked popup): the proof is given now; the
  // link or unlink that asked for it was left behind with the page, and is one click away again.
  const returned = useAppSelector((state) => state.frame.query[SOCIAL_RESULT_PARAM]);
  useEffect(() => {
    if (!returned || !loggedIn) return;
    void dispatch(resumeSocialRedirect('confirm')).then(async (outcome) => {
      if (!outcome) return;
      const result =
        'error' in outcome
          ? { ok: false as const, error: outcome.error }
          : await dispatch(socialReauthenticate(outcome.network, outcome.ticket));
      if (result.ok) setDone(t('social.confirmedDone'));
      else setProblem(result.error);
      setTimeout(() => messageRef.current?.focus(), 0);
    });
  }, [dispatch, returned, loggedIn]);
  // The prompt takes the place of the list: focus goes to it, where its reason is read out.
  useEffect(() => {
    if (proof) proofRef.current?.focus();
  }, [proof]);
  const heading = (
    <WidgetHeading show={props.showHeader}>
      {props.title ?? t(props.mode === 'link' ? 'social.linkAccounts.title' : 'social.unlinkAccounts.title')}
    </WidgetHeading>
  );

  if (!loggedIn || !guid) {
    return (
      <>
        {heading}
        <ErrorMessageBox error={foyerError('NOT_LOGGED_IN')} />
      </>
    );
  }
  if (proof) {
    // Before the lists' loading states: the confirmation loads the same networks again, and must
    // not make way for a spinner meanwhile.
    return (
      <section>
        {heading}
        <div ref={proofRef} tabIndex={-1} className="social-proof">
          <Suspense fallback={<Loading />}>
            <props.ReauthenticateForm error={proof.error} onDone={() => void proof.retry()} confirmByRedirect />
          </Suspense>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setProof(null);
              setCancelled(true);
              setTimeout(() => messageRef.current?.focus(), 0);
            }}
          >
            {t('social.cancel')}
          </button>
        </div>
      </section>
    );
  }
  if (permissions.status === 'failed' || linked.status === 'failed') {
    const error =
      permissions.status === 'failed' ? permissions.error : linked.status === 'failed' ? linked.error : null;
    return (
      <>
        {heading}
        {error && <ErrorMessageBox error={error} />}
      </>
    );
  }
  if (permissions.status !== 'succeeded' || linked.status !== 'succeeded') return <Loading />;
  const { networks, unsupported } = offeredNetworks(props.networks, permissions.data);
  if (props.mode === 'link' && unsupported.length) {
    return <ErrorMessageBox error={socialError('SOCIAL_NETWORK_NOT_SUPPORTED', [unsupported[0]!])} />;
  }
  const isLinked = (network: SocialNetwork) => !!linked.data.profiles[linkedProfileKey(network)];
  const shown = props.mode === 'link' ? networks.filter((network) => !isLinked(network)) : networks.filter(isLinked);
  /** Asks for the proof and runs `action` again once given; true when it did. */
  const askedForProof = (
    result: SocialResult<unknown>,
    action: () => Promise<SocialResult<unknown>>,
    settle: (result: SocialResult<unknown>) => void,
  ): boolean => {
    if (result.ok || !needsFreshProof(result.error)) return false;
    setProof({
      error: result.error,
      retry: async () => {
        setProof(null);
        setCancelled(false);
        setBusy(true);
        const again = await action();
        setBusy(false);
        if (!askedForProof(again, action, settle)) settle(again);
      },
    });
    return true;
  };
  const after = (name: string, result: SocialResult<unknown>, doneKey: string) => {
    if (result.ok) {
      setDone(t(doneKey, [name]));
      linked.retry();
    } else setProblem(result.error);
    setTimeout(() => messageRef.current?.focus(), 0);
  };

  return (
    <section aria-busy={busy}>
      {heading}
      {problem && props.showErrorMsgs && (
        <ErrorMessageBox ref={messageRef} error={problem} onClose={() => setProblem(null)} />
      )}
      {done && <MessageBox ref={messageRef} severity="success" text={done} onClose={() => setDone(null)} />}
      {cancelled && !problem && !done && (
        <MessageBox
          ref={messageRef}
          severity="info"
          text={t('social.proofCancelled')}
          onClose={() => setCancelled(false)}
        />
      )}
      {!shown.length && (
        <MessageBox
          severity="info"
          text={t(props.mode === 'link' ? 'SOCIAL_ALL_NETWORKS_CONNECTED' : 'SOCIAL_NO_NETWORK_LINKED')}
        />
      )}
      {props.mode === 'link' && shown.length > 0 && (
        <SocialButtons
          networks={shown}
          action="link"
          buttonStyle={props.buttonStyle}
          showLabels={props.showLabels}
          label={props.actionLabel}
          scopes={props.scopes ?? []}
          showErrorMsgs={props.showErrorMsgs}
          onTicket={async (network, ticket) => {
            setProblem(null);
            setDone(null);
            setCancelled(false);
            // The same ticket serves the retry: the server claims it only once the proof is there.
            const action = () => dispatch(socialLink({ network, ticket }));
            const settle = (result: SocialResult<unknown>) =>
              after(NETWORK_NAMES[network], result, 'social.linkedDone');
            const result = await action();
            if (!askedForProof(result, action, settle)) settle(result);
            return null;
          }}
        />
      )}
      {props.mode === 'unlink' && shown.length > 0 && (
        <ul className="social-cards">
          {shown.map((network) => {
            const profile = linked.data.profiles[linkedProfileKey(network)];
            const avatar = avatars.status === 'succeeded' ? avatars.data[network] : undefined;
            return (
              <li key={network} className="social-card card">
                {avatar && !brokenAvatars.has(avatar) && (
                  <img
                    className="social-avatar"
                    src={avatar}
                    alt=""
                    width={AVATAR_SIZE}
                    height={AVATAR_SIZE}
                    referrerPolicy="no-referrer"
                    onError={() => setBrokenAvatars((broken) => new Set([...broken, avatar]))}
                  />
                )}
                <span className={props.showLabels ? 'social-card-name' : 'social-card-name visually-hidden'}>
                  <strong>{NETWORK_NAMES[network]}</strong>
                  {profile?.displayName || profile?.email ? ` — ${profile.displayName ?? profile.email}` : ''}
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-label={t('social.unlinkNetwork', [NETWORK_NAMES[network]])}
                  onClick={async () => {
                    setBusy(true);
                    setProblem(null);
                    setDone(null);
                    setCancelled(false);
                    const action = () => dispatch(socialUnlink(network));
                    const settle = (result: SocialResult<unknown>) =>
                      after(NETWORK_NAMES[network], result, 'social.unlinkedDone');
                    const result = await action();
                    setBusy(false);
                    if (!askedForProof(result, action, settle)) settle(result);
                  }}
                >
                  {props.actionLabel ?? t('social.unlink')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {props.showCancel && (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              setDone(null);
              setCancelled(false);
              dispatch(cancelManageLinks(props.mode));
            }}
          >
            {t('social.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Cancel (identity spec §2 link and unlink accounts: the cancel flag): tells the page. */
const cancelManageLinks =
  (mode: ManageLinksProps['mode']): AppThunk =>
  (_dispatch, _getState, extra) =>
    extra.host.publish({ name: mode === 'link' ? 'linkAccounts.cancelled' : 'unlinkAccounts.cancelled', payload: {} });

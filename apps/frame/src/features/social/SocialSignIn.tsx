import { useEffect, useState } from 'react';
import { type FoyerError, type SocialNetwork, socialError } from '@foyer/api';
import { registerEventSchemas } from '@foyer/protocol';
import { socialEventPayloadSchemas } from '@foyer/protocol/social-attributes';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import { useRequest } from '../../app/store/useRequest';
import { LinkExistingPanel } from './LinkExistingPanel';
import { offeredNetworks, socialPermissionsRequest } from './requests';
import { SocialButtons } from './SocialButtons';
import { SocialRegistrationPanel } from './SocialRegistrationPanel';
import { cancelSocialRegistration, mappingPairs, socialLogin } from './socialThunks';
import './messages';

export interface SocialSignInProps {
  /** Networks the page named (any case, googleplus allowed); empty: all the service configured. */
  networks: readonly string[];
  action: 'login' | 'register';
  buttonStyle: 'text' | 'icons';
  label?: string | undefined;
  extendPermissions?: readonly string[];
  autoRegister?: boolean;
  autoPopulate?: boolean;
  /** The social buttons' `attributesMapping` items (`attribute=field`), sent with the sign-in. */
  attributesMapping?: readonly string[];
  showHeader: boolean;
  showLabels: boolean;
  showErrorMsgs: boolean;
  schemeAttribute?: string | undefined;
  /** Where a first sign-in without a linked account goes: social registration or the link panel. */
  unknownGoesTo?: 'register' | 'link';
  /** The registration panel offers the link panel (and back). */
  showLinkPanel?: boolean;
  registration?: {
    title?: string | undefined;
    description?: string | undefined;
    submitLabel?: string | undefined;
    hiddenAttributes?: readonly string[];
    /** The roles the new account asks for (identity spec §3). */
    roles?: readonly string[];
    rolesToAssign?: readonly string[];
  };
  link?: {
    title?: string | undefined;
    description?: string | undefined;
    submitLabel?: string | undefined;
    /** The embedded panel's anchor back to registration (social registration's `linkCancelLabel`). */
    registerInsteadLabel?: string | undefined;
    showForgotPassword?: boolean;
    alignment?: 'left' | 'center' | 'right';
    /** The panel's Cancel back to the buttons (link-existing-account's `showCancel`); default shown. */
    showCancel?: boolean;
  };
  /**
   * Told when a registration or link panel opens or closes (login hides its own form meanwhile).
   * A panel stays open past the login it makes until it is done, so hosts that show a logged-in
   * state keep it while open: a link refused after the login must still be seen.
   */
  onPanel?: (open: boolean) => void;
  /** Told of a widget configuration problem (unsupported network). */
  onConfigError?: (error: FoyerError) => void;
}

type Step = { kind: 'buttons' } | { kind: 'register' | 'link'; network: SocialNetwork; ticket: string };

// The social events become known (publishable, checkable) with this chunk.
registerEventSchemas(socialEventPayloadSchemas);

/**
 * Social sign-in as a whole (identity spec §2, §4): the buttons; a provider answer signs a linked
 * account in (or registers one with autoRegister); an unknown one goes on to social registration
 * or to linking an existing account, with the same ticket.
 */
export default function SocialSignIn(props: SocialSignInProps) {
  const dispatch = useAppDispatch();
  const service = useAppSelector(selectServiceName);
  const permissions = useRequest(socialPermissionsRequest, service);
  const [step, setStep] = useState<Step>({ kind: 'buttons' });
  const { onPanel } = props;
  useEffect(() => onPanel?.(step.kind !== 'buttons'), [onPanel, step.kind]);

  const mapping = mappingPairs(props.attributesMapping ?? []);
  if (!mapping) return <ErrorMessageBox error={socialError('SOCIAL_ATTRIBUTES_NOT_PAIRS')} />;
  if (permissions.status === 'failed') return <ErrorMessageBox error={permissions.error} />;
  if (permissions.status !== 'succeeded') return <Loading />;
  const { networks, unsupported } = offeredNetworks(props.networks, permissions.data);
  if (unsupported.length)
    return <ErrorMessageBox error={socialError('SOCIAL_NETWORK_NOT_SUPPORTED', [unsupported[0]!])} />;
  if (!networks.length) return <ErrorMessageBox error={socialError('SOCIAL_SETTINGS_INVALID')} />;

  if (step.kind === 'register') {
    return (
      <SocialRegistrationPanel
        network={step.network}
        ticket={step.ticket}
        showHeader={props.showHeader}
        showLabels={props.showLabels}
        showErrorMsgs={props.showErrorMsgs}
        {...props.registration}
        onLinkInstead={props.showLinkPanel === false ? undefined : () => setStep({ ...step, kind: 'link' })}
        onSignedIn={() => setStep({ kind: 'buttons' })}
        onDone={() => setStep({ kind: 'buttons' })}
        onCancel={() => {
          dispatch(cancelSocialRegistration());
          setStep({ kind: 'buttons' });
        }}
      />
    );
  }
  if (step.kind === 'link') {
    return (
      <LinkExistingPanel
        network={step.network}
        ticket={step.ticket}
        schemeAttribute={props.schemeAttribute}
        showHeader={props.showHeader}
        showLabels={props.showLabels}
        showErrorMsgs={props.showErrorMsgs}
        showForgotPassword={props.link?.showForgotPassword ?? true}
        alignment={props.link?.alignment ?? 'left'}
        title={props.link?.title}
        description={props.link?.description}
        submitLabel={props.link?.submitLabel}
        registerInsteadLabel={props.link?.registerInsteadLabel}
        onRegisterInstead={
          props.unknownGoesTo === 'link' || props.showLinkPanel === false
            ? undefined
            : () => setStep({ ...step, kind: 'register' })
        }
        onCancel={props.link?.showCancel === false ? undefined : () => setStep({ kind: 'buttons' })}
        onLinked={() => setStep({ kind: 'buttons' })}
      />
    );
  }
  return (
    <SocialButtons
      networks={networks}
      action={props.action}
      buttonStyle={props.buttonStyle}
      label={props.label}
      scopes={props.extendPermissions ?? []}
      showErrorMsgs={props.showErrorMsgs}
      onTicket={async (network, ticket) => {
        const result = await dispatch(
          socialLogin({
            network,
            ticket,
            autoRegister: props.autoRegister ?? false,
            autoPopulate: props.autoPopulate ?? true,
            attributesMapping: mapping,
          }),
        );
        if (result.ok) return null;
        if (result.error.code === 'USER_PROFILE_IDENTIFIERS_NOT_FOUND') {
          setStep({ kind: props.unknownGoesTo ?? 'register', network, ticket });
          return null;
        }
        return result.error;
      }}
    />
  );
}

import { useState } from 'react';
import { foyerError, type FoyerError } from '@foyer/api';
import type { GrantAction, GrantInvitation } from '@foyer/api/widget';
import type { GrantInvitationsAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import type { WidgetProps } from '../../app/widgetProps';
import { MessageBox } from '../../ui/form/MessageBox';
import { widgetGrants, type GrantRequests } from './accountRequests';
import { grantStatusLabel, roleLabel } from './labels';
import { AccountTable, AccountTableRow } from './AccountTable';
import { accountListGate } from './accountListGate';
import { useAccountSession } from './useAccountSession';
import '../../ui/form/forms.css';
import '../../app/i18n/purchaseMessages';
import './messages';
import '../../ui/account-area.css';

/**
 * Grant invitations (purchase spec §2, §4): the invitations received, and the one of the page's
 * `invitationKey`. Accept and Decline only while PENDING, then the list reloads; the keyed row is
 * hidden once ACCEPTED or DECLINED; other statuses show as text. 'No records' when there is
 * nothing and no key. Failures: action_accept_fail / action_decline_fail.
 *
 * The invitation of the key is listed once: as the keyed row while it waits for an answer, then
 * with the received ones, its status as text. (Hiding it there too left a visitor who opened the
 * mailed link again with an empty widget.) An answer shows at once, before the reload ends, so
 * the buttons of an answered invitation are never offered again.
 */
export default function GrantInvitations({ attributes }: WidgetProps<GrantInvitationsAttributes>) {
  return <GrantInvitationsView attributes={attributes} requests={widgetGrants} />;
}

/** The widget over either service's grant calls (`v1/grant` uses the identity service's). */
export function GrantInvitationsView({
  attributes,
  requests,
}: {
  attributes: GrantInvitationsAttributes;
  requests: GrantRequests;
}) {
  const { grants: grantsRequest, answer: answerGrant } = requests;
  const dispatch = useAppDispatch();
  const invitationKey = useAppSelector((state) => state.frame.query.invitationKey) ?? null;
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);
  const { loggedIn, sessionId } = useAccountSession(reload);
  const state = useRequest(grantsRequest, invitationKey, { skip: !loggedIn, reloadOn: [sessionId, reloads] });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<FoyerError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [answered, setAnswered] = useState<Record<string, string>>({});

  async function act(grant: GrantInvitation, action: GrantAction, key: string) {
    setBusy(grant.key);
    setError(null);
    setDone(null);
    const result = await dispatch(answerGrant({ key, action }));
    setBusy(null);
    if (answerGrant.rejected.match(result)) {
      const code = action === 'accept' ? 'action_accept_fail' : 'action_decline_fail';
      const failed = result.payload;
      setError(failed && failed.code !== 'technical_difficulties' ? failed : foyerError(code));
    } else {
      setAnswered((all) => ({ ...all, [grant.key]: result.payload.status }));
      setDone(t(action === 'accept' ? 'grants.accepted' : 'grants.declined', [grant.productName]));
    }
    reload();
  }

  const heading = <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('grants.title')}</WidgetHeading>;
  const gate = accountListGate({
    className: 'grant-invitations',
    heading,
    loggedIn,
    state,
    showErrorMsgs: attributes.showErrorMsgs,
  });
  if ('element' in gate) return gate.element;
  const { received, keyed, keyError } = gate.data;
  const status = (grant: GrantInvitation) => answered[grant.key] ?? grant.status;
  // The keyed invitation first while unanswered (then not again from received); once answered
  // it is hidden as the keyed row and listed with the received ones.
  const keyedShown = keyed && status(keyed) !== 'ACCEPTED' && status(keyed) !== 'DECLINED' ? keyed : null;
  const rows: { grant: GrantInvitation; actKey: string }[] = [
    ...(keyedShown && invitationKey ? [{ grant: keyedShown, actKey: invitationKey }] : []),
    ...received.filter((grant) => grant.key !== keyedShown?.key).map((grant) => ({ grant, actKey: grant.key })),
  ];

  return (
    <div className="grant-invitations">
      {heading}
      {done && <MessageBox text={done} severity="success" />}
      {error && attributes.showErrorMsgs && <ErrorMessageBox error={error} />}
      {keyError && !keyed && attributes.showErrorMsgs && <ErrorMessageBox error={keyError} />}
      {rows.length === 0 ? (
        !invitationKey && <p>{t('grants.empty')}</p>
      ) : (
        <AccountTable
          caption={t('grants.caption')}
          columns={[{ label: t('grants.product') }, { label: t('grants.roleName') }, { label: t('grants.status') }]}
        >
          {rows.map(({ grant, actKey }) => (
            <AccountTableRow
              key={grant.key}
              data-grant={grant.key}
              cells={[
                grant.productName,
                roleLabel(grant.roleName),
                status(grant) === 'PENDING' ? (
                  <div className="account-row-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy !== null}
                      aria-label={t('grants.acceptFor', [grant.productName])}
                      onClick={() => void act(grant, 'accept', actKey)}
                    >
                      {t('grants.accept')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy !== null}
                      aria-label={t('grants.declineFor', [grant.productName])}
                      onClick={() => void act(grant, 'decline', actKey)}
                    >
                      {t('grants.decline')}
                    </button>
                  </div>
                ) : (
                  grantStatusLabel(status(grant))
                ),
              ]}
            />
          ))}
        </AccountTable>
      )}
    </div>
  );
}

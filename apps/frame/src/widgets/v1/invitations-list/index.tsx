import { useState } from 'react';
import { foyerError, type FoyerError } from '@foyer/api';
import type { GrantInvitation, SubscriptionV1 } from '@foyer/api/widget';
import type { InvitationsListAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { NotificationModal } from '../../../ui/form/NotificationModal';
import { grantStatusLabel } from '../../../features/account/labels';
import { AccountTable, AccountTableRow } from '../../../features/account/AccountTable';
import { accountListGate } from '../../../features/account/accountListGate';
import { useAccountSession } from '../../../features/account/useAccountSession';
import { deleteGrantsV1, invitationsRequest, inviteV1 } from '../../../features/account/v1Requests';
import '../../../ui/form/forms.css';
import '../../../app/i18n/purchaseMessages';
import '../../../features/account/messages';
import '../../../ui/account-area.css';
import '../../../features/account/invitationMessages';
import '../../../features/account/invitations-list.css';

/** What the notification modal shows (purchase spec §2: its three layouts). */
type Notice =
  | { layout: 'addEmailNotification'; subscription: SubscriptionV1 }
  | {
      layout: 'questionNotification';
      title: string;
      message: string;
      done: string;
      subscriptionId: string;
      keys: string[];
    }
  | { layout: 'confirmationNotification'; title: string; message: string };

/** The invite refusals shown as the server words them; everything else is add_beneficiary_fail. */
const OWN_WORDS = new Set(['duplicated_beneficiary', 'too_many_invitations', 'SESSION_HAS_EXPIRED', 'NETWORK_ERROR']);

const RUNNING = new Set(['ACTIVE', 'ACTIVE_PENDING']);

/** A subscription and the live invitations to it. */
interface Group {
  subscription: SubscriptionV1;
  invitations: GrantInvitation[];
}

/** Running subscriptions (the owner may invite to them), and any other that still has invitations. */
function groupsOf(subscriptions: SubscriptionV1[], sent: GrantInvitation[]): Group[] {
  return subscriptions
    .map((subscription) => ({
      subscription,
      invitations: sent.filter((grant) => grant.subscriptionId === subscription._id),
    }))
    .filter((group) => RUNNING.has(group.subscription.status) || group.invitations.length > 0);
}

/**
 * Version 1 invitations list (purchase spec §2, §5, §6): the beneficiaries the visitor invited to
 * their subscriptions (the identity service's `grant/sent`), with the notification modal's three
 * layouts: add beneficiary (addEmailNotification, through the older service's invite), delete an
 * email and delete a subscription's invitations (questionNotification first, then
 * confirmationNotification). Only the owner may invite or delete: the server decides.
 */
export default function InvitationsList({ attributes }: WidgetProps<InvitationsListAttributes>) {
  const dispatch = useAppDispatch();
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);
  const { loggedIn, sessionId } = useAccountSession(reload);
  const state = useRequest(invitationsRequest, undefined, { skip: !loggedIn, reloadOn: [sessionId, reloads] });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [noticeError, setNoticeError] = useState<FoyerError | null>(null);
  const [error, setError] = useState<FoyerError | null>(null);
  const [busy, setBusy] = useState(false);

  function open(next: Notice | null) {
    setNoticeError(null);
    setNotice(next);
  }

  async function invite(subscription: SubscriptionV1, email: string, note: string) {
    setNoticeError(null);
    const result = await dispatch(
      inviteV1({ subscriptionId: subscription._id, email, ...(note ? { message: note } : {}) }),
    );
    if (inviteV1.rejected.match(result)) {
      const failed = result.payload ?? foyerError('technical_difficulties');
      setNoticeError(OWN_WORDS.has(failed.code) ? failed : foyerError('add_beneficiary_fail'));
      return;
    }
    reload();
    open({
      layout: 'confirmationNotification',
      title: t('invitations.invitedTitle'),
      message: t('addBeneficiary.success'),
    });
  }

  async function confirmDelete(question: Extract<Notice, { layout: 'questionNotification' }>) {
    setBusy(true);
    setError(null);
    open(null);
    const result = await dispatch(deleteGrantsV1({ subscriptionId: question.subscriptionId, keys: question.keys }));
    setBusy(false);
    reload();
    if (deleteGrantsV1.rejected.match(result)) {
      setError(result.payload ?? foyerError('technical_difficulties'));
      return;
    }
    open({ layout: 'confirmationNotification', title: question.title, message: question.done });
  }

  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('invitations.title')}</WidgetHeading>
  );
  const gate = accountListGate({
    className: 'invitations-list',
    heading,
    loggedIn,
    state,
    showErrorMsgs: attributes.showErrorMsgs,
  });
  if ('element' in gate) return gate.element;
  const groups = groupsOf(gate.data.subscriptions, gate.data.sent);

  return (
    // While the modal is open the frame keeps room for it (a fixed dialog adds no height).
    <div className={notice ? 'invitations-list invitations-list-modal-open' : 'invitations-list'}>
      {heading}
      {error && attributes.showErrorMsgs && <ErrorMessageBox error={error} />}
      {groups.length === 0 && <p>{t('invitations.empty')}</p>}
      {groups.map(({ subscription, invitations }) => (
        <section key={subscription._id} className="invitations-group" data-subscription={subscription._id}>
          <h2>{subscription.pName}</h2>
          {invitations.length === 0 ? (
            <p>{t('invitations.none')}</p>
          ) : (
            <AccountTable
              caption={t('invitations.caption', [subscription.pName])}
              columns={[
                { label: t('invitations.email') },
                { label: t('invitations.status') },
                { label: t('invitations.actions'), headerHidden: true, action: true },
              ]}
            >
              {invitations.map((grant) => (
                <AccountTableRow
                  key={grant.key}
                  data-grant={grant.key}
                  cells={[
                    grant.email,
                    grantStatusLabel(grant.status),
                    <button
                      key="delete"
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      aria-label={t('invitations.deleteEmailFor', [grant.email])}
                      onClick={() =>
                        open({
                          layout: 'questionNotification',
                          title: t('invitations.deleteEmailTitle'),
                          message: t('invitations.deleteEmailText', [grant.email, subscription.pName]),
                          done: t('invitations.deleteEmailDone', [grant.email]),
                          subscriptionId: subscription._id,
                          keys: [grant.key],
                        })
                      }
                    >
                      {t('invitations.deleteEmail')}
                    </button>,
                  ]}
                />
              ))}
            </AccountTable>
          )}
          <div className="actions">
            {RUNNING.has(subscription.status) && (
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={t('invitations.addTo', [subscription.pName])}
                onClick={() => open({ layout: 'addEmailNotification', subscription })}
              >
                {t('invitations.add')}
              </button>
            )}
            {invitations.length > 0 && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                aria-label={t('invitations.deleteSubscriptionFor', [subscription.pName])}
                onClick={() =>
                  open({
                    layout: 'questionNotification',
                    title: t('invitations.deleteSubscriptionTitle'),
                    message: t('invitations.deleteSubscriptionText', [subscription.pName]),
                    done: t('invitations.deleteSubscriptionDone', [subscription.pName]),
                    subscriptionId: subscription._id,
                    keys: invitations.map((grant) => grant.key),
                  })
                }
              >
                {t('invitations.deleteSubscription')}
              </button>
            )}
          </div>
        </section>
      ))}
      {notice?.layout === 'addEmailNotification' && (
        <NotificationModal
          layout="addEmailNotification"
          title={t('invitations.addTitle')}
          message={t('invitations.addText', [notice.subscription.pName])}
          emailForm={{
            confirmLabel: t('addBeneficiary.add'),
            busyLabel: t('addBeneficiary.adding'),
            requiredText: t('addBeneficiary.emailRequired'),
            invalidText: t('addBeneficiary.emailInvalid'),
            noteLabel: t('addBeneficiary.message'),
          }}
          error={noticeError && attributes.showErrorMsgs ? <ErrorMessageBox error={noticeError} /> : null}
          onConfirm={(email, note) => invite(notice.subscription, email ?? '', note ?? '')}
          onCancel={() => open(null)}
        />
      )}
      {notice?.layout === 'questionNotification' && (
        <NotificationModal
          layout="questionNotification"
          title={notice.title}
          message={notice.message}
          onConfirm={() => void confirmDelete(notice)}
          onCancel={() => open(null)}
        />
      )}
      {notice?.layout === 'confirmationNotification' && (
        <NotificationModal
          layout="confirmationNotification"
          title={notice.title}
          message={notice.message}
          onConfirm={() => open(null)}
          onCancel={() => open(null)}
        />
      )}
    </div>
  );
}

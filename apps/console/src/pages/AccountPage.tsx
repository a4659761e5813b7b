/**
 * One account: profile, state, services, networks, sessions (end one or all), purchases and
 * invitations; lock/unlock, resend activation, send a reset link, export (JSON download) and
 * delete (confirmed by typing the e-mail address). Controls the operator may not use are absent.
 */
import { ADMIN_API_PREFIX, type AccountDetail } from '@foyer/api/admin';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  errorText,
  useAccountActionMutation,
  useEndSessionsMutation,
  useEraseAccountMutation,
  useGetAccountQuery,
} from '../api/adminApi';
import { usePermission } from '../app/hooks';
import { Dialog } from '../ui/Dialog';
import { formatDateTime, formatDay } from '../ui/format';
import { ErrorAlert, Field, Status, TableRegion, usePageTitle } from '../ui/parts';

type Action = 'lock' | 'unlock' | 'activation/resend' | 'password-reset';
const DONE: Record<Action, string> = {
  lock: 'The account is locked.',
  unlock: 'The account is unlocked.',
  'activation/resend': 'The activation mail was sent again.',
  'password-reset': 'A reset link was sent.',
};

export function AccountPage() {
  const guid = useParams().guid!;
  const account = useGetAccountQuery(guid);
  usePageTitle(account.data?.email ?? 'Account');
  const canWrite = usePermission('accounts:write');
  const canErase = usePermission('accounts:erase');
  const [act, acting] = useAccountActionMutation();
  const [endSessions, ending] = useEndSessionsMutation();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const [deleting, setDeleting] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setMessage('');
    setFailure('');
    try {
      await work();
      setMessage(done);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  if (account.isError)
    return (
      <>
        <h1>Account</h1>
        <ErrorAlert>{errorText(account.error)}</ErrorAlert>
        <p>
          <Link to="/accounts">Back to accounts</Link>
        </p>
      </>
    );
  if (!account.data) return <Status>Loading the account…</Status>;
  const detail: AccountDetail = account.data;
  const erased = detail.state === 'ERASED';
  const busy = acting.isLoading || ending.isLoading;

  return (
    <>
      <p className="crumbs">
        <Link to="/accounts">Accounts</Link>
      </p>
      <h1>{detail.email ?? detail.guid}</h1>
      <Status>{message}</Status>
      <ErrorAlert>{failure}</ErrorAlert>
      {!erased && (canWrite || canErase) ? (
        <div className="toolbar" role="group" aria-label="Account actions">
          {canWrite ? (
            <>
              {detail.state === 'LOCKED' ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(() => act({ guid, action: 'unlock' }).unwrap(), DONE.unlock)}
                >
                  Unlock
                </button>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(() => act({ guid, action: 'lock' }).unwrap(), DONE.lock)}
                >
                  Lock
                </button>
              )}
              {detail.state === 'INACTIVE' ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void run(() => act({ guid, action: 'activation/resend' }).unwrap(), DONE['activation/resend'])
                  }
                >
                  Resend activation
                </button>
              ) : null}
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(() => act({ guid, action: 'password-reset' }).unwrap(), DONE['password-reset'])}
              >
                Send reset link
              </button>
            </>
          ) : null}
          {canErase ? (
            <>
              <a
                className="button"
                href={`${ADMIN_API_PREFIX}/accounts/${encodeURIComponent(guid)}/export`}
                download={`account-${guid}.json`}
              >
                Export
              </a>
              <button type="button" className="danger" onClick={() => setDeleting(true)}>
                Delete
              </button>
            </>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="details">
          <Field term="Guid">
            <code>{detail.guid}</code>
          </Field>
          <Field term="E-mail">{detail.email ?? '—'}</Field>
          <Field term="Name">{detail.name ?? '—'}</Field>
          <Field term="State">
            <span className={`badge state-${detail.state.toLowerCase()}`}>{detail.state.toLowerCase()}</span>
          </Field>
          <Field term="Realm">{detail.realm}</Field>
          <Field term="Roles">{detail.roles.join(', ') || '—'}</Field>
          <Field term="Services">{detail.services.join(', ') || '—'}</Field>
          <Field term="Created">{formatDateTime(detail.createdAt)}</Field>
          <Field term="Address proven">{formatDateTime(detail.addressProvenAt)}</Field>
          {Object.entries(detail.attributes).map(([name, value]) => (
            <Field key={name} term={name}>
              {typeof value === 'string' ? value : JSON.stringify(value)}
            </Field>
          ))}
        </dl>
      </section>

      <section aria-labelledby="networks-heading">
        <h2 id="networks-heading">Linked networks</h2>
        {detail.networks.length ? (
          <ul>
            {detail.networks.map(({ network, linkedAt }) => (
              <li key={network}>
                {network}, linked {formatDateTime(linkedAt)}
              </li>
            ))}
          </ul>
        ) : (
          <p>None.</p>
        )}
      </section>

      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        {detail.sessions.length ? (
          <>
            <TableRegion caption="Open sessions">
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Started</th>
                  <th scope="col">Idle expiry</th>
                  <th scope="col">Ends at the latest</th>
                  <th scope="col">Remember me</th>
                  {canWrite ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {detail.sessions.map((session) => (
                  <tr key={session.id}>
                    <th scope="row">{session.service ?? 'All services'}</th>
                    <td>{formatDateTime(session.createdAt)}</td>
                    <td>{formatDateTime(session.idleExpiresAt)}</td>
                    <td>{formatDateTime(session.absoluteExpiresAt)}</td>
                    <td>{session.rememberMe ? 'yes' : 'no'}</td>
                    {canWrite ? (
                      <td>
                        <button
                          type="button"
                          disabled={busy}
                          aria-label={`End the session started ${formatDateTime(session.createdAt)}`}
                          onClick={() =>
                            void run(
                              () => endSessions({ guid, sessionId: session.id }).unwrap(),
                              'The session was ended.',
                            )
                          }
                        >
                          End
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </TableRegion>
            {canWrite ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(() => endSessions({ guid }).unwrap(), 'Every session was ended.')}
              >
                End all sessions
              </button>
            ) : null}
          </>
        ) : (
          <p>No open sessions.</p>
        )}
      </section>

      <section aria-labelledby="purchases-heading">
        <h2 id="purchases-heading">Purchases</h2>
        {detail.purchases.length ? (
          <TableRegion caption="Purchases">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col">From</th>
                <th scope="col">Until</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {detail.purchases.map((purchase) => (
                <tr key={purchase.id}>
                  <th scope="row">{purchase.productName}</th>
                  <td>{purchase.planId}</td>
                  <td>
                    <span className="badge">{purchase.status.toLowerCase()}</span>
                  </td>
                  <td>{formatDay(purchase.startDate)}</td>
                  <td>{formatDay(purchase.endDate)}</td>
                  <td>
                    <Link to={`/orders/${encodeURIComponent(purchase.orderId)}`}>{purchase.orderId}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : (
          <p>No purchases.</p>
        )}
      </section>

      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Invitations</h2>
        {detail.invitations.length ? (
          <TableRegion caption="Invitations sent and received">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Direction</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {detail.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row">{invitation.email}</th>
                  <td>{invitation.direction}</td>
                  <td>{invitation.status.toLowerCase()}</td>
                  <td>{formatDateTime(invitation.createdAt)}</td>
                  <td>{formatDateTime(invitation.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : (
          <p>No invitations.</p>
        )}
      </section>

      {deleting ? (
        <DeleteDialog
          account={detail}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            setMessage('The account was deleted: its personal data is erased, its financial records kept anonymised.');
          }}
        />
      ) : null}
    </>
  );
}

function DeleteDialog({
  account,
  onClose,
  onDeleted,
}: {
  account: AccountDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [erase, erasing] = useEraseAccountMutation();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState('');
  const expected = account.email ?? account.guid;
  const matches = typed.trim().toLowerCase() === expected.toLowerCase();

  return (
    <Dialog title="Delete this account?" onClose={onClose}>
      <p id="delete-explained">
        This erases the personal data of {expected} for good and ends their sessions. Orders and payments are kept,
        anonymised, as the law requires. The person is told by mail.
      </p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!matches) return;
          setFailure('');
          try {
            await erase(account.guid).unwrap();
            onDeleted();
          } catch (error) {
            setFailure(errorText(error));
          }
        }}
      >
        <label htmlFor="delete-confirm">Type {account.email ? 'the e-mail address' : 'the guid'} to confirm</label>
        <input
          id="delete-confirm"
          data-autofocus
          autoComplete="off"
          aria-describedby="delete-explained"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <ErrorAlert>{failure}</ErrorAlert>
        <div className="actions">
          <button type="submit" className="danger" disabled={!matches || erasing.isLoading}>
            Delete the account
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The site's webhook deliveries (issue 28): each message with its status and tries, its exact
 * body, and "Send again" (the same webhook-id, so the receiver can tell it is the same message).
 */
import { WEBHOOK_DELIVERY_STATUSES } from '@foyer/api/admin';
import { useState, type FormEvent } from 'react';
import { errorText } from '../api/adminApi';
import { useGetDeliveryQuery, useListDeliveriesQuery, useResendDeliveryMutation } from '../api/insightsApi';
import { useAppSelector } from '../app/hooks';
import { Dialog } from '../ui/Dialog';
import { formatDateTime } from '../ui/format';
import { ErrorAlert, Pager, Status, TableRegion, useCursorPager, usePageTitle } from '../ui/parts';

function DeliveryDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const delivery = useGetDeliveryQuery(id);
  const canSend = useAppSelector((state) => state.auth.session?.permissions.includes('webhooks:write') ?? false);
  const [resend, resending] = useResendDeliveryMutation();
  const [message, setMessage] = useState('');
  const data = delivery.data;
  const sendAgain = async () => {
    setMessage('');
    try {
      await resend(id).unwrap();
      setMessage('Queued: it is sent again within seconds, with the same webhook-id.');
    } catch (error) {
      setMessage(errorText(error));
    }
  };
  return (
    <Dialog title={`Delivery ${id}`} onClose={onClose}>
      <ErrorAlert>{delivery.isError ? errorText(delivery.error) : ''}</ErrorAlert>
      {data && (
        <>
          <dl className="facts">
            <dt>Event</dt>
            <dd>{data.type}</dd>
            <dt>Endpoint</dt>
            <dd>{data.url}</dd>
            <dt>Status</dt>
            <dd>{data.status}</dd>
            {data.nextAttemptAt !== null && (
              <>
                <dt>Next try</dt>
                <dd>{formatDateTime(data.nextAttemptAt)}</dd>
              </>
            )}
          </dl>
          <TableRegion caption="Tries">
            <thead>
              <tr>
                <th scope="col">Try</th>
                <th scope="col">When</th>
                <th scope="col">Answer</th>
                <th scope="col">Took</th>
              </tr>
            </thead>
            <tbody>
              {data.attemptLog.length === 0 && (
                <tr>
                  <td colSpan={4}>Not tried yet.</td>
                </tr>
              )}
              {data.attemptLog.map((attempt) => (
                <tr key={attempt.attempt}>
                  <td>{attempt.attempt}</td>
                  <td>{formatDateTime(attempt.at)}</td>
                  <td>{attempt.statusCode ?? attempt.error ?? '—'}</td>
                  <td>{attempt.durationMs} ms</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <details>
            <summary>Body sent</summary>
            <pre className="code">{JSON.stringify(JSON.parse(data.body), null, 2)}</pre>
          </details>
          <Status>{message}</Status>
        </>
      )}
      <div className="actions">
        {canSend && data && (
          <button type="button" className="primary" onClick={() => void sendAgain()} disabled={resending.isLoading}>
            Send again
          </button>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

export function WebhooksPage() {
  usePageTitle('Webhooks');
  const [draft, setDraft] = useState({ status: '', type: '' });
  const [filters, setFilters] = useState(draft);
  const pager = useCursorPager(JSON.stringify(filters));
  const list = useListDeliveriesQuery({ ...filters, ...(pager.cursor ? { cursor: pager.cursor } : {}) });
  const [open, setOpen] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ status: draft.status, type: draft.type.trim() });
  };
  return (
    <>
      <h1>Webhooks</h1>
      <form className="filters" role="search" aria-label="Webhook deliveries" onSubmit={apply}>
        <div>
          <label htmlFor="deliveries-status">Status</label>
          <select
            id="deliveries-status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">Any</option>
            {WEBHOOK_DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="deliveries-type">Event</label>
          <input
            id="deliveries-type"
            value={draft.type}
            placeholder="payment.succeeded"
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
          />
        </div>
        <div>
          <button type="submit">Filter</button>
        </div>
      </form>
      <Status>{list.isFetching ? 'Loading deliveries…' : ''}</Status>
      <ErrorAlert>{list.isError ? errorText(list.error) : ''}</ErrorAlert>
      {list.data && (
        <TableRegion caption="Webhook deliveries, newest first">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Event</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Last answer</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.length === 0 && (
              <tr>
                <td colSpan={7}>No deliveries.</td>
              </tr>
            )}
            {list.data.items.map((delivery) => (
              <tr key={delivery.id}>
                <td>{formatDateTime(delivery.createdAt)}</td>
                <td>{delivery.type}</td>
                <td>{delivery.url}</td>
                <td>{delivery.status}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatusCode ?? '—'}</td>
                <td>
                  <button type="button" onClick={() => setOpen(delivery.id)}>
                    Details
                    <span className="visually-hidden">
                      {' '}
                      of {delivery.type} at {formatDateTime(delivery.createdAt)}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pager
        label="Deliveries"
        page={pager.page}
        next={list.data?.next}
        onNext={pager.next}
        onPrevious={pager.previous}
      />
      {open && <DeliveryDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

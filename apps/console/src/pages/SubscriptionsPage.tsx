/** Subscriptions: status, period, next charge, the failure of past-due ones; cancel or resume. */
import type { Subscription } from '@foyer/api/admin';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  errorText,
  useCancelSubscriptionMutation,
  useListSubscriptionsQuery,
  useResumeSubscriptionMutation,
} from '../api/adminApi';
import { usePermission } from '../app/hooks';
import { formatDateTime, formatDay } from '../ui/format';
import { ErrorAlert, Pager, Status, TableRegion, useCursorPager, usePageTitle } from '../ui/parts';
import { PAGE_SIZE } from './AccountsPage';

const STATUSES = ['ACTIVE', 'PAST_DUE', 'CANCELLED', 'EXPIRED'];
/** Still running: may be cancelled (now, or at its period's end). */
const CANCELLABLE = new Set(['ACTIVE', 'PAST_DUE']);

interface Filters {
  q: string;
  status: string;
  plan: string;
}
const NO_FILTERS: Filters = { q: '', status: '', plan: '' };

export function SubscriptionsPage() {
  usePageTitle('Subscriptions');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const pager = useCursorPager(JSON.stringify(filters));
  const list = useListSubscriptionsQuery({ ...filters, limit: PAGE_SIZE, cursor: pager.cursor });
  const canWrite = usePermission('subscriptions:write');
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [resume, resuming] = useResumeSubscriptionMutation();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const busy = cancelling.isLoading || resuming.isLoading;

  const run = async (work: () => Promise<Subscription>, done: string) => {
    setMessage('');
    setFailure('');
    try {
      await work();
      setMessage(done);
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: draft.q.trim(), status: draft.status, plan: draft.plan.trim() });
  };
  const set = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  return (
    <>
      <h1>Subscriptions</h1>
      <form className="filters" role="search" aria-label="Subscriptions" onSubmit={apply}>
        <div>
          <label htmlFor="subscription-q">Guid or e-mail</label>
          <input id="subscription-q" type="search" value={draft.q} onChange={set('q')} />
        </div>
        <div>
          <label htmlFor="subscription-status">Status</label>
          <select id="subscription-status" value={draft.status} onChange={set('status')}>
            <option value="">Any</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.toLowerCase().replace('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="subscription-plan">Plan</label>
          <input id="subscription-plan" value={draft.plan} onChange={set('plan')} />
        </div>
        <button type="submit">Filter</button>
      </form>
      <Status>{message || (list.isFetching ? 'Loading subscriptions…' : null)}</Status>
      <ErrorAlert>{failure || (list.isError ? errorText(list.error) : null)}</ErrorAlert>
      {list.data ? (
        <>
          <TableRegion caption={`Subscriptions, page ${pager.page}`}>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Product and plan</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Period ends</th>
                <th scope="col">Next charge</th>
                {canWrite ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={canWrite ? 7 : 6}>No subscriptions match.</td>
                </tr>
              ) : (
                list.data.items.map((subscription) => (
                  <tr key={subscription.id}>
                    <th scope="row">
                      <Link to={`/accounts/${encodeURIComponent(subscription.guid)}`}>
                        {subscription.email ?? subscription.guid}
                      </Link>
                    </th>
                    <td>
                      {subscription.productName} ({subscription.planId}, {subscription.frequency.toLowerCase()})
                    </td>
                    <td>
                      <span className="badge">{subscription.status.toLowerCase().replace('_', ' ')}</span>
                      {subscription.failure ? <span className="failure"> {subscription.failure}</span> : null}
                    </td>
                    <td>{formatDay(subscription.startDate)}</td>
                    <td>{formatDay(subscription.periodEnd)}</td>
                    <td>{formatDateTime(subscription.nextChargeAt)}</td>
                    {canWrite ? (
                      <td className="row-actions">
                        {CANCELLABLE.has(subscription.status) ? (
                          <>
                            <button
                              type="button"
                              disabled={busy}
                              aria-label={`Cancel now: ${subscription.productName} of ${subscription.email ?? subscription.guid}`}
                              onClick={() =>
                                void run(
                                  () => cancel({ id: subscription.id, when: 'now' }).unwrap(),
                                  'The subscription is cancelled; access has ended.',
                                )
                              }
                            >
                              Cancel now
                            </button>
                            <button
                              type="button"
                              disabled={busy}
                              aria-label={`Cancel at period end: ${subscription.productName} of ${subscription.email ?? subscription.guid}`}
                              onClick={() =>
                                void run(
                                  () => cancel({ id: subscription.id, when: 'period_end' }).unwrap(),
                                  'The subscription will end with its period.',
                                )
                              }
                            >
                              Cancel at period end
                            </button>
                          </>
                        ) : null}
                        {subscription.status === 'CANCELLED' ? (
                          <button
                            type="button"
                            disabled={busy}
                            aria-label={`Resume: ${subscription.productName} of ${subscription.email ?? subscription.guid}`}
                            onClick={() =>
                              void run(() => resume(subscription.id).unwrap(), 'The subscription is resumed.')
                            }
                          >
                            Resume
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))
              )}
            </tbody>
          </TableRegion>
          <Pager
            label="Subscriptions"
            page={pager.page}
            next={list.data.next}
            onNext={pager.next}
            onPrevious={pager.previous}
          />
        </>
      ) : null}
    </>
  );
}

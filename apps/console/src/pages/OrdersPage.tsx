/** Orders: filter by status, awaiting confirmation, provider, dates and a search; pages by cursor. */
import { ORDER_STATUSES } from '@foyer/api/admin';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText, useListOrdersQuery, type OrderListQuery } from '../api/adminApi';
import { dayToMs, formatDateTime, formatMoney } from '../ui/format';
import { ErrorAlert, Pager, Status, TableRegion, useCursorPager, usePageTitle } from '../ui/parts';
import { PAGE_SIZE } from './AccountsPage';

interface Filters {
  q: string;
  status: string;
  awaiting: boolean;
  provider: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { q: '', status: '', awaiting: false, provider: '', from: '', to: '' };

export function OrdersPage() {
  usePageTitle('Orders');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const pager = useCursorPager(JSON.stringify(filters));
  const query: OrderListQuery = {
    q: filters.q,
    status: filters.status,
    awaiting: filters.awaiting ? 'true' : undefined,
    provider: filters.provider,
    from: dayToMs(filters.from),
    to: dayToMs(filters.to, true),
    limit: PAGE_SIZE,
    cursor: pager.cursor,
  };
  const list = useListOrdersQuery(query);
  const set = (name: keyof Filters) => (event: { target: { value: string; checked?: boolean; type?: string } }) =>
    setDraft((current) => ({
      ...current,
      [name]: event.target.type === 'checkbox' ? !!event.target.checked : event.target.value,
    }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, q: draft.q.trim(), provider: draft.provider.trim() });
  };

  return (
    <>
      <h1>Orders</h1>
      <form className="filters" role="search" aria-label="Orders" onSubmit={apply}>
        <div>
          <label htmlFor="order-q">Order id, guid or e-mail</label>
          <input id="order-q" type="search" value={draft.q} onChange={set('q')} />
        </div>
        <div>
          <label htmlFor="order-status">Status</label>
          <select id="order-status" value={draft.status} onChange={set('status')}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="order-provider">Provider</label>
          <input id="order-provider" value={draft.provider} onChange={set('provider')} />
        </div>
        <div>
          <label htmlFor="order-from">From</label>
          <input id="order-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor="order-to">To</label>
          <input id="order-to" type="date" value={draft.to} onChange={set('to')} />
        </div>
        <div className="check">
          <input id="order-awaiting" type="checkbox" checked={draft.awaiting} onChange={set('awaiting')} />
          <label htmlFor="order-awaiting">Only awaiting confirmation</label>
        </div>
        <button type="submit">Filter</button>
      </form>
      <ErrorAlert>{list.isError ? errorText(list.error) : null}</ErrorAlert>
      <Status>
        {list.isFetching ? 'Loading orders…' : list.data ? `${list.data.items.length} orders on this page.` : null}
      </Status>
      {list.data ? (
        <>
          <TableRegion caption={`Orders, page ${pager.page}`}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col" className="number">
                  Total
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={6}>No orders match.</td>
                </tr>
              ) : (
                list.data.items.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={`/orders/${encodeURIComponent(order.id)}`}>{order.id}</Link>
                    </th>
                    <td>{order.email ?? order.guid}</td>
                    <td>
                      <span className="badge">{order.status.toLowerCase()}</span>
                      {order.awaitingConfirmation ? <span className="badge warn">awaiting confirmation</span> : null}
                    </td>
                    <td>
                      {order.paymentType.toLowerCase().replace(/_/g, ' ')}
                      {order.provider ? ` (${order.provider})` : ''}
                    </td>
                    <td className="number">{formatMoney(order.totalMinor, order.currency)}</td>
                    <td>{formatDateTime(order.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableRegion>
          <Pager
            label="Orders"
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

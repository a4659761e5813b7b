/** The audit log: every operator action and configuration change, filterable, exportable as CSV. */
import { ADMIN_API_PREFIX } from '@foyer/api/admin';
import { useState, type FormEvent } from 'react';
import { errorText, queryString, useListAuditQuery } from '../api/adminApi';
import { dayToMs, formatDateTime } from '../ui/format';
import { ErrorAlert, Status, TableRegion, usePageTitle } from '../ui/parts';

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', target: '', from: '', to: '' };
const LIMIT = 50;

export function AuditPage() {
  usePageTitle('Audit log');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The audit log pages by time: each page starts before the last entry of the one before.
  const [befores, setBefores] = useState<number[]>([]);
  const params = {
    actor: filters.actor,
    action: filters.action,
    target: filters.target,
    from: dayToMs(filters.from),
    to: dayToMs(filters.to, true),
  };
  const list = useListAuditQuery({ ...params, limit: LIMIT, before: befores.at(-1) });
  const set = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, actor: draft.actor.trim(), action: draft.action.trim(), target: draft.target.trim() });
    setBefores([]);
  };
  const next = list.data?.next ?? null;

  return (
    <>
      <h1>Audit log</h1>
      <form className="filters" role="search" aria-label="Audit log" onSubmit={apply}>
        <div>
          <label htmlFor="audit-actor">Actor</label>
          <input id="audit-actor" value={draft.actor} onChange={set('actor')} />
        </div>
        <div>
          <label htmlFor="audit-action">Action</label>
          <input id="audit-action" value={draft.action} onChange={set('action')} />
        </div>
        <div>
          <label htmlFor="audit-target">Target</label>
          <input id="audit-target" value={draft.target} onChange={set('target')} />
        </div>
        <div>
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" type="date" value={draft.to} onChange={set('to')} />
        </div>
        <button type="submit">Filter</button>
      </form>
      <p>
        <a
          className="button"
          href={`${ADMIN_API_PREFIX}/audit${queryString({ ...params, format: 'csv', limit: 200 })}`}
          download="audit.csv"
        >
          Export CSV
        </a>
      </p>
      <ErrorAlert>{list.isError ? errorText(list.error) : null}</ErrorAlert>
      <Status>{list.isFetching ? 'Loading the audit log…' : null}</Status>
      {list.data ? (
        <>
          <TableRegion caption="Audit log, newest first">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Actor</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">From address</th>
              </tr>
            </thead>
            <tbody>
              {list.data.entries.length === 0 ? (
                <tr>
                  <td colSpan={5}>No entries match.</td>
                </tr>
              ) : (
                list.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{formatDateTime(entry.at)}</th>
                    <td>{entry.actor}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.target}</td>
                    <td>{entry.address ?? '—'}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableRegion>
          <nav className="pager" aria-label="Audit log pages">
            <button type="button" disabled={!befores.length} onClick={() => setBefores((all) => all.slice(0, -1))}>
              Newer
            </button>
            <button
              type="button"
              disabled={next === null}
              onClick={() => next !== null && setBefores((all) => [...all, next])}
            >
              Older
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}

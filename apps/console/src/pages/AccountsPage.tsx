/** Accounts: search by e-mail (part) or guid (whole), filter by state; pages from the server by cursor. */
import { ACCOUNT_STATES } from '@foyer/api/admin';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText, useListAccountsQuery } from '../api/adminApi';
import { formatDateTime } from '../ui/format';
import { ErrorAlert, Pager, Status, TableRegion, useCursorPager, usePageTitle } from '../ui/parts';

export const PAGE_SIZE = 25;

export function AccountsPage() {
  usePageTitle('Accounts');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState('');
  const pager = useCursorPager(`${q}|${state}`);
  const list = useListAccountsQuery({ q, state, limit: PAGE_SIZE, cursor: pager.cursor });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <>
      <h1>Accounts</h1>
      <form className="filters" role="search" aria-label="Accounts" onSubmit={onSearch}>
        <div>
          <label htmlFor="account-q">E-mail or guid</label>
          <input id="account-q" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div>
          <label htmlFor="account-state">State</label>
          <select id="account-state" value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">Any</option>
            {ACCOUNT_STATES.map((value) => (
              <option key={value} value={value}>
                {value.toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      <ErrorAlert>{list.isError ? errorText(list.error) : null}</ErrorAlert>
      <Status>
        {list.isFetching ? 'Loading accounts…' : list.data ? `${list.data.items.length} accounts on this page.` : null}
      </Status>
      {list.data ? (
        <>
          <TableRegion caption={`Accounts, page ${pager.page}`}>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Services</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={5}>No accounts match.</td>
                </tr>
              ) : (
                list.data.items.map((account) => (
                  <tr key={account.guid}>
                    <th scope="row">
                      <Link to={`/accounts/${encodeURIComponent(account.guid)}`}>{account.email ?? account.guid}</Link>
                    </th>
                    <td>{account.name ?? '—'}</td>
                    <td>
                      <span className={`badge state-${account.state.toLowerCase()}`}>
                        {account.state.toLowerCase()}
                      </span>
                    </td>
                    <td>{account.services.join(', ') || '—'}</td>
                    <td>{formatDateTime(account.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableRegion>
          <Pager
            label="Accounts"
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

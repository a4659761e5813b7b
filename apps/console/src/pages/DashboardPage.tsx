/**
 * The figures of the last days (issue 28): registrations and sign-ins, live subscriptions by
 * plan, monthly recurring revenue per currency, renewals and failures, and the paywall's funnel
 * (readers stopped → accounts → subscriptions), as a Piano customer reads first.
 */
import { useMemo, useState } from 'react';
import { errorText } from '../api/adminApi';
import { useGetConfigSectionQuery, useGetFiguresQuery } from '../api/insightsApi';
import { useAppSelector } from '../app/hooks';
import { DailyChart } from '../ui/Chart';
import { formatMoney } from '../ui/format';
import { ErrorAlert, Status, TableRegion, usePageTitle } from '../ui/parts';

const WINDOWS = [7, 30, 90, 365];

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10} %`);

export function DashboardPage() {
  usePageTitle('Dashboard');
  const [days, setDays] = useState(30);
  const [service, setService] = useState('');
  // The services to narrow to, for an operator who may read the configuration (else all of them).
  const canReadConfig = useAppSelector((state) => state.auth.session?.permissions.includes('config:read') ?? false);
  const services = useGetConfigSectionQuery('services', { skip: !canReadConfig });
  const serviceNames = Array.isArray(services.data)
    ? (services.data as { name?: unknown }[])
        .map((item) => item.name)
        .filter((name): name is string => typeof name === 'string')
    : [];
  const figures = useGetFiguresQuery({ days, ...(service ? { service } : {}) });
  const data = figures.data;
  const activity = useMemo(
    () =>
      data
        ? {
            days: data.registrations.byDay.map((day) => day.day),
            series: [
              { label: 'Registrations', values: data.registrations.byDay.map((day) => day.count), colour: '#1d4ed8' },
              { label: 'Sign-ins', values: data.logins.byDay.map((day) => day.count), colour: '#b45309' },
            ],
          }
        : null,
    [data],
  );

  return (
    <>
      <h1>Dashboard</h1>
      <div className="filters">
        <div>
          <label htmlFor="figures-days">Period</label>
          <select id="figures-days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {WINDOWS.map((value) => (
              <option key={value} value={value}>
                Last {value} days
              </option>
            ))}
          </select>
        </div>
        {serviceNames.length > 1 && (
          <div>
            <label htmlFor="figures-service">Service</label>
            <select id="figures-service" value={service} onChange={(event) => setService(event.target.value)}>
              <option value="">All services</option>
              {serviceNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <Status>{figures.isFetching ? 'Loading the figures…' : ''}</Status>
      <ErrorAlert>{figures.isError ? errorText(figures.error) : ''}</ErrorAlert>
      {data && activity && (
        <>
          <ul className="cards figures" aria-label="Totals">
            <li>
              <span className="figure">{data.registrations.total}</span> registrations
            </li>
            <li>
              <span className="figure">{data.logins.total}</span> sign-ins
            </li>
            <li>
              <span className="figure">{data.activeSubscriptions.reduce((total, plan) => total + plan.count, 0)}</span>{' '}
              live subscriptions
            </li>
            <li>
              <span className="figure">
                {data.mrr.length ? data.mrr.map((row) => formatMoney(row.amountMinor, row.currency)).join(' · ') : '—'}
              </span>{' '}
              monthly recurring revenue
            </li>
            <li>
              <span className="figure">
                {data.renewals.succeeded} / {data.renewals.failed}
              </span>{' '}
              renewals paid / failed
            </li>
          </ul>

          <h2>Registrations and sign-ins per day</h2>
          <DailyChart
            label={`Registrations and sign-ins per day over the last ${days} days: ${data.registrations.total} registrations, ${data.logins.total} sign-ins. The table below has each day.`}
            days={activity.days}
            series={activity.series}
          />
          <details>
            <summary>Each day</summary>
            <TableRegion caption="Registrations, sign-ins and renewals per day">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Registrations</th>
                  <th scope="col">Sign-ins</th>
                  <th scope="col">Renewals paid</th>
                  <th scope="col">Renewals failed</th>
                </tr>
              </thead>
              <tbody>
                {data.registrations.byDay.map((day, index) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td>{day.count}</td>
                    <td>{data.logins.byDay[index]?.count ?? 0}</td>
                    <td>{data.renewals.byDay[index]?.succeeded ?? 0}</td>
                    <td>{data.renewals.byDay[index]?.failed ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          </details>

          <h2>The paywall's funnel</h2>
          <ol className="funnel" aria-label="Paywall funnel">
            <li>
              <span className="figure">{data.funnel.shown}</span> readers stopped by the paywall
            </li>
            <li>
              <span className="figure">{data.funnel.registered}</span> of them registered (
              {percent(data.funnel.registered, data.funnel.shown)})
            </li>
            <li>
              <span className="figure">{data.funnel.subscribed}</span> of them subscribed (
              {percent(data.funnel.subscribed, data.funnel.shown)})
            </li>
          </ol>

          <TableRegion caption="Live subscriptions by plan">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Plan</th>
                <th scope="col">Subscriptions</th>
              </tr>
            </thead>
            <tbody>
              {data.activeSubscriptions.length === 0 && (
                <tr>
                  <td colSpan={3}>None yet.</td>
                </tr>
              )}
              {data.activeSubscriptions.map((plan) => (
                <tr key={`${plan.productName}/${plan.planId}`}>
                  <td>{plan.productName}</td>
                  <td>{plan.planId}</td>
                  <td>{plan.count}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        </>
      )}
    </>
  );
}

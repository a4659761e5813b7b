/**
 * One order: its items, its payments (refund, fully by default or partly, where the operator may
 * and the provider can), Confirm payment / Reject for a bank transfer or cash payment awaiting an
 * operator, and what the providers told us.
 */
import type { OrderDetail, Payment } from '@foyer/api/admin';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  errorText,
  useConfirmPaymentMutation,
  useGetOrderQuery,
  useRefundPaymentMutation,
  useRejectPaymentMutation,
} from '../api/adminApi';
import { usePermission } from '../app/hooks';
import { Dialog } from '../ui/Dialog';
import { formatDateTime, formatMoney, toMajorText, toMinor } from '../ui/format';
import { ErrorAlert, Field, Status, TableRegion, usePageTitle } from '../ui/parts';

export function OrderPage() {
  const id = useParams().id!;
  usePageTitle(`Order ${id}`);
  const order = useGetOrderQuery(id);
  const canConfirm = usePermission('orders:write');
  const canRefund = usePermission('payments:refund');
  const [confirm, confirming] = useConfirmPaymentMutation();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [rejecting, setRejecting] = useState(false);

  if (order.isError)
    return (
      <>
        <h1>Order {id}</h1>
        <ErrorAlert>{errorText(order.error)}</ErrorAlert>
        <p>
          <Link to="/orders">Back to orders</Link>
        </p>
      </>
    );
  if (!order.data) return <Status>Loading the order…</Status>;
  const detail: OrderDetail = order.data;

  const onConfirm = async () => {
    setMessage('');
    setFailure('');
    try {
      await confirm(id).unwrap();
      setMessage('The payment is confirmed; the purchase is active.');
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <>
      <p className="crumbs">
        <Link to="/orders">Orders</Link>
      </p>
      <h1>Order {detail.id}</h1>
      <Status>{message}</Status>
      <ErrorAlert>{failure}</ErrorAlert>
      {detail.awaitingConfirmation && canConfirm ? (
        <div className="toolbar" role="group" aria-label="Payment awaiting confirmation">
          <button type="button" className="primary" disabled={confirming.isLoading} onClick={() => void onConfirm()}>
            Confirm payment
          </button>
          <button type="button" className="danger" onClick={() => setRejecting(true)}>
            Reject
          </button>
        </div>
      ) : null}

      <dl className="details">
        <Field term="Customer">
          <Link to={`/accounts/${encodeURIComponent(detail.guid)}`}>{detail.email ?? detail.guid}</Link>
        </Field>
        <Field term="Service">{detail.service ?? '—'}</Field>
        <Field term="Status">
          <span className="badge">{detail.status.toLowerCase()}</span>
          {detail.awaitingConfirmation ? <span className="badge warn">awaiting confirmation</span> : null}
        </Field>
        <Field term="Payment">
          {detail.paymentType.toLowerCase().replace(/_/g, ' ')}
          {detail.provider ? ` (${detail.provider})` : ''}
        </Field>
        <Field term="Total">{formatMoney(detail.totalMinor, detail.currency)}</Field>
        <Field term="Created">{formatDateTime(detail.createdAt)}</Field>
      </dl>

      <section>
        <h2 id="items-heading">Items</h2>
        <TableRegion caption="Items">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Plan</th>
              <th scope="col">Frequency</th>
              <th scope="col" className="number">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.items.map((item, index) => (
              <tr key={`${item.planId}-${index}`}>
                <th scope="row">{item.productName}</th>
                <td>{item.planId}</td>
                <td>{item.frequency.toLowerCase()}</td>
                <td className="number">{formatMoney(item.priceMinor, item.currency)}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      </section>

      <section>
        <h2 id="payments-heading">Payments</h2>
        {detail.payments.length ? (
          <TableRegion caption="Payments">
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col">Kind</th>
                <th scope="col">Provider</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col" className="number">
                  Refunded
                </th>
                <th scope="col">Reference</th>
                <th scope="col">Date</th>
                {canRefund ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((payment) => (
                <tr key={payment.id}>
                  <th scope="row">{payment.id}</th>
                  <td>{payment.kind}</td>
                  <td>{payment.provider}</td>
                  <td>
                    {payment.status.toLowerCase()}
                    {payment.errorCode ? ` (${payment.errorCode})` : ''}
                  </td>
                  <td className="number">{formatMoney(payment.amountMinor, payment.currency)}</td>
                  <td className="number">
                    {payment.refundedMinor ? formatMoney(payment.refundedMinor, payment.currency) : '—'}
                  </td>
                  <td>{payment.providerReference ? <code>{payment.providerReference}</code> : '—'}</td>
                  <td>{formatDateTime(payment.createdAt)}</td>
                  {canRefund ? (
                    <td>
                      {payment.refundable ? (
                        <button
                          type="button"
                          aria-label={`Refund payment ${payment.id}`}
                          onClick={() => setRefunding(payment)}
                        >
                          Refund
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : (
          <p>No payments yet.</p>
        )}
      </section>

      <section>
        <h2 id="provider-events-heading">Provider events</h2>
        {detail.providerEvents.length ? (
          <TableRegion caption="What the providers told us, newest first">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Provider</th>
                <th scope="col">Id</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {detail.providerEvents.map((event) => (
                <tr key={`${event.provider}-${event.eventId}`}>
                  <th scope="row">{event.type}</th>
                  <td>{event.provider}</td>
                  <td>
                    <code>{event.eventId}</code>
                  </td>
                  <td>{formatDateTime(event.receivedAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        ) : (
          <p>None.</p>
        )}
        {detail.events.length ? (
          <>
            <h3>Order events</h3>
            <ul>
              {detail.events.map((event) => (
                <li key={event.id}>
                  {event.type} — {formatDateTime(event.createdAt)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {refunding ? (
        <RefundDialog
          payment={refunding}
          orderId={detail.id}
          onClose={() => setRefunding(null)}
          onRefunded={(text) => {
            setRefunding(null);
            setMessage(text);
          }}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          orderId={detail.id}
          onClose={() => setRejecting(false)}
          onRejected={() => {
            setRejecting(false);
            setMessage('The payment was rejected; the order is cancelled.');
          }}
        />
      ) : null}
    </>
  );
}

/** Refund: the rest of the payment by default; an amount typed in major units is sent in minor units. */
export function RefundDialog({
  payment,
  orderId,
  onClose,
  onRefunded,
}: {
  payment: Payment;
  orderId: string;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const [refund, refunding] = useRefundPaymentMutation();
  const left = payment.amountMinor - payment.refundedMinor;
  const [amount, setAmount] = useState(toMajorText(left, payment.currency));
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');

  const submit = async () => {
    setFailure('');
    const minor = toMinor(amount, payment.currency);
    if (minor === null || minor < 1 || minor > left) {
      setFailure(`Enter an amount more than 0 and at most ${formatMoney(left, payment.currency)}.`);
      return;
    }
    try {
      await refund({
        paymentId: payment.id,
        orderId,
        // The whole rest is asked without an amount, so the server refunds what is left at that moment.
        ...(minor === left ? {} : { amountMinor: minor }),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }).unwrap();
      onRefunded(`${formatMoney(minor, payment.currency)} refunded.`);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Dialog title={`Refund payment ${payment.id}`} onClose={onClose}>
      <p id="refund-explained">
        Paid {formatMoney(payment.amountMinor, payment.currency)}
        {payment.refundedMinor ? `, already refunded ${formatMoney(payment.refundedMinor, payment.currency)}` : ''}. The
        refund goes back through {payment.provider}.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="refund-amount">Amount ({payment.currency})</label>
        <input
          id="refund-amount"
          data-autofocus
          inputMode="decimal"
          autoComplete="off"
          aria-describedby="refund-explained"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <label htmlFor="refund-reason">Reason (optional)</label>
        <input id="refund-reason" value={reason} onChange={(event) => setReason(event.target.value)} />
        <ErrorAlert>{failure}</ErrorAlert>
        <div className="actions">
          <button type="submit" className="primary" disabled={refunding.isLoading}>
            Refund
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RejectDialog({
  orderId,
  onClose,
  onRejected,
}: {
  orderId: string;
  onClose: () => void;
  onRejected: () => void;
}) {
  const [reject, rejecting] = useRejectPaymentMutation();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  return (
    <Dialog title="Reject this payment?" onClose={onClose}>
      <p>The order is cancelled and the customer is told. Do this when the money did not arrive.</p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure('');
          try {
            await reject({ id: orderId, ...(reason.trim() ? { reason: reason.trim() } : {}) }).unwrap();
            onRejected();
          } catch (error) {
            setFailure(errorText(error));
          }
        }}
      >
        <label htmlFor="reject-reason">Reason (optional)</label>
        <input id="reject-reason" data-autofocus value={reason} onChange={(event) => setReason(event.target.value)} />
        <ErrorAlert>{failure}</ErrorAlert>
        <div className="actions">
          <button type="submit" className="danger" disabled={rejecting.isLoading}>
            Reject the payment
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

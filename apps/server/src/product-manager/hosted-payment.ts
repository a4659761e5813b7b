/**
 * The hosted payment page of version 1 and its way back (purchase spec §4 "Version 1 checkout").
 * Version 1 takes money through the same providers as version 2 (widget/providers):
 * - `POST /pm/v1/pay`: the reference server's hosted payment page. It takes the form the
 *   checkout posts (siteId, orderId, quantity, payload), checks the payload's signature, shows the
 *   amount and offers Pay / Cancel. A card order is charged through the configured card provider
 *   (with the test card provider of demos and tests, the page offers the test cards, marked as
 *   test mode); a bank transfer order is placed awaiting the money, with the transfer details. A
 *   card order with a provider that has its own hosted checkout (Stripe Checkout, Mercado Pago
 *   Checkout Pro) goes there at once; a direct-debit order goes to the provider's mandate flow
 *   (GoCardless), which comes back to the return URL with its `redirect_flow_id`.
 * - `POST /pm/v1/payment-return`: where the page's buttons post. It checks the page's signature
 *   over payload and button, charges (Pay) or cancels once (transaction.ts), and sends the visitor
 *   back to the checkout's page with the outcome (V1_PAYMENT_OUTCOME_PARAM). A refused card keeps
 *   the order payable: the page is shown again with the provider's reason.
 * Both read `application/x-www-form-urlencoded` bodies, parsed in this scope only.
 */
import {
  formatMoney,
  TEST_CARDS,
  V1_PAYMENT_ORDER_PARAM,
  V1_PAYMENT_OUTCOME_PARAM,
  v1PaymentReturnSchema,
  type V1PaymentResult,
} from '@foyer/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { escapeHtml } from '../mail/messages';
import { DirectDebitRefused } from '../widget/providers/gocardless';
import { ProviderUnavailable, type PaymentProviders } from '../widget/providers/types';
import { checkResult, readPayload, signResult } from './signing';
import {
  chargeByMandate,
  chargeTransaction,
  openHostedCheckout,
  openMandate,
  recordResult,
  settleHostedCheckout,
  transactionPage,
  type TransactionPage,
} from './transaction';

export const HOSTED_PAYMENT_PAGE_PATH = '/pm/v1/pay';
export const PAYMENT_RETURN_PATH = '/pm/v1/payment-return';
const FORM_BODY_LIMIT = 16 * 1024;

function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * `formTargets`: the origins the page's forms may lead to. The forms post to our return URL ('self'),
 * which redirects to the checkout's page on the site, and form-action also governs that redirect;
 * so exactly those origins, and none at all for a page without forms.
 */
function page(
  reply: FastifyReply,
  status: number,
  title: string,
  content: string,
  formTargets: readonly string[] = [],
): FastifyReply {
  const formAction = formTargets.length ? formTargets.join(' ') : "'none'";
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`)
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}.note{color:#555}form{display:inline-block;margin-right:.5rem}button{font:inherit;padding:.5rem 1.25rem}</style>
</head><body><main>${content}</main></body></html>`);
}

const TEST_CARD_LABELS: Record<(typeof TEST_CARDS)[number], string> = {
  pm_card_visa: 'Visa — always pays',
  pm_card_chargeDeclined: 'Declined at once',
  pm_card_chargeCustomerFail: 'Pays now, declines every renewal',
  pm_card_authenticationRequired: 'Asks for 3-D Secure on every payment',
};

/** The test card provider's choice of cards: a radio group inside the Pay form. */
function testCardPicker(): string {
  const options = TEST_CARDS.map(
    (card, index) =>
      `<label><input type="radio" name="token" value="${card}"${index === 0 ? ' checked' : ''}> <code>${card}</code> ${escapeHtml(TEST_CARD_LABELS[card])}</label>`,
  ).join('<br>');
  return `<fieldset><legend>Test card</legend>${options}</fieldset>`;
}

function refusalText(code: string): string {
  if (code === 'card_declined' || code === 'payment_fail') return 'The card was declined. Choose another card.';
  if (code === 'authentication_required')
    return 'The bank asked for an authentication this page cannot run. Choose another card.';
  return `The payment was refused (${code}). Choose another card.`;
}

interface PageInput {
  payload: string;
  fields: Record<string, string>;
  read: { o: string; a: number; c: string };
  transaction: TransactionPage;
  refusal?: string | undefined;
}

/** Registers the hosted page and its return URL. */
export function hostedPaymentRoutes(deps: AppDeps, providers: PaymentProviders) {
  const testMode = providers.card?.name === 'MANUAL';

  const payablePage = (reply: FastifyReply, input: PageInput) => {
    const { payload, fields, read, transaction } = input;
    const button = (
      result: V1PaymentResult,
      label: string,
      extra = '',
    ) => `<form method="post" action="${PAYMENT_RETURN_PATH}">
<input type="hidden" name="payload" value="${escapeHtml(payload)}">
<input type="hidden" name="result" value="${result}">
<input type="hidden" name="signature" value="${signResult(deps.frameTokenKey, payload, result)}">
<input type="hidden" name="siteId" value="${escapeHtml(fields.siteId ?? '')}">
<input type="hidden" name="quantity" value="${escapeHtml(fields.quantity ?? '')}">
${extra}<button type="submit">${label}</button></form>`;
    const card = transaction.paymentType === 'CARD';
    const transfer = transaction.transfer;
    const details = card
      ? testMode
        ? `<p class="note" role="note"><strong>Test mode</strong>: no money moves. Choose a test card.</p>`
        : ''
      : transfer
        ? `<h2>Bank transfer</h2><dl><dt>Beneficiary</dt><dd>${escapeHtml(transfer.beneficiary)}</dd>
<dt>Account</dt><dd>${escapeHtml(transfer.account)}</dd>${transfer.bic ? `<dt>BIC</dt><dd>${escapeHtml(transfer.bic)}</dd>` : ''}
<dt>Reference</dt><dd><code>${escapeHtml(transfer.reference)}</code></dd></dl>
<p class="note">Your order is placed now and starts once the money arrives.</p>`
        : `<p class="note">Your order is placed now and starts once the payment is confirmed.</p>`;
    return page(
      reply,
      input.refusal ? 402 : 200,
      'Payment',
      `<h1>Payment</h1>
${input.refusal ? `<p role="alert">${escapeHtml(input.refusal)}</p>` : ''}
<dl><dt>Shop</dt><dd>${escapeHtml(fields.siteId ?? '')}</dd><dt>Order</dt><dd>${escapeHtml(read.o)}</dd>
<dt>Products</dt><dd>${escapeHtml(fields.quantity ?? '')}</dd>
<dt>Amount</dt><dd data-amount="${read.a}" data-currency="${escapeHtml(read.c)}">${escapeHtml(formatMoney(read.a, read.c))}</dd></dl>
${details}
${button('PAID', card ? 'Pay' : 'Place order', card && testMode ? testCardPicker() : '')}${button('CANCELLED', 'Cancel')}`,
      ["'self'", new URL(transaction.returnUrl).origin],
    );
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(HOSTED_PAYMENT_PAGE_PATH, async (request, reply) => {
      const fields = formFields(request.body);
      const payload = fields.payload ?? '';
      const read = readPayload(deps.frameTokenKey, payload, deps.now());
      // The site's page this transaction returns to (checked against the service when it was made).
      const transaction =
        read && read.o === fields.orderId ? await transactionPage(deps.db, read.t, deps.transfer) : null;
      if (!read || !transaction) {
        return page(
          reply,
          400,
          'Payment refused',
          '<h1>Payment refused</h1><p role="alert">This payment request is invalid or has expired.</p>',
        );
      }
      if (transaction.lapsed) {
        // The order was changed or checked out again (another tab, a later login): this page can
        // no longer pay, so it offers no Pay button, only the way back to the shop.
        return page(
          reply,
          410,
          'Payment expired',
          `<h1>Payment expired</h1><p role="alert">This payment request has expired: the order was changed or checked out again after it was made. Nothing was charged.</p>
<p><a href="${escapeHtml(transaction.returnUrl)}">Back to the shop</a></p>`,
        );
      }
      // Our return URL, signed as our own buttons are: where a provider's own page sends the visitor back.
      const link = (result: V1PaymentResult) => {
        const back = new URL(PAYMENT_RETURN_PATH, deps.publicUrl());
        back.search = new URLSearchParams({
          payload,
          result,
          signature: signResult(deps.frameTokenKey, payload, result),
        }).toString();
        return back.href;
      };
      if (transaction.paymentType === 'DIRECT_DEBIT' && providers.directDebit) {
        // The payer sets up the mandate on GoCardless's page, which returns to our PAID link with
        // its redirect_flow_id; the first payment is collected then (finish).
        let url: string | null;
        try {
          url = await openMandate(deps.db, providers, read.t, link('PAID'), deps.now());
        } catch (error) {
          if (!(error instanceof ProviderUnavailable) && !(error instanceof DirectDebitRefused)) throw error;
          return page(
            reply,
            502,
            'Payment unavailable',
            `<h1>Payment unavailable</h1><p role="alert">The Direct Debit could not be set up just now. Nothing was charged.</p>
<p><a href="${escapeHtml(transaction.returnUrl)}">Back to the shop</a></p>`,
          );
        }
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(url ?? link('PAID'), 303);
      }
      if (transaction.paymentType === 'CARD' && providers.card?.hostedCheckout) {
        // A real card provider: the card is typed on its own hosted checkout, which sends the
        // visitor back to our return URL.
        const url = await openHostedCheckout(
          deps.db,
          providers,
          read.t,
          { successUrl: link('PAID'), cancelUrl: link('CANCELLED') },
          deps.now(),
        );
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(url ?? link('PAID'), 303);
      }
      return payablePage(reply, { payload, fields, read, transaction });
    });

    /** The outcome of a signed button (ours, or the hosted checkout's way back): recorded once, then back to the shop. */
    const finish = async (reply: FastifyReply, form: Record<string, string>) => {
      const parsed = v1PaymentReturnSchema.safeParse(form);
      if (!parsed.success) throw new ApiError('payment_result_invalid');
      const { payload, result, signature } = parsed.data;
      // The button's signature says the page was ours; the payload's expiry is the page's own rule.
      const read = checkResult(deps.frameTokenKey, payload, result, signature)
        ? readPayload(deps.frameTokenKey, payload, 0)
        : null;
      if (!read) throw new ApiError('payment_result_invalid');
      const paymentType = (await transactionPage(deps.db, read.t, deps.transfer))?.paymentType;
      if (providers.card?.hostedCheckout && paymentType === 'CARD') {
        const action = result === 'PAID' ? 'result' : 'cancel';
        await settleHostedCheckout(deps.db, providers, read.t, deps.now, deps.transfer, action);
      } else if (paymentType === 'DIRECT_DEBIT') {
        // Back from the mandate flow: the first payment on the new mandate (once). A mandate not
        // set up is told to the shop as REFUSED; the visitor may check out again.
        if (result === 'PAID')
          await chargeByMandate(deps.db, providers, read.t, form.redirect_flow_id, deps.now, deps.transfer);
      } else if (result === 'PAID') {
        const charged = await chargeTransaction(deps.db, providers, read.t, form.token, deps.now, deps.transfer);
        if (charged?.refused) {
          const transaction = await transactionPage(deps.db, read.t, deps.transfer);
          if (transaction && !transaction.lapsed)
            return payablePage(reply, {
              payload,
              fields: { siteId: form.siteId ?? '', quantity: form.quantity ?? '' },
              read,
              transaction,
              refusal: refusalText(charged.refused),
            });
        }
      }
      const recorded = await recordResult(deps.db, read.t, result, deps.now());
      if (!recorded) throw new ApiError('payment_result_invalid');
      const back = new URL(recorded.returnUrl);
      back.searchParams.set(V1_PAYMENT_OUTCOME_PARAM, recorded.result);
      back.searchParams.set(V1_PAYMENT_ORDER_PARAM, recorded.orderId);
      return reply.code(303).header('cache-control', 'no-store').redirect(back.href, 303);
    };

    app.post(PAYMENT_RETURN_PATH, async (request, reply) => finish(reply, formFields(request.body)));
    // The hosted checkout sends the visitor back with a GET.
    app.get(PAYMENT_RETURN_PATH, async (request, reply) => finish(reply, formFields(request.query)));
  };
}

/**
 * The hosted payment page of version 1 and its way back (purchase spec §4 "Version 1 checkout"):
 * - `POST /dev/hosted-payment`: a local STAND-IN of a provider's hosted payment page, served only
 *   with the dev switch (FOYER_DEV_MAILBOX, like the dev mailbox; never by default). It takes the
 *   form the checkout posts (siteId, orderId, quantity, payload), checks the payload's signature,
 *   shows the amount and offers Pay / Cancel; each button posts the signed result back.
 * - `POST /pm/v1/payment-return`: our return URL. It checks the page's signature over payload and
 *   result, records the result once (transaction.ts), and sends the visitor back to the checkout's
 *   page with the outcome (V1_PAYMENT_OUTCOME_PARAM).
 * Both read `application/x-www-form-urlencoded` bodies, parsed in this scope only.
 */
import {
  formatMoney,
  V1_PAYMENT_ORDER_PARAM,
  V1_PAYMENT_OUTCOME_PARAM,
  v1PaymentReturnSchema,
  type V1PaymentResult,
} from '@foyer/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { escapeHtml } from '../mail/messages';
import { checkResult, readPayload, signResult } from './signing';
import { recordResult, transactionPage } from './transaction';

export const HOSTED_PAYMENT_PAGE_PATH = '/dev/hosted-payment';
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

/** Registers the return URL, and the stand-in page when `standIn`. */
export function hostedPaymentRoutes(deps: AppDeps, standIn: boolean) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    if (standIn) {
      app.post(HOSTED_PAYMENT_PAGE_PATH, async (request, reply) => {
        const fields = formFields(request.body);
        const payload = fields.payload ?? '';
        const read = readPayload(deps.frameTokenKey, payload, deps.now());
        // The site's page this transaction returns to (checked against the service when it was made).
        const transaction = read && read.o === fields.orderId ? await transactionPage(deps.db, read.t) : null;
        if (!read || !transaction) {
          return page(
            reply,
            400,
            'Payment refused',
            '<h1>Payment refused</h1><p role="alert">This payment request is invalid or has expired.</p>',
          );
        }
        const { returnUrl } = transaction;
        if (transaction.lapsed) {
          // The order was changed or checked out again (another tab, a later login): this page can
          // no longer pay, so it offers no Pay button, only the way back to the shop.
          return page(
            reply,
            410,
            'Payment expired',
            `<h1>Payment expired</h1><p role="alert">This payment request has expired: the order was changed or checked out again after it was made. Nothing was charged.</p>
<p><a href="${escapeHtml(returnUrl)}">Back to the shop</a></p>`,
          );
        }
        const button = (result: V1PaymentResult, label: string) => `<form method="post" action="${PAYMENT_RETURN_PATH}">
<input type="hidden" name="payload" value="${escapeHtml(payload)}">
<input type="hidden" name="result" value="${result}">
<input type="hidden" name="signature" value="${signResult(deps.frameTokenKey, payload, result)}">
<button type="submit">${label}</button></form>`;
        return page(
          reply,
          200,
          'Hosted payment (stand-in)',
          `<h1>Hosted payment</h1>
<p class="note">A local stand-in of a payment provider's hosted page: no money moves.</p>
<dl><dt>Shop</dt><dd>${escapeHtml(fields.siteId ?? '')}</dd><dt>Order</dt><dd>${escapeHtml(read.o)}</dd>
<dt>Products</dt><dd>${escapeHtml(fields.quantity ?? '')}</dd>
<dt>Amount</dt><dd data-amount="${read.a}" data-currency="${escapeHtml(read.c)}">${escapeHtml(formatMoney(read.a, read.c))}</dd></dl>
${button('PAID', 'Pay')}${button('CANCELLED', 'Cancel')}`,
          ["'self'", new URL(returnUrl).origin],
        );
      });
    }

    app.post(PAYMENT_RETURN_PATH, async (request, reply) => {
      const parsed = v1PaymentReturnSchema.safeParse(formFields(request.body));
      if (!parsed.success) throw new ApiError('payment_result_invalid');
      const { payload, result, signature } = parsed.data;
      // The page's signature is the provider's word; the payload's expiry is the page's own rule.
      const read = checkResult(deps.frameTokenKey, payload, result, signature)
        ? readPayload(deps.frameTokenKey, payload, 0)
        : null;
      if (!read) throw new ApiError('payment_result_invalid');
      const recorded = await recordResult(deps.db, read.t, result, deps.now());
      if (!recorded) throw new ApiError('payment_result_invalid');
      const back = new URL(recorded.returnUrl);
      back.searchParams.set(V1_PAYMENT_OUTCOME_PARAM, recorded.result);
      back.searchParams.set(V1_PAYMENT_ORDER_PARAM, recorded.orderId);
      return reply.code(303).header('cache-control', 'no-store').redirect(back.href, 303);
    });
  };
}

/**
 * The billing routes outside the frames' API (so outside the frame binding, like the operator
 * calls): provider webhooks, and the demo's test clock and test-card challenge.
 *
 *   POST /webhooks/:provider            stripe | gocardless | mercadopago; the raw body is kept for
 *                                       the signature; 400 when it does not verify, 404 when that
 *                                       provider is not configured here
 *   GET  /dev/clock                     {"now"}                      (FOYER_DEV_CLOCK=true only)
 *   POST /dev/clock {"advance":"P32D"}  moves the clock, runs every job that became due, {"now"}
 *   POST /dev/test-challenge/:reference {"passed": boolean}  answers a test card's 3-D Secure
 *                                       challenge (only with the test card provider)
 */
import { IDEMPOTENCY_KEY_HEADER, sessionQuerySchema, widgetAccountEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { findAccountByGuid } from '../identity/store';
import { ApiError } from '../http/errors';
import { operatorTokenMatches } from '../widget/manual-confirmation';
import { requireWidgetSession } from '../widget/session';
import { isTestCardProvider } from '../widget/providers/manual';
import { ProviderUnavailable, WebhookRefused, type PaymentProviders } from '../widget/providers/types';
import { settleHostedCheckoutOf } from '../product-manager/transaction';
import { ownerPolicyFromEnv } from './policy';
import { confirmTransferRenewal } from './renewals';
import { authenticateRenewal, paySubscription, subscriptionPaymentPage } from './subscription-payment';
import { applyProviderEvents, isWebhookProvider, webhookReaderOf } from './webhooks';

function headersOf(raw: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );
}

export async function billingRoutes(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): Promise<void> {
  // Read at each delivery: the owner's policy as the server holds it now.
  const policy = () => deps.ownerPolicy ?? ownerPolicyFromEnv();

  await app.register(async (scope) => {
    // The signature is over the bytes sent: the body reaches the reader as it came, unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/webhooks/:provider', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const path = request.params.provider;
      const reader = isWebhookProvider(path) ? webhookReaderOf(providers, path, deps.webhookReaders) : null;
      if (!isWebhookProvider(path) || !reader) return reply.code(404).send({ error: 'unknown_provider' });
      const body = typeof request.body === 'string' ? request.body : '';
      let events;
      try {
        events = await reader.read(body, headersOf(request.headers));
      } catch (error) {
        if (error instanceof WebhookRefused) {
          request.log.warn({ provider: path }, `webhook refused: ${error.message}`);
          return reply.code(400).send({ error: 'signature_invalid' });
        }
        // The provider retries a delivery that was not acknowledged.
        if (error instanceof ProviderUnavailable) return reply.code(503).send({ error: 'unavailable' });
        throw error;
      }
      const applied = await applyProviderEvents(deps.db, path, events, policy(), deps.now());
      // A paid hosted checkout is recorded now rather than at the visitor's return or the sweep's
      // look-up; settling twice (a redelivery, the return meanwhile) records it once.
      for (const event of events)
        if (event.type === 'checkout.completed')
          await settleHostedCheckoutOf(deps.db, providers, event.reference, deps.now, deps.transfer);
      return reply.send({ received: events.length, applied });
    });
  });

  const clock = deps.devClock;
  if (clock) {
    app.get('/dev/clock', async (_request, reply) => {
      await clock.refresh();
      return reply.header('cache-control', 'no-store').send({ now: new Date(clock.now()).toISOString() });
    });
    app.post<{ Body: unknown }>('/dev/clock', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body as { advance?: unknown } | null;
      const advance = typeof body?.advance === 'string' ? body.advance : 'PT0S';
      try {
        await clock.refresh();
        await clock.advance(advance);
      } catch (error) {
        if (error instanceof RangeError)
          return reply.code(400).send({ error: 'advance_invalid', message: error.message });
        throw error;
      }
      // Every renewal, retry, expiry and mail that became due, before answering.
      await deps.jobs?.drain();
      return reply.send({ now: new Date(clock.now()).toISOString() });
    });
  }

  const card = providers.card;
  if (isTestCardProvider(card)) {
    app.post<{ Params: { reference: string }; Body: unknown }>(
      '/dev/test-challenge/:reference',
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const body = request.body as { passed?: unknown } | null;
        if (typeof body?.passed !== 'boolean') return reply.code(400).send({ error: 'passed_missing' });
        if (!card.answerChallenge(request.params.reference, body.passed))
          return reply.code(404).send({ error: 'challenge_not_found' });
        return reply.send({ reference: request.params.reference, passed: body.passed });
      },
    );
  }
}

/**
 * GET and POST /widget/account/subscription/:subscriptionId/payment, and POST …/payment/authentication
 * (under /pm/api, frame calls).
 */
export function subscriptionPaymentRoutes(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  defineRoute(
    app,
    widgetAccountEndpoints.getSubscriptionPayment,
    async ({ params, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      return { body: await subscriptionPaymentPage(deps.db, providers, session.guid, params.subscriptionId) };
    },
    { query: sessionQuerySchema },
  );
  defineRoute(
    app,
    widgetAccountEndpoints.paySubscription,
    async ({ params, body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const result = await paySubscription(deps.db, providers, {
        guid: session.guid,
        subscriptionId: params.subscriptionId,
        payment: body,
        payerEmail: (await findAccountByGuid(deps.db, session.guid))?.attributes.email,
        clientKey: typeof header === 'string' ? header : undefined,
        now: deps.now,
      });
      return { body: result };
    },
    { query: sessionQuerySchema },
  );
  defineRoute(
    app,
    widgetAccountEndpoints.authenticateSubscriptionPayment,
    async ({ params, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      return {
        body: await authenticateRenewal(deps.db, providers, {
          guid: session.guid,
          subscriptionId: params.subscriptionId,
          now: deps.now,
        }),
      };
    },
    { query: sessionQuerySchema },
  );
}

/**
 * POST /widget/admin/renewals/:reference/confirm-payment (under /pm/api; the operator's bearer
 * token, like confirming an order's transfer): a bank-transfer renewal's money arrived.
 */
export const CONFIRM_RENEWAL_PATH = '/widget/admin/renewals/:reference/confirm-payment';

export function operatorRenewalRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { reference: string } }>(CONFIRM_RENEWAL_PATH, async (request, reply) => {
    if (!deps.operatorToken) throw new ApiError('NOT_FOUND');
    if (!operatorTokenMatches(deps.operatorToken, request.headers.authorization)) {
      throw new ApiError('operator_token_invalid');
    }
    if (!(await confirmTransferRenewal(deps.db, request.params.reference, deps.now())))
      throw new ApiError('payment_not_awaiting_confirmation');
    return reply.send({ reference: request.params.reference, status: 'SUCCEEDED' });
  });
}

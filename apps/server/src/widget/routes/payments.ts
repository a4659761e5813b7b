/**
 * GET /widget/payment/types, GET /widget/payment/:orderId (which provider widget to show) and
 * POST /widget/payment/:orderId (the provider's token; idempotent, see ../payments.ts).
 */
import { IDEMPOTENCY_KEY_HEADER, sessionQuerySchema, widgetEndpoints, type PaymentType } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import { findAccountByGuid } from '../../identity/store';
import { ownOrder } from '../orders';
import { confirmManualPayment, operatorTokenMatches } from '../manual-confirmation';
import { transferInstructions } from '../../billing/transfer';
import { takePayment, type AttemptOwner } from '../payments';
import { isTestCardProvider } from '../providers/manual';
import type { CardProvider, PaymentProviders } from '../providers/types';
import { requireWidgetSession } from '../session';

const DISPLAY_NAMES: Record<PaymentType, string> = {
  CARD: 'Card',
  DIRECT_DEBIT: 'Direct debit',
  BANK_TRANSFER: 'Bank transfer',
  CASH: 'Cash',
};

/** DIRECT_DEBIT orders are paid through the directdebit calls, never with a token here. */
function providerOf(providers: PaymentProviders, type: PaymentType): CardProvider {
  if (type === 'CARD') {
    if (!providers.card) throw new ApiError('card_provider_not_configured');
    return providers.card;
  }
  if (type === 'DIRECT_DEBIT') throw new ApiError('payment_type_not_allowed', [type]);
  return providers.manual;
}

export function paymentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  providers: PaymentProviders,
  owner: AttemptOwner,
): void {
  const { db } = deps;

  defineRoute(app, widgetEndpoints.getPaymentTypes, async () => ({
    body: providers.paymentTypes.map((name) => ({ name, displayName: DISPLAY_NAMES[name] })),
  }));

  defineRoute(
    app,
    widgetEndpoints.getPaymentPage,
    async ({ params, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const { order } = await ownOrder(db, params.orderId, session.guid);
      const base = { orderId: order.id, orderStatus: order.status, total: order.total };
      if (order.paymentType === 'DIRECT_DEBIT') {
        if (!providers.directDebit) throw new ApiError('payment_type_not_allowed', [order.paymentType]);
        return { body: { ...base, providerName: providers.directDebit.name } };
      }
      const provider = providerOf(providers, order.paymentType);
      return {
        body: {
          ...base,
          providerName: provider.name,
          ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
          ...(isTestCardProvider(provider) ? { testMode: true } : {}),
        },
      };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.submitPayment,
    async ({ params, body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const stored = await ownOrder(db, params.orderId, session.guid);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const result = await takePayment(db, {
        order: stored,
        provider: providerOf(providers, stored.order.paymentType),
        token: body.token,
        details: {
          payerEmail: (await findAccountByGuid(db, session.guid))?.attributes.email,
          paymentMethodId: body.paymentMethodId,
          payerIdentification: body.payerIdentification,
        },
        clientKey: typeof header === 'string' ? header : undefined,
        owner,
        now: deps.now,
        transfer: deps.transfer,
      });
      // Bank transfer and cash: where to send the money (also in the order confirmation mail).
      const { paymentType } = stored.order;
      const instructions = transferInstructions(deps.transfer, stored.order.id, stored.order.total);
      if ((paymentType === 'BANK_TRANSFER' || paymentType === 'CASH') && instructions)
        result.transferInstructions = instructions;
      return { body: result };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(app, widgetEndpoints.confirmManualPayment, async ({ params, request }) => {
    // Without FOYER_OPERATOR_TOKEN the operator call does not exist.
    if (!deps.operatorToken) throw new ApiError('NOT_FOUND');
    if (!operatorTokenMatches(deps.operatorToken, request.headers.authorization)) {
      throw new ApiError('operator_token_invalid');
    }
    return { body: await confirmManualPayment(db, params.orderId, deps.now()) };
  });
}

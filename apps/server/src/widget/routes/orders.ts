/** POST /widget/order: the session's order, priced by the server; one order per Idempotency-Key. */
import { IDEMPOTENCY_KEY_HEADER, sessionQuerySchema, widgetEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import { languageOfAcceptLanguage } from '../../mail/billing-messages';
import { createOrder } from '../orders';
import type { PaymentProviders } from '../providers/types';
import { requireWidgetSession } from '../session';

export function orderRoutes(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  defineRoute(
    app,
    widgetEndpoints.createOrder,
    async ({ body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      if (body.paymentType === 'CARD' && !providers.card) throw new ApiError('card_provider_not_configured');
      const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const order = await createOrder(
        deps.db,
        {
          guid: session.guid,
          serviceName: session.serviceName,
          order: body,
          allowedTypes: providers.paymentTypes,
          idempotencyKey: typeof header === 'string' ? header : undefined,
          locale: languageOfAcceptLanguage(request.headers['accept-language']),
        },
        deps.now(),
      );
      return { status: 201, body: order };
    },
    { query: sessionQuerySchema },
  );
}

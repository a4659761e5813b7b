/**
 * POST /widget/payment/:orderId/directdebit requests a mandate and answers the provider's
 * redirect URL (the loader navigates the top window there); PUT completes the mandate from the
 * `redirect_flow_id` the visitor came back with and takes the first payment on it, through the
 * same idempotent payment path as cards (the mandate id is the token).
 */
import { randomBytes } from 'node:crypto';
import { sessionQuerySchema, widgetEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import { allowedReturnUrl } from '../../http/return-url';
import { findService } from '../../identity/store';
import { loadOrder, ownOrder } from '../orders';
import { takePayment, type AttemptOwner } from '../payments';
import { DirectDebitRefused } from '../providers/gocardless';
import { mandateCollector } from '../providers/mandate-collector';
import { ProviderUnavailable, type PaymentProviders } from '../providers/types';
import { requireWidgetSession } from '../session';

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Provider failures as the catalogue's errors. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new ApiError('provider_unavailable');
    if (error instanceof DirectDebitRefused) throw new ApiError('checkout_error', [error.code]);
    throw error;
  }
}

export function directDebitRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  providers: PaymentProviders,
  owner: AttemptOwner,
): void {
  const { db } = deps;

  defineRoute(
    app,
    widgetEndpoints.requestDirectDebit,
    async ({ params, body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const stored = await ownOrder(db, params.orderId, session.guid);
      const { order } = stored;
      const provider = providers.directDebit;
      if (!provider || order.paymentType !== 'DIRECT_DEBIT') {
        throw new ApiError('payment_type_not_allowed', [order.paymentType]);
      }
      if (order.status === 'PAID') throw new ApiError('order_already_paid');
      if (!httpUrl(body.successRedirectUrl)) throw new ApiError('VALIDATION_FAILED', ['successRedirectUrl']);
      // GoCardless sends the visitor here after the mandate: only a page of the service's own sites.
      const serviceName = stored.serviceName ?? session.serviceName;
      const service = serviceName ? await findService(db, serviceName) : null;
      const back = allowedReturnUrl(body.successRedirectUrl, service?.allowedHostOrigins ?? []);
      if (!back) throw new ApiError('return_url_not_allowed');
      back.searchParams.set('orderId', order.id);
      // Ties the provider's flow to this request; GoCardless checks it again on completion.
      const sessionToken = randomBytes(24).toString('base64url');
      const flow = await guarded(() =>
        provider.requestMandate({
          orderId: order.id,
          sessionToken,
          successRedirectUrl: back.toString(),
          description: `Order ${order.id}`,
        }),
      );
      // The loader navigates the top window here: never anything but a web address.
      if (!httpUrl(flow.redirectUrl)) throw new ApiError('redirect_url_invalid');
      await db.query(
        `INSERT INTO direct_debit_flows (redirect_flow_id, order_id, session_token, status, created_at)
         VALUES ($1, $2, $3, 'REQUESTED', $4)`,
        [flow.redirectFlowId, order.id, sessionToken, deps.now()],
      );
      return { status: 201, body: flow };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.completeDirectDebit,
    async ({ params, body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const stored = await loadOrder(db, params.orderId);
      if (!stored || stored.guid !== session.guid) throw new ApiError('directdebit_query_param_order_id_invalid');
      const provider = providers.directDebit;
      if (!provider) throw new ApiError('payment_type_not_allowed', ['DIRECT_DEBIT']);
      const flows = await db.query<{ session_token: string; status: string; mandate_id: string | null }>(
        'SELECT session_token, status, mandate_id FROM direct_debit_flows WHERE redirect_flow_id = $1 AND order_id = $2',
        [body.redirectFlowId, stored.order.id],
      );
      const flow = flows[0];
      if (!flow) throw new ApiError('directdebit_query_param_redirect_flow_id_invalid');
      let mandateId = flow.mandate_id;
      if (!mandateId) {
        ({ mandateId } = await guarded(() =>
          provider.completeMandate({ redirectFlowId: body.redirectFlowId, sessionToken: flow.session_token }),
        ));
        await db.query(
          `UPDATE direct_debit_flows SET status = 'COMPLETED', mandate_id = $2 WHERE redirect_flow_id = $1`,
          [body.redirectFlowId, mandateId],
        );
      }
      const result = await takePayment(db, {
        order: stored,
        provider: mandateCollector(provider, mandateId),
        token: mandateId,
        clientKey: undefined,
        owner,
        now: deps.now,
      });
      return { body: result };
    },
    { query: sessionQuerySchema },
  );
}

/**
 * The product-manager service of version 1 (purchase spec §7) on the widget service's base
 * (`/pm/api`, the default pmDomain): the account's open order, offers, the first delivery day and
 * the transaction. The cancellation reasons (`/properties/:name`) and the subscription cancel call
 * are the account area's (account/routes.ts), already at this base.
 */
import {
  sessionQuerySchema,
  v1Endpoints as endpoints,
  v1OffersQuerySchema,
  v1TransactionQuerySchema,
  type Product,
  type PaymentType,
  type V1PaymentMethod,
} from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { allowedReturnUrl } from '../http/return-url';
import { findService } from '../identity/store';
import {
  allProducts,
  findGroup,
  findProduct,
  subscribedPlanIds,
  toProduct,
  type StoredProduct,
} from '../widget/catalogue';
import type { PaymentProviders } from '../widget/providers/types';
import { optionalSession, requireWidgetSession } from '../widget/session';
import { isoDay } from '../widget/dates';
import { minStartDeliveryDate } from './delivery';
import { HOSTED_PAYMENT_PAGE_PATH } from './hosted-payment';
import { createV1Order, deleteV1Order, openOrder, updateV1Order } from './orders';
import { languageOfAcceptLanguage } from '../mail/billing-messages';
import { canTakeV1Payment, openTransaction, V1_PAYMENT_TYPE_OF } from './transaction';

export interface ProductManagerOptions {
  /** The hosted payment page stand-in is served (the dev switch); without it no transaction can be paid. */
  /** The providers the hosted page charges through (widget/providers). */
  providers: PaymentProviders;
}

export function productManagerRoutes(app: FastifyInstance, deps: AppDeps, options: ProductManagerOptions): void {
  const { db } = deps;
  const session = async (request: FastifyRequest, query: { ev_ss?: string | undefined }) =>
    (await requireWidgetSession(deps, request, query)).session;
  /** The session's account, which must be the one the call names. */
  const ownAccount = async (request: FastifyRequest, query: { ev_ss?: string | undefined }, accountId: string) => {
    const found = await session(request, query);
    if (found.guid !== accountId) throw new ApiError('FORBIDDEN');
    return found;
  };

  defineRoute(
    app,
    endpoints.getV1Order,
    async ({ params, query, request }) => {
      const { guid } = await ownAccount(request, query, params.accountId);
      const order = await openOrder(db, guid);
      if (!order) throw new ApiError('order_not_created');
      return { body: order };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.createV1Order,
    async ({ body, query, request }) => {
      const { guid } = await session(request, query);
      return { status: 201, body: await createV1Order(db, guid, body, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.updateV1Order,
    async ({ body, query, request }) => {
      const { guid } = await session(request, query);
      return { body: await updateV1Order(db, guid, body, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.deleteV1Order,
    async ({ params, query, request }) => {
      const { guid } = await ownAccount(request, query, params.accountId);
      await deleteV1Order(db, guid, params.orderId, deps.now());
      return { status: 204, body: undefined };
    },
    { query: sessionQuerySchema },
  );

  /** Offers as the product calls show them: public plans, `subscribed` for the session's account. */
  const offers = async (
    request: FastifyRequest,
    query: { ev_ss?: string | undefined },
    products: StoredProduct[],
    planIds?: string[],
  ): Promise<Product[]> => {
    const found = await optionalSession(deps, request, query);
    const subscribed = await subscribedPlanIds(db, found?.session.guid ?? null);
    return products
      .filter((product) => !product.hidden)
      .map((product) => toProduct(product, { hiddenFor: [], planIds, recommended: false, subscribed }));
  };

  defineRoute(
    app,
    endpoints.getOffers,
    async ({ query, request }) => {
      const all = await allProducts(db);
      if (!query.productGroup) return { body: await offers(request, query, [...all.values()]) };
      const group = await findGroup(db, query.productGroup);
      if (!group) throw new ApiError('bex0004', [query.productGroup]);
      const products = group.products.flatMap((name) => all.get(name) ?? []);
      return { body: await offers(request, query, products) };
    },
    { query: v1OffersQuerySchema },
  );

  const visibleProduct = async (productId: string) => {
    const product = await findProduct(db, productId);
    if (!product || product.hidden) throw new ApiError('bex0004', [productId]);
    return product;
  };

  defineRoute(
    app,
    endpoints.getOffer,
    async ({ params, query, request }) => {
      const [offer] = await offers(request, query, [await visibleProduct(params.productId)]);
      return { body: offer! };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.getOfferPlan,
    async ({ params, query, request }) => {
      const [offer] = await offers(request, query, [await visibleProduct(params.productId)], [params.planId]);
      if (!offer || [...offer.paymentPlans, ...offer.bundlePlans].length === 0)
        throw new ApiError('bex0004', [`${params.productId}/${params.planId}`]);
      return { body: offer };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(app, endpoints.getStartDeliveryDate, async ({ params }) => {
    const product = await visibleProduct(params.productId);
    const now = deps.now();
    return { body: { minDate: minStartDeliveryDate(product, now), today: isoDay(now) } };
  });

  defineRoute(
    app,
    endpoints.postV1Transaction,
    async ({ body, query, request }) => {
      const { guid, serviceName } = await session(request, query);
      // No provider could take this order's payment on the hosted page (no card provider for a card order).
      // (An unknown payment type is refused by the order's validation in openTransaction.)
      const paymentType = V1_PAYMENT_TYPE_OF[body.paymentType?.split('-')[1] as V1PaymentMethod] as
        PaymentType | undefined;
      if (paymentType && !canTakeV1Payment(options.providers, paymentType)) throw new ApiError('provider_unavailable');
      const service = serviceName ? await findService(db, serviceName) : null;
      const returnUrl = query.returnUrl ?? deps.siteUrl;
      if (!allowedReturnUrl(returnUrl, service?.allowedHostOrigins ?? [])) throw new ApiError('return_url_not_allowed');
      const opened = await openTransaction(
        db,
        deps.frameTokenKey,
        {
          guid,
          serviceName,
          basket: body,
          returnUrl,
          locale: languageOfAcceptLanguage(request.headers['accept-language']),
        },
        deps.now(),
      );
      return {
        status: 201,
        body: {
          paymentUrl: new URL(HOSTED_PAYMENT_PAGE_PATH, deps.publicUrl()).href,
          siteId: serviceName ?? 'default',
          orderId: opened.orderId,
          quantity: opened.quantity,
          payload: opened.payload,
        },
      };
    },
    { query: v1TransactionQuerySchema },
  );
}

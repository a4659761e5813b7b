/** GET /widget/productgroup/:group and GET /widget/product/:name. */
import { productGroupQuerySchema, productQuerySchema, widgetEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import { findGroup, findProduct, findProducts, subscribedPlanIds, toProduct } from '../catalogue';
import { optionalSession } from '../session';

export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(
    app,
    widgetEndpoints.getProductGroup,
    async ({ params, query, request }) => {
      const group = await findGroup(db, params.group);
      if (!group) throw new ApiError('bex0004', [params.group]);
      const found = await optionalSession(deps, request, query);
      const subscribed = await subscribedPlanIds(db, found?.session.guid ?? null);
      const showHidden = query.showHidden === 'true';
      const products = await findProducts(db, group.products);
      return {
        body: {
          name: group.name,
          displayName: group.displayName,
          products: group.products
            .map((name) => products.get(name))
            .filter((product) => product !== undefined)
            .filter((product) => showHidden || !product.hidden)
            .map((product) =>
              toProduct(product, { showHidden, recommended: group.recommended.includes(product.name), subscribed }),
            ),
          recommended: group.recommended,
        },
      };
    },
    { query: productGroupQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.getProduct,
    async ({ params, query, request }) => {
      const showHidden = query.showHidden === 'true';
      const product = await findProduct(db, params.name);
      if (!product || (product.hidden && !showHidden)) throw new ApiError('bex0004', [params.name]);
      const found = await optionalSession(deps, request, query);
      const planIds = query.paymentPlan === undefined ? [] : [query.paymentPlan].flat();
      const shown = toProduct(product, {
        showHidden,
        planIds,
        recommended: false,
        subscribed: await subscribedPlanIds(db, found?.session.guid ?? null),
      });
      return { body: shown };
    },
    { query: productQuerySchema },
  );
}

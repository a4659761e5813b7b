/** GET /widget/productgroup/:group and GET /widget/product/:name. */
import { productGroupQuerySchema, productQuerySchema, widgetEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import {
  catalogueRoles,
  findGroup,
  findProduct,
  findProducts,
  offeredTo,
  subscribedPlanIds,
  toProduct,
} from '../catalogue';
import { optionalSession } from '../session';

export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /**
   * `showHidden=true` shows the hidden products and plans the session's account may buy (their
   * `visibleToRoles`), never all of them: a visitor, or an account without such a role, sees the
   * public catalogue whatever the query says (issue 24).
   */
  const hiddenAudience = async (showHidden: string | undefined, guid: string | null): Promise<string[]> =>
    showHidden === 'true' ? catalogueRoles(db, guid) : [];

  defineRoute(
    app,
    widgetEndpoints.getProductGroup,
    async ({ params, query, request }) => {
      const group = await findGroup(db, params.group);
      if (!group) throw new ApiError('bex0004', [params.group]);
      const found = await optionalSession(deps, request, query);
      const guid = found?.session.guid ?? null;
      const subscribed = await subscribedPlanIds(db, guid);
      const hiddenFor = await hiddenAudience(query.showHidden, guid);
      const products = await findProducts(db, group.products);
      return {
        body: {
          name: group.name,
          displayName: group.displayName,
          products: group.products
            .map((name) => products.get(name))
            .filter((product) => product !== undefined)
            .filter((product) => offeredTo(product, hiddenFor))
            .map((product) =>
              toProduct(product, { hiddenFor, recommended: group.recommended.includes(product.name), subscribed }),
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
      const found = await optionalSession(deps, request, query);
      const guid = found?.session.guid ?? null;
      const hiddenFor = await hiddenAudience(query.showHidden, guid);
      const product = await findProduct(db, params.name);
      if (!product || !offeredTo(product, hiddenFor)) throw new ApiError('bex0004', [params.name]);
      const planIds = query.paymentPlan === undefined ? [] : [query.paymentPlan].flat();
      const shown = toProduct(product, {
        hiddenFor,
        planIds,
        recommended: false,
        subscribed: await subscribedPlanIds(db, guid),
      });
      return { body: shown };
    },
    { query: productQuerySchema },
  );
}

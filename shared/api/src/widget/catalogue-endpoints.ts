/** The catalogue calls (purchase spec §7), apart so the product-selection route loads only these. */
import type * as z from 'zod/mini';
import { endpoint } from '../identity/endpoint';
import { productGroupSchema, productSchema } from './catalogue-schemas';

/** Query `showHidden=true`; with a session, plans carry `subscribed`. */
export const getProductGroup = endpoint<{ group: string }, never, z.infer<typeof productGroupSchema>>(
  'GET',
  '/widget/productgroup/:group',
  null,
  productGroupSchema,
);
/** Query: repeated `paymentPlan` keeps only those plans; `showHidden=true`. */
export const getProduct = endpoint<{ name: string }, never, z.infer<typeof productSchema>>(
  'GET',
  '/widget/product/:name',
  null,
  productSchema,
);

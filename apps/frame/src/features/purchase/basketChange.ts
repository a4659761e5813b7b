import type { Basket, BasketProduct } from '@foyer/api/widget';

/**
 * The basket with other products: the order it had (and the server's total of it) no longer
 * matches, so both go; the next checkout creates a new order.
 */
export function withProducts(basket: Basket, products: BasketProduct[]): Basket {
  const { id: _order, total: _total, ...rest } = basket;
  return { ...rest, products };
}

/** The basket without one product (the summary's remove button). */
export function removeProduct(basket: Basket, name: string): Basket {
  return withProducts(
    basket,
    basket.products.filter((line) => line.name !== name),
  );
}

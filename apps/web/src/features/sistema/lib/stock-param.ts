/** The product list's stock filter in the URL (`?stock=low`): the dashboard's inventory tiles link to it. */
export const STOCK_PARAM = 'stock';

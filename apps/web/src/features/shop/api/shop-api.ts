import { productDetail, productList, type ProductListQuery, shopFilters } from '@manto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { shopKeys } from '#api/keys.ts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';

export const getProducts = (params: ProductListQuery) =>
  api.request('/shop/products', { query: definedQuery(params), schema: productList });

export const getShopFilters = () => api.request('/shop/filters', { schema: shopFilters });

export const getProduct = (slug: string) =>
  api.request(`/shop/products/${encodeURIComponent(slug)}`, { schema: productDetail });

// Another page or filter stays on screen while the next one loads (no flash of skeletons).
export const productsQuery = (lang: string, params: ProductListQuery) =>
  queryOptions({
    queryKey: shopKeys.list(lang, params),
    queryFn: () => getProducts(params),
    placeholderData: keepPreviousData,
  });

export const shopFiltersQuery = () => queryOptions({ queryKey: shopKeys.filters(), queryFn: getShopFilters });

export const productQuery = (lang: string, slug: string) =>
  queryOptions({ queryKey: shopKeys.product(lang, slug), queryFn: () => getProduct(slug) });

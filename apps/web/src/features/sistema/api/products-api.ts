import {
  manageProductDetail,
  manageProductList,
  type ProductCategory,
  type ProductInput,
  type ProductManageSort,
  type StockFilter,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { PAGE_SIZE } from './sistema-api.ts';

/** contracts' manageProductQuery. */
export interface ProductListParams {
  search?: string | undefined;
  page: number;
  sort?: ProductManageSort | undefined;
  category?: ProductCategory | undefined;
  stock?: StockFilter | undefined;
}

const path = (id: string) => `/manage/products/${encodeURIComponent(id)}`;

export const getSistemaProducts = (params: ProductListParams) =>
  api.authorized('/manage/products', {
    query: definedQuery({ ...params, pageSize: PAGE_SIZE }),
    schema: manageProductList,
  });

/** Every field the form edits (the list row has only what the table shows). */
export const getSistemaProduct = (id: string) => api.authorized(path(id), { schema: manageProductDetail });

// The form reads nothing from a save's answer (the lists are refetched), so it is not parsed.
export const createProduct = async (body: ProductInput): Promise<void> => {
  await api.authorized('/manage/products', { method: 'POST', body });
};

/** A whole replacement, offers and stock per size included. */
export const updateProduct = async (id: string, body: ProductInput): Promise<void> => {
  await api.authorized(path(id), { method: 'PUT', body });
};

export const deleteProduct = async (id: string): Promise<void> => {
  await api.authorized(path(id), { method: 'DELETE' });
};

import { PRICE_MAX_CENTS, type ProductCategory, type ProductListQuery, type ProductSort } from '@manto/contracts';

// The list's filters as the URL keeps them: Portuguese names and values, like the routes
// (/loja?categoria=camisas&ordem=menor-preco&min=100), mapped to the API's query.

export const PARAMS = {
  category: 'categoria',
  team: 'time',
  minPrice: 'min',
  maxPrice: 'max',
  onSale: 'promocao',
  isNew: 'novos',
  sort: 'ordem',
} as const;

/** A checkbox filter's "on" value in the URL. */
export const YES = 'sim';

export const CATEGORY_SLUGS: Record<ProductCategory, string> = {
  jerseys: 'camisas',
  balls: 'bolas',
  accessories: 'acessorios',
};

export const SORT_SLUGS: Record<ProductSort, string> = {
  featured: 'destaques',
  'price-asc': 'menor-preco',
  'price-desc': 'maior-preco',
  rating: 'avaliacao',
  relevance: 'relevancia',
  newest: 'novidades',
};

const keyOf = <K extends string>(slugs: Record<K, string>, slug: string | null): K | undefined =>
  (Object.keys(slugs) as K[]).find((key) => slugs[key] === slug);

/** Whole reais in the URL; the API filters in cents. */
const reais = (value: string | null) =>
  value && /^\d{1,6}$/.test(value) ? Math.min(Number(value) * 100, PRICE_MAX_CENTS) : undefined;

export const PAGE_SIZE = 24;

/** The API query for the URL's filters; anything malformed in the URL is ignored, not sent. */
export function listQuery(params: URLSearchParams, q: string, page: number): ProductListQuery {
  return {
    category: keyOf(CATEGORY_SLUGS, params.get(PARAMS.category)),
    team: params.get(PARAMS.team) || undefined,
    minPrice: reais(params.get(PARAMS.minPrice)),
    maxPrice: reais(params.get(PARAMS.maxPrice)),
    onSale: params.get(PARAMS.onSale) === YES ? 'true' : undefined,
    isNew: params.get(PARAMS.isNew) === YES ? 'true' : undefined,
    q: q || undefined,
    sort: keyOf(SORT_SLUGS, params.get(PARAMS.sort)) ?? 'featured',
    page,
    pageSize: PAGE_SIZE,
  };
}

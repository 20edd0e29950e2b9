import type { RankingParams } from '../api/rankings-api.ts';

/** The ranking filters live in the URL under Portuguese names, like the catalogue's. */
export const RANKING_PARAM = {
  seasonFrom: 'de',
  seasonTo: 'ate',
  model: 'modelo',
  supplier: 'fornecedor',
  page: 'pagina',
} as const;

export type RankingFilterKey = Exclude<keyof typeof RANKING_PARAM, 'page'>;

const year = (value: string | null) => {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1870 && n <= 2100 ? n : undefined;
};

const slug = (value: string | null) => {
  const v = value?.trim();
  return v && v.length <= 120 ? v : undefined;
};

export const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** Reads the filters and page from the URL; invalid values are dropped, a reversed range is put right. */
export function parseRankingSearch(params: URLSearchParams): RankingParams {
  let seasonFrom = year(params.get(RANKING_PARAM.seasonFrom));
  let seasonTo = year(params.get(RANKING_PARAM.seasonTo));
  if (seasonFrom !== undefined && seasonTo !== undefined && seasonFrom > seasonTo) {
    [seasonFrom, seasonTo] = [seasonTo, seasonFrom];
  }
  return {
    seasonFrom,
    seasonTo,
    model: slug(params.get(RANKING_PARAM.model)),
    supplier: slug(params.get(RANKING_PARAM.supplier)),
    page: pageParam(params.get(RANKING_PARAM.page)),
  };
}

export const hasRankingFilters = (p: RankingParams) =>
  p.seasonFrom !== undefined || p.seasonTo !== undefined || p.model !== undefined || p.supplier !== undefined;

/**
 * The next URL search after setting one parameter (empty clears it). Changing a filter goes back to
 * the first page; other parameters are kept.
 */
export function withParam(prev: URLSearchParams, key: string, value: string | number | null | undefined) {
  const next = new URLSearchParams(prev);
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text && !(key === RANKING_PARAM.page && text === '1')) next.set(key, text);
  else next.delete(key);
  if (key !== RANKING_PARAM.page) next.delete(RANKING_PARAM.page);
  return next;
}

/** The URL search without any ranking filter or page (other parameters are kept). */
export function withoutFilters(prev: URLSearchParams) {
  const next = new URLSearchParams(prev);
  for (const key of Object.values(RANKING_PARAM)) next.delete(key);
  return next;
}

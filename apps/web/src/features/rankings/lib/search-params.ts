/** The ranking filters live in the URL under Portuguese names, like the catalogue's. */
export const RANKING_PARAM = {
  seasonFrom: 'de',
  seasonTo: 'ate',
  model: 'modelo',
  supplier: 'fornecedor',
  page: 'pagina',
} as const;

/**
 * The global ranking's segment (docs/segments.md) in the URL: `neutro=1` for the neutral ranking, `regiao=BR`
 * (a country) or `regiao=BR-SP` (a Brazilian state). The two exclude each other; neutral wins a URL with both.
 */
export const SEGMENT_PARAM = { neutral: 'neutro', region: 'regiao' } as const;

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

/**
 * A region of the picker ('BR', 'BR-SP') as a segment key; null for anything else. Only the form is checked
 * here: this file is on the first screen's path (api/early-ranking.ts), where the contracts (and zod) are not
 * loaded; the API answers 404 for a country or state it does not know.
 */
export function regionSegment(region: string | null | undefined): string | null {
  const code = region?.trim().toUpperCase() ?? '';
  const state = /^BR-([A-Z]{2})$/.exec(code)?.[1];
  if (state) return `state:${state}`;
  return /^[A-Z]{2}$/.test(code) ? `country:${code}` : null;
}

/** The picker's region ('BR', 'BR-SP') of a country or state segment key; null for other keys. */
export function segmentRegion(segment: string | null | undefined): string | null {
  const [kind, code] = segment?.split(':') ?? [];
  if (kind === 'country' && code) return code;
  if (kind === 'state' && code) return `BR-${code}`;
  return null;
}

/** The segment the URL asks for, or undefined for the ordinary ranking. */
export function parseSegmentSearch(params: URLSearchParams): string | undefined {
  if (params.get(SEGMENT_PARAM.neutral) === '1') return 'neutral';
  return regionSegment(params.get(SEGMENT_PARAM.region)) ?? undefined;
}

/**
 * The next URL search after choosing a segment: the neutral ranking or a region (null: the ordinary
 * ranking). One segment at a time, so choosing one clears the other; back to the first page, filters kept.
 */
export function withSegment(prev: URLSearchParams, choice: { neutral: boolean } | { region: string | null }) {
  const next = new URLSearchParams(prev);
  next.delete(SEGMENT_PARAM.neutral);
  next.delete(SEGMENT_PARAM.region);
  next.delete(RANKING_PARAM.page);
  if ('neutral' in choice) {
    if (choice.neutral) next.set(SEGMENT_PARAM.neutral, '1');
  } else if (choice.region && regionSegment(choice.region)) {
    next.set(SEGMENT_PARAM.region, choice.region.trim().toUpperCase());
  }
  return next;
}

/** What a ranking is asked for with: its filters, segment and page (from the URL, parseRankingSearch). */
export interface RankingParams {
  seasonFrom?: number | undefined;
  seasonTo?: number | undefined;
  model?: string | undefined;
  supplier?: string | undefined;
  /** A ranking by who voted (docs/segments.md): 'neutral', 'fans:<team>', 'country:<ISO>', 'state:<UF>'. */
  segment?: string | undefined;
  page: number;
}

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
    segment: parseSegmentSearch(params),
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

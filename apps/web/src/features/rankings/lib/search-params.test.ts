import { describe, expect, it } from 'vitest';
import {
  hasRankingFilters,
  pageParam,
  parseRankingSearch,
  parseSegmentSearch,
  regionSegment,
  segmentRegion,
  withParam,
  withSegment,
  withoutFilters,
} from './search-params.ts';

const parse = (search: string) => parseRankingSearch(new URLSearchParams(search));

describe('parseRankingSearch', () => {
  it('reads every filter and the page', () => {
    expect(parse('de=2010&ate=2024&modelo=titular&fornecedor=adidas&pagina=3')).toEqual({
      seasonFrom: 2010,
      seasonTo: 2024,
      model: 'titular',
      supplier: 'adidas',
      page: 3,
    });
  });
  it('defaults to page 1 without filters', () => {
    const p = parse('');
    expect(p).toEqual({ seasonFrom: undefined, seasonTo: undefined, model: undefined, supplier: undefined, page: 1 });
    expect(hasRankingFilters(p)).toBe(false);
  });
  it('drops invalid years, empty slugs and bad pages', () => {
    expect(parse('de=20&ate=abcd&modelo=%20&pagina=-2')).toEqual({
      seasonFrom: undefined,
      seasonTo: undefined,
      model: undefined,
      supplier: undefined,
      page: 1,
    });
    expect(parse('de=1500').seasonFrom).toBeUndefined();
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam('99999')).toBe(1);
  });
  it('puts a reversed season range right', () => {
    const p = parse('de=2024&ate=2001');
    expect([p.seasonFrom, p.seasonTo]).toEqual([2001, 2024]);
    expect(hasRankingFilters(p)).toBe(true);
  });
});

describe('withParam', () => {
  it('sets a filter and goes back to the first page', () => {
    const next = withParam(new URLSearchParams('pagina=4&modelo=reserva'), 'fornecedor', 'nike');
    expect(next.toString()).toBe('modelo=reserva&fornecedor=nike');
  });
  it('clears a filter with an empty value', () => {
    expect(withParam(new URLSearchParams('modelo=reserva&de=2000'), 'modelo', null).toString()).toBe('de=2000');
  });
  it('keeps the filters when paging, and page 1 needs no parameter', () => {
    expect(withParam(new URLSearchParams('modelo=reserva'), 'pagina', 2).toString()).toBe('modelo=reserva&pagina=2');
    expect(withParam(new URLSearchParams('modelo=reserva&pagina=2'), 'pagina', 1).toString()).toBe('modelo=reserva');
  });
  it('clears every filter but keeps other parameters', () => {
    expect(withoutFilters(new URLSearchParams('modelo=a&fornecedor=b&de=2000&ate=2001&pagina=2&x=1')).toString()).toBe(
      'x=1',
    );
  });
});

describe('segments in the URL', () => {
  const segmentOf = (search: string) => parseSegmentSearch(new URLSearchParams(search));
  it('reads neutro=1 as the neutral ranking and regiao as a country or a Brazilian state', () => {
    expect(segmentOf('neutro=1')).toBe('neutral');
    expect(segmentOf('regiao=BR')).toBe('country:BR');
    expect(segmentOf('regiao=pt')).toBe('country:PT');
    expect(segmentOf('regiao=BR-SP')).toBe('state:SP');
    expect(parse('regiao=BR-RS&pagina=2')).toMatchObject({ segment: 'state:RS', page: 2 });
  });
  it('ignores anything else: the ordinary ranking', () => {
    for (const search of ['', 'neutro=0', 'neutro=sim', 'regiao=BRA', 'regiao=BR-SPX', 'regiao=US-CA', 'regiao='])
      expect(segmentOf(search), search).toBeUndefined();
  });
  it('lets neutral win a URL that also names a region', () => {
    expect(segmentOf('regiao=BR&neutro=1')).toBe('neutral');
  });
  it('turns picker regions into segment keys and back', () => {
    expect(regionSegment('BR-DF')).toBe('state:DF');
    expect(regionSegment(null)).toBeNull();
    expect(segmentRegion('country:AR')).toBe('AR');
    expect(segmentRegion('state:BA')).toBe('BR-BA');
    expect(segmentRegion('neutral')).toBeNull();
    expect(segmentRegion('fans:aurora')).toBeNull();
    expect(segmentRegion(undefined)).toBeNull();
  });
  it('keeps one segment at a time, goes back to the first page and keeps the filters', () => {
    const start = new URLSearchParams('modelo=titular&regiao=BR-SP&pagina=3');
    expect(withSegment(start, { neutral: true }).toString()).toBe('modelo=titular&neutro=1');
    expect(withSegment(new URLSearchParams('neutro=1&pagina=2'), { region: 'br-rj' }).toString()).toBe('regiao=BR-RJ');
    expect(withSegment(new URLSearchParams('neutro=1&de=2000'), { neutral: false }).toString()).toBe('de=2000');
    expect(withSegment(start, { region: null }).toString()).toBe('modelo=titular');
    expect(withSegment(start, { region: 'Brasil' }).toString()).toBe('modelo=titular');
  });
  it('clearing the filters keeps the segment', () => {
    expect(withoutFilters(new URLSearchParams('modelo=a&neutro=1')).toString()).toBe('neutro=1');
  });
});

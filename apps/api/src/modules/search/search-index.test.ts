import { describe, expect, it } from 'vitest';
import { EXACT, PREFIX, SearchIndex, TYPO, Vocabulary, matchQuality, withinOneEdit, words } from './search-index.ts';

describe('words', () => {
  it('folds accents and case and splits on anything but letters and digits', () => {
    expect(words('São Paulo')).toEqual(['sao', 'paulo']);
    expect(words('GRÊMIO  2019/20 · Reserva')).toEqual(['gremio', '2019', '20', 'reserva']);
    expect(words('  -- ')).toEqual([]);
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['flamengo', 'flamengo', true],
    ['flamngo', 'flamengo', true], // a letter left out
    ['flamenggo', 'flamengo', true], // one too many
    ['flamenqo', 'flamengo', true], // one changed
    ['falmengo', 'flamengo', true], // two neighbours swapped
    ['flmngo', 'flamengo', false],
    ['fmalengo', 'flamengo', false], // swapped, but not neighbours
    ['abcd', 'abdc', true],
    ['ab', 'abcd', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe('matchQuality', () => {
  it('ranks the whole word over its start over a typo', () => {
    expect(matchQuality('gremio', 'gremio', false)).toBe(EXACT);
    expect(matchQuality('gre', 'gremio', false)).toBe(PREFIX);
    expect(matchQuality('gremoi', 'gremio', false)).toBe(TYPO);
  });

  it('forgives no typo in short words or in numbers', () => {
    expect(matchQuality('sap', 'sao', false)).toBe(0);
    expect(matchQuality('2018', '2019', false)).toBe(0);
    expect(matchQuality('201', '2019', false)).toBe(PREFIX);
  });

  it('forgives a typo in the start of the word still being typed, not in earlier words', () => {
    expect(matchQuality('flamn', 'flamengo', true)).toBe(TYPO);
    expect(matchQuality('flamn', 'flamengo', false)).toBe(0);
    expect(matchQuality('flmeng', 'flamengo', true)).toBe(TYPO);
  });
});

describe('SearchIndex', () => {
  const team = (name: string, popularity: number, nameEn?: string) => ({
    kind: 'team' as const,
    item: name,
    names: nameEn ? [name, nameEn] : [name],
    popularity,
    label: name,
  });
  const jersey = (team: string, season: number, model: string, modelEn: string, popularity: number) => ({
    kind: 'jersey' as const,
    item: `${team} ${season} ${model}`,
    names: [team, String(season), model, modelEn],
    popularity,
    label: `${team} ${season} ${model}`,
  });
  const index = new SearchIndex([
    team('Grêmio Novorizontino', 100),
    team('Grêmio', 1),
    team('São Paulo', 5),
    team('Flamengo', 50),
    team('Alemanha', 3, 'Germany'),
    jersey('Flamengo', 2019, 'Titular', 'Home', 40),
    jersey('Flamengo', 2019, 'Reserva', 'Away', 10),
    jersey('Flamengo', 2020, 'Reserva', 'Away', 30),
    jersey('São Paulo', 2019, 'Reserva', 'Away', 5),
  ]);
  const limits = { team: 5, jersey: 5 };
  const find = (q: string) => Object.fromEntries(index.search(q, limits));

  it('finds without accents or case, a whole name before a longer one, then by popularity', () => {
    expect(find('GREMIO').team).toEqual(['Grêmio', 'Grêmio Novorizontino']);
    expect(find('sao paulo').team).toEqual(['São Paulo']);
    expect(find('gre').team).toEqual(['Grêmio', 'Grêmio Novorizontino']);
  });

  it('needs every word to match, and ranks the best matches first', () => {
    expect(find('flamengo 2019 reserva')).toEqual({ jersey: ['Flamengo 2019 Reserva'] });
    expect(find('flamengo reserva').jersey).toEqual(['Flamengo 2020 Reserva', 'Flamengo 2019 Reserva']);
    expect(find('flamengo').jersey).toEqual([
      'Flamengo 2019 Titular',
      'Flamengo 2020 Reserva',
      'Flamengo 2019 Reserva',
    ]);
  });

  it('forgives one typo and reads either language', () => {
    expect(find('flamngo').team).toEqual(['Flamengo']);
    expect(find('germany').team).toEqual(['Alemanha']);
    expect(find('away 2019').jersey).toEqual(['Flamengo 2019 Reserva', 'São Paulo 2019 Reserva']);
  });

  it('answers nothing to a query without words, and to one no record matches', () => {
    expect(find('  ·  ')).toEqual({});
    expect(find('xyzzy')).toEqual({});
  });

  it('keeps each kind to its limit', () => {
    expect(index.search('flamengo', { team: 1, jersey: 2 }).get('jersey')).toHaveLength(2);
  });

  it('builds again over the words of an earlier build, without the records it no longer has', () => {
    const vocabulary = new Vocabulary();
    new SearchIndex([team('Flamengo', 1), team('Grêmio', 1)], vocabulary);
    const next = new SearchIndex([team('Grêmio', 1), team('Vasco', 1)], vocabulary);
    expect(next.search('flamengo', limits).get('team')).toBeUndefined();
    expect(next.search('gremio', limits).get('team')).toEqual(['Grêmio']);
    expect(next.search('vasco', limits).get('team')).toEqual(['Vasco']);
  });

  it('reorders by new popularity without building again', () => {
    const rescored = new SearchIndex([team('Grêmio', 1), team('Grêmio Esportivo', 2), team('Grêmio Atlético', 3)]);
    expect(rescored.search('gremio', limits).get('team')).toEqual(['Grêmio', 'Grêmio Atlético', 'Grêmio Esportivo']);
    rescored.rescore((_kind, name) => (name === 'Grêmio Esportivo' ? 9 : undefined));
    expect(rescored.search('gremio', limits).get('team')).toEqual(['Grêmio', 'Grêmio Esportivo', 'Grêmio Atlético']);
  });
});

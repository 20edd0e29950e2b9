import type { Segments } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import { countryName, regionName, regionOptions } from './regions.ts';

const segments: Segments = {
  minVoters: 30,
  fans: [],
  countries: [
    { code: 'PT', voters: 40 },
    { code: 'BR', voters: 900 },
    { code: 'AR', voters: 31 },
  ],
  states: [
    { code: 'SP', voters: 300 },
    { code: 'BA', voters: 45 },
  ],
};

describe('region names', () => {
  it('names countries in the interface language and states as "Brasil — <state>"', () => {
    expect(countryName('BR', 'pt-BR')).toBe('Brasil');
    expect(countryName('DE', 'en-GB')).toBe('Germany');
    expect(regionName('BR-SP', 'pt-BR')).toBe('Brasil — São Paulo');
    expect(regionName('BR-SP', 'en-GB')).toBe('Brazil — São Paulo');
    expect(regionName('PT', 'pt-BR')).toBe('Portugal');
  });
});

describe('regionOptions', () => {
  it('lists the countries, then the states, each sorted by name', () => {
    const { countries, states } = regionOptions(segments, 'pt-BR', null);
    expect(countries.map((o) => o.label)).toEqual(['Argentina', 'Brasil', 'Portugal']);
    expect(countries.map((o) => o.value)).toEqual(['AR', 'BR', 'PT']);
    expect(states).toEqual([
      { value: 'BR-BA', label: 'Brasil — Bahia' },
      { value: 'BR-SP', label: 'Brasil — São Paulo' },
    ]);
  });
  it('keeps a chosen region that is not shown any more, so it can be cleared', () => {
    expect(regionOptions(segments, 'pt-BR', 'BR-AC').states.map((o) => o.value)).toEqual(['BR-AC', 'BR-BA', 'BR-SP']);
    expect(regionOptions(undefined, 'en-GB', 'CL').countries).toEqual([{ value: 'CL', label: 'Chile' }]);
  });
});

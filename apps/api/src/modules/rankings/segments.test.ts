import { describe, expect, it } from 'vitest';
import { brazilianState, countryCode, memberSegments, segmentsOf } from './segments.ts';

describe('segments from free-text profiles', () => {
  it('read a country in Portuguese or English, any case or accents, and nothing they do not know', () => {
    for (const text of ['Brasil', ' brazil ', 'BR', 'República Federativa do Brasil'])
      expect(countryCode(text)).toBe('BR');
    expect(countryCode('Estados Unidos')).toBe('US');
    expect(countryCode('Itália')).toBe('IT');
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode('')).toBeNull();
    expect(countryCode(null)).toBeNull();
  });

  it('read a Brazilian state by name or code, only for members in Brazil', () => {
    expect(brazilianState('Brasil', 'são paulo')).toBe('SP');
    expect(brazilianState('Brazil', 'SAO PAULO')).toBe('SP');
    expect(brazilianState('BR', 'rj')).toBe('RJ');
    expect(brazilianState('Brasil', 'Rio Grande do Sul')).toBe('RS');
    expect(brazilianState('Brasil', 'Zona Sul')).toBeNull();
    // A state abroad is no Brazilian state, even with a matching name or code.
    expect(brazilianState('Portugal', 'SP')).toBeNull();
    expect(brazilianState(null, 'SP')).toBeNull();
  });

  it('put a member in their fans, country and state segments, never by city or gender', () => {
    const m = memberSegments({ id: 'u1', favouriteTeamId: 't1', country: 'Brasil', state: 'Bahia' });
    expect(segmentsOf(m)).toEqual(['fans:t1', 'country:BR', 'state:BA']);
    expect(segmentsOf(memberSegments({ id: 'u2', favouriteTeamId: null, country: 'Lua', state: 'Mar' }))).toEqual([]);
  });
});

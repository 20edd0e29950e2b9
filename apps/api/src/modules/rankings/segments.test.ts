import { describe, expect, it } from 'vitest';
import {
  type Membership,
  brazilianState,
  countryCode,
  effectiveMembership,
  memberSegments,
  planBatches,
  segmentsOf,
  showable,
} from './segments.ts';

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

describe('complementary suppression (docs/segments.md, "Threat model")', () => {
  const k = 10;
  it('hides a state when Brazil minus the shown states is a few voters, not when it is no one or many', () => {
    expect(
      showable(
        new Map([
          ['country:BR', 13],
          ['state:SP', 12],
          ['state:AC', 1],
        ]),
        k,
      ),
    ).toEqual(['country:BR']);
    expect(
      showable(
        new Map([
          ['country:BR', 12],
          ['state:SP', 12],
        ]),
        k,
      ),
    ).toEqual(['country:BR', 'state:SP']);
    expect(
      showable(
        new Map([
          ['country:BR', 22],
          ['state:SP', 12],
        ]),
        k,
      ),
    ).toEqual(['country:BR', 'state:SP']);
    // Two shown states leaving five others: the smaller is hidden, and the rest (15) is enough.
    expect(
      showable(
        new Map([
          ['country:BR', 35],
          ['state:SP', 20],
          ['state:RJ', 10],
        ]),
        k,
      ),
    ).toEqual(['country:BR', 'state:SP']);
    expect(
      showable(
        new Map([
          ['fans:x', 9],
          ['fans:y', 10],
          ['neutral', 99],
        ]),
        k,
      ),
    ).toEqual(['fans:y']);
  });

  it('fits a state only with the members also in Brazil’s segment', () => {
    const m = effectiveMembership(
      new Map([
        ['country:BR', new Set(['a', 'b'])],
        ['state:SP', new Set(['a', 'c'])],
      ]),
    );
    expect(m.get('state:SP')).toEqual(new Set(['a']));
  });
});

describe('membership changes in batches (docs/segments.md, "Changes in batches")', () => {
  const k = 3;
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `u${from + i}`);
  const set = (list: string[]) => new Set(list);
  const voting = set(ids(20));
  const base = { voting, pending: new Map<string, Date>(), now: 1_000_000, minVoters: k, maxWaitMs: 1000 };
  const seg = (list: string[]): Membership => new Map([['fans:t', set(list)]]);

  it('holds fewer than k voting changes in a shown segment, and marks since when', () => {
    const plan = planBatches({ ...base, desired: seg(ids(4, 1)), applied: seg(ids(5)) });
    expect(plan.applied.get('fans:t')).toEqual(set(ids(5)));
    expect(plan.save.size).toBe(0);
    expect(plan.waiting).toEqual([{ segment: 'fans:t', since: new Date(base.now) }]);
    expect(plan.dueAt).toBe(base.now + 1000);
  });

  it('applies k changes together, and a held one once it has waited the longest wait', () => {
    const together = planBatches({ ...base, desired: seg(ids(4, 3)), applied: seg(ids(5)) });
    expect(together.applied.get('fans:t')).toEqual(set(ids(4, 3)));
    const pending = new Map([['fans:t', new Date(base.now - 1000)]]);
    const waited = planBatches({ ...base, pending, desired: seg(ids(4, 1)), applied: seg(ids(5)) });
    expect(waited.applied.get('fans:t')).toEqual(set(ids(4, 1)));
    expect(waited.settled).toEqual(['fans:t']);
  });

  it('applies at once in a segment not shown, and for members without a counted vote', () => {
    const hidden = planBatches({ ...base, desired: seg(ids(1, 1)), applied: seg(ids(2)) });
    expect(hidden.applied.get('fans:t')).toEqual(set(['u1']));
    const silent = planBatches({ ...base, desired: seg([...ids(5), 'x']), applied: seg(ids(5)) });
    expect(silent.applied.get('fans:t')).toEqual(set([...ids(5), 'x']));
    expect(silent.waiting).toEqual([]);
    // Mixed: the silent member moves now, the voting one waits.
    const mixed = planBatches({ ...base, desired: seg([...ids(4, 1), 'x']), applied: seg(ids(5)) });
    expect(mixed.applied.get('fans:t')).toEqual(set([...ids(5), 'x']));
    expect(mixed.waiting).toHaveLength(1);
  });
});

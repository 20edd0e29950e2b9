import { describe, expect, it } from 'vitest';
import type { CatalogueCache, CatalogueJersey } from '#modules/jerseys/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import type { RankingRepository } from './repository.ts';
import { RankingService } from './service.ts';

const jersey = (id: string, active = true) =>
  ({
    id,
    active,
    season: 2020,
    model: { slug: 'home', name: 'Home' },
    supplier: { slug: 's', name: 'S' },
  }) as unknown as CatalogueJersey;

const entry = (jerseyId: string, rank: number) => ({
  jerseyId,
  rank,
  rankUb: rank,
  score: 1000 - rank,
  lower: 990 - rank,
  upper: 1010 - rank,
  wins: 5,
  losses: 5,
  ties: 0,
  provisional: false,
  previousRank: null,
});

/** A service over a fit and a catalogue copy the test swaps, counting the reads of a fit's rows. */
function setUp() {
  const state = {
    fitId: 1,
    catalogue: new Map([
      ['a', jersey('a')],
      ['b', jersey('b')],
    ]) as ReadonlyMap<string, CatalogueJersey>,
    entryReads: 0,
    clock: 0,
  };
  const repository = {
    latestFit: async () => ({ id: state.fitId, fittedAt: new Date(0), votes: 10, voters: null }),
    entries: async () => {
      state.entryReads++;
      return [entry('a', 1), entry('b', 2)];
    },
  } as unknown as RankingRepository;
  const catalogue = { jerseys: async () => state.catalogue } as unknown as CatalogueCache;
  const service = new RankingService(
    repository,
    catalogue,
    {} as TeamService,
    { enabled: false, minVoters: 30 },
    () => state.clock,
  );
  const ids = async () => (await service.ranking({ page: 1, pageSize: 50 })).items.map((r) => r.jersey.id);
  return { state, ids };
}

describe('the ranking snapshot cache', () => {
  it('keeps the rows while the fit and the catalogue copy are the same, and rebuilds them when either changes', async () => {
    const { state, ids } = setUp();
    expect(await ids()).toEqual(['a', 'b']);
    expect(state.entryReads).toBe(1);
    // Past the cache's age, the same fit and catalogue: the fit is checked, its rows are not read again.
    state.clock += 60_000;
    expect(await ids()).toEqual(['a', 'b']);
    expect(state.entryReads).toBe(1);
    // A new fit is read.
    state.fitId = 2;
    state.clock += 60_000;
    await ids();
    expect(state.entryReads).toBe(2);
    // A new catalogue copy in which a jersey was deactivated: it leaves the ranking at once.
    state.catalogue = new Map([
      ['a', jersey('a')],
      ['b', jersey('b', false)],
    ]);
    state.clock += 60_000;
    expect(await ids()).toEqual(['a']);
    expect(state.entryReads).toBe(3);
  });
});

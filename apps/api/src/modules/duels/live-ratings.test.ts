import { describe, expect, it } from 'vitest';
import { CatalogueCache, type CatalogueJersey } from '#modules/jerseys/index.ts';
import { LiveRatings } from './live-ratings.ts';

const jersey = (id: string, teamId: string, active = true) =>
  ({ id, teamId, modelId: 'm', supplierId: 's', active }) as unknown as CatalogueJersey;

function setup() {
  let now = 0;
  const clock = () => now;
  const state = {
    jerseys: [jersey('a', 't1'), jersey('b', 't1'), jersey('c', 't2', false)],
    ratings: [{ scope: 'global', jersey_id: 'a', rating: 1100, games: 3 }],
    catalogueLoads: 0,
    ratingLoads: 0,
    /** The source's catalogue version: a test changes it with the catalogue, as an edit would. */
    version: 1,
  };
  const catalogue = new CatalogueCache(
    {
      version: async () => String(state.version),
      jerseys: async () => (state.catalogueLoads++, state.jerseys),
      teams: async () => [{ id: 't1', slug: 'um', name: 'Um', nameEn: 'One' }],
      models: async () => [],
    },
    clock,
  );
  const ratings = new LiveRatings(catalogue, async () => (state.ratingLoads++, state.ratings), clock);
  return { catalogue, ratings, state, tick: (ms: number) => (now += ms) };
}

describe('LiveRatings', () => {
  it('gives a scope’s active jerseys as candidates, the same objects each time, with stored or starting ratings', async () => {
    const { ratings } = setup();
    const { list } = await ratings.candidates('global');
    expect(list.map((c) => [c.id, c.rating, c.games])).toEqual([
      ['a', 1100, 3],
      ['b', 1000, 0],
    ]);
    expect((await ratings.candidates('global')).list).toBe(list);
    expect((await ratings.candidates('team:t2')).list).toEqual([]);
  });

  it('updates candidates in place as votes commit', async () => {
    const { ratings } = setup();
    const { list } = await ratings.candidates('global');
    ratings.set('global', 'b', { rating: 990, games: 1 });
    expect(list.find((c) => c.id === 'b')).toMatchObject({ rating: 990, games: 1 });
    await expect(ratings.rating('global', 'b')).resolves.toEqual({ rating: 990, games: 1 });
  });

  it('rebuilds candidates from a reloaded catalogue, keeping the ratings in memory', async () => {
    const { catalogue, ratings, state } = setup();
    await ratings.candidates('global');
    ratings.set('global', 'a', { rating: 1200, games: 4 });
    state.jerseys = [...state.jerseys, jersey('d', 't1')];
    catalogue.invalidate();
    const { list } = await ratings.candidates('global');
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'd']);
    expect(list[0]).toMatchObject({ rating: 1200, games: 4 });
    expect(state.ratingLoads).toBe(1);
  });

  it('reloads ratings in the background once older than 15 s (other processes’ votes)', async () => {
    const { ratings, state, tick } = setup();
    await ratings.candidates('global');
    state.ratings = [{ scope: 'global', jersey_id: 'b', rating: 950, games: 2 }];
    tick(15_000);
    await ratings.rating('global', 'b');
    await new Promise((r) => setTimeout(r, 0));
    await expect(ratings.rating('global', 'b')).resolves.toEqual({ rating: 950, games: 2 });
  });
});

describe('CatalogueCache', () => {
  it('past 15 s asks whether the catalogue changed, and reloads it only if its version did', async () => {
    const { catalogue, state, tick } = setup();
    const first = await catalogue.snapshot();
    tick(15_000);
    catalogue.snapshotNow();
    await new Promise((r) => setTimeout(r, 0));
    expect(state.catalogueLoads).toBe(1);
    expect(await catalogue.snapshot()).toBe(first);

    state.jerseys = [...state.jerseys, jersey('d', 't1')];
    state.version++;
    tick(15_000);
    catalogue.snapshotNow();
    await new Promise((r) => setTimeout(r, 0));
    expect(state.catalogueLoads).toBe(2);
    expect((await catalogue.snapshot()).jerseys.has('d')).toBe(true);
  });

  it('reloads at once after an edit in this process, whatever the version says', async () => {
    const { catalogue, state } = setup();
    await catalogue.snapshot();
    state.jerseys = [...state.jerseys, jersey('d', 't1')];
    catalogue.invalidate();
    expect((await catalogue.jerseys()).has('d')).toBe(true);
    expect(state.catalogueLoads).toBe(2);
  });

  it('looks again for an unknown slug at most every 2 s, reloading only a changed catalogue', async () => {
    const { catalogue, state, tick } = setup();
    await expect(catalogue.team('dois')).resolves.toBeNull();
    expect(state.catalogueLoads).toBe(1);
    state.version++;
    await expect(catalogue.team('dois')).resolves.toBeNull();
    expect(state.catalogueLoads).toBe(1);
    tick(2_000);
    await expect(catalogue.team('dois')).resolves.toBeNull();
    expect(state.catalogueLoads).toBe(2);
    await expect(catalogue.team('um')).resolves.toMatchObject({ id: 't1' });
  });
});

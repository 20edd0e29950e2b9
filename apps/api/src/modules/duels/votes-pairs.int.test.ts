/**
 * Which duels a voter gets and what a vote leaves behind (docs/ranking.md §2, §5): skips and outcomes, pair
 * selection, catalogue edits against votes, many voters on one pair, and a second process on the same
 * database. Runs on PGlite and PostgreSQL (the last two on PostgreSQL only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import {
  claimsOf,
  duelOf,
  moderator,
  nextDuel,
  pairKey,
  pairOf,
  post,
  ratingsOf,
  think,
  visitor,
  vote,
  votesOfDuel,
} from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;
let t: TestApp;
let catalogue: Catalogue;
/** Small catalogues of their own per test, one team each (so `?team=` is the scope under test). */
const one = {} as Record<'four' | 'active' | 'solo' | 'voted' | 'unvoted' | 'gone' | 'other' | 'busy', Catalogue>;
beforeAll(async () => {
  // Default VOTE_MIN_DECISION_MS (700); the rate is raised so 200 voters from one test are not cut by the limiter.
  t = await createTestApp({ VOTE_RATE_PER_MINUTE: '1000' });
  // Seeded straight into the database before the first request, so the duel pool's first load sees them
  // (the pool reloads on its own only after 15 s on its clock or after a catalogue edit through the API).
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
  const seasons = { four: 4, active: 4, solo: 1, voted: 3, unvoted: 1, gone: 2, other: 2, busy: 2 };
  for (const [name, n] of Object.entries(seasons))
    one[name as keyof typeof one] = await seedCatalogue(t.db, {
      teams: 1,
      models: [name],
      seasons: Array.from({ length: n }, (_, i) => 1950 + i),
    });
});
afterAll(async () => t?.close());

/**
 * Where the general tests draw their duels: the main catalogue's first team. Global duels would draw from
 * the small per-test catalogues too and change their vote counts.
 */
const main = () => `?team=${catalogue.teams[0]!.slug}`;

describe('skips and outcomes', () => {
  it('stores a skip with its reason, does not count it and leaves every rating and the crowd tally alone', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    const { duelId, left, right } = claimsOf(duel.token);
    const ratingsBefore = await ratingsOf(t, [left, right]);
    const pairBefore = await pairOf(t, left, right);
    const res = await post(t, me, { token: duel.token, outcome: 'skip', skipReason: 'dont_know' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ outcome: 'skip', counted: false });
    expect(body.left).toMatchObject({ id: left, change: 0, rating: duel.left.rating });
    expect(body.right.change).toBe(0);
    expect(body.next.duel).not.toBeNull();
    expect((await votesOfDuel(t, duelId))[0]).toMatchObject({
      outcome: 'skip',
      skip_reason: 'dont_know',
      valid: true,
      invalid_reason: null,
    });
    expect(await ratingsOf(t, [left, right])).toEqual(ratingsBefore);
    expect(await pairOf(t, left, right)).toEqual(pairBefore);
  });

  it('answers 400 VALIDATION_FAILED, localised, to a skip reason on a real answer and to unknown outcomes', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    const before = await t.count('votes');
    const pt = await post(t, me, { token: duel.token, outcome: 'left', skipReason: 'dont_know' }, { lang: 'pt-BR' });
    expect(pt.statusCode).toBe(400);
    expect(pt.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Verifique os campos destacados.',
      details: { skipReason: 'Valor inválido.' },
    });
    const en = await post(t, me, { token: duel.token, outcome: 'tie', skipReason: 'same' }, { lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      details: { skipReason: 'Invalid value.' },
    });
    for (const payload of [
      { token: duel.token, outcome: 'draw' },
      { token: duel.token, outcome: 'LEFT' },
      { token: duel.token },
      { token: duel.token, outcome: 'skip', skipReason: 'bored' },
      { token: duel.token, outcome: 'left', extra: 1 },
      { token: '', outcome: 'left' },
      { token: 'x'.repeat(2001), outcome: 'left' },
    ]) {
      const res = await post(t, me, payload, { lang: 'en' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await t.count('votes')).toBe(before);
  });
});

describe('pair selection', () => {
  it('never repeats a pair for one voter while unanswered pairs remain, then still serves duels', async () => {
    const four = one.four;
    const query = `?team=${four.teams[0]!.slug}`;
    const me = visitor(t);
    let current = await nextDuel(t, me, query);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      expect(current.jerseysCount).toBe(4);
      const duel = current.duel!;
      seen.push(pairKey(duel.left.id, duel.right.id));
      think(t);
      const res = await vote(t, me, duel.token, i % 2 ? 'left' : 'right');
      expect(res.statusCode, res.body).toBe(200);
      current = res.json().next;
    }
    expect(new Set(seen).size).toBe(6);
    expect(current.duel).not.toBeNull();
    expect((await nextDuel(t, me, query)).duel).not.toBeNull();
  });

  it('never draws a jersey once a moderator deactivates it; a scope left with one jersey has no duel', async () => {
    const four = one.active;
    const query = `?team=${four.teams[0]!.slug}`;
    const mod = await moderator(t);
    const setActive = (id: string, active: boolean) =>
      t.inject({ method: 'PATCH', url: `/api/manage/jerseys/${id}/active`, headers: mod, payload: { active } });
    // Warm the pool for this scope first, so the test sees the edit invalidate it.
    expect((await nextDuel(t, visitor(t), query)).jerseysCount).toBe(4);
    const [off, ...rest] = four.jerseys;
    expect((await setActive(off!.id, false)).statusCode).toBe(200);
    for (let i = 0; i < 40; i++) {
      const d = await nextDuel(t, visitor(t), query);
      expect(d.jerseysCount).toBe(3);
      expect([d.duel!.left.id, d.duel!.right.id]).not.toContain(off!.id);
    }
    for (let i = 0; i < 20; i++) {
      const d = await nextDuel(t, visitor(t));
      expect([d.duel!.left.id, d.duel!.right.id]).not.toContain(off!.id);
    }
    expect((await setActive(rest[0]!.id, false)).statusCode).toBe(200);
    expect((await setActive(rest[1]!.id, false)).statusCode).toBe(200);
    const lonely = await nextDuel(t, visitor(t), query);
    expect(lonely).toMatchObject({ duel: null, jerseysCount: 1 });
    // Reactivated, it is drawn again.
    expect((await setActive(off!.id, true)).statusCode).toBe(200);
    const back = await nextDuel(t, visitor(t), query);
    expect(back.jerseysCount).toBe(2);
    expect([back.duel!.left.id, back.duel!.right.id].sort()).toEqual([off!.id, rest[2]!.id].sort());
  });

  it('answers 200 with no duel for a one-jersey scope, and 400 to ?model without ?team', async () => {
    const solo = one.solo;
    const body = await nextDuel(t, visitor(t), `?team=${solo.teams[0]!.slug}&model=${solo.models[0]!.slug}`);
    expect(body).toMatchObject({ duel: null, jerseysCount: 1 });
    const me = visitor(t);
    const res = await t.inject({
      method: 'GET',
      url: `/api/duels/next?model=${solo.models[0]!.slug}`,
      headers: { ...me.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { model: 'Invalid value.' } });
  });
});

describe('catalogue edits against votes', () => {
  it('refuses to delete a voted jersey with 409 HAS_VOTES and its count, localised; deletes an unvoted one', async () => {
    const pairOnly = one.voted;
    const query = `?team=${pairOnly.teams[0]!.slug}`;
    const me = visitor(t);
    const first = await duelOf(t, me, query);
    think(t);
    const res = await vote(t, me, first.token);
    expect(res.statusCode).toBe(200);
    const second = res.json().next.duel;
    expect((await post(t, me, { token: second.token, outcome: 'skip' })).statusCode).toBe(200);
    // Three jerseys, two answered pairs: one jersey is in both (2 votes), a skip counts as a vote row too.
    const counts = new Map<string, number>();
    for (const d of [first, second])
      for (const id of [d.left.id, d.right.id]) counts.set(id, (counts.get(id) ?? 0) + 1);
    const twice = [...counts].find(([, n]) => n === 2)![0];
    const mod = await moderator(t);
    const remove = (id: string, lang: string) =>
      t.inject({ method: 'DELETE', url: `/api/manage/jerseys/${id}`, headers: { ...mod, 'accept-language': lang } });
    const en = await remove(twice, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'HAS_VOTES',
      message: 'Cannot delete: this jersey has 2 votes. Deactivate it to take it out of duels and rankings.',
    });
    const pt = await remove(twice, 'pt-BR');
    expect(pt.json().message).toBe(
      'Não é possível excluir: esta camisa já recebeu 2 votos. Desative-a para tirá-la dos duelos e rankings.',
    );
    const unvoted = one.unvoted;
    expect((await remove(unvoted.jerseys[0]!.id, 'en')).statusCode).toBe(204);
    expect((await remove(unvoted.jerseys[0]!.id, 'en')).statusCode).toBe(404);
  });

  it('answers 410 DUEL_EXPIRED to a vote on a duel whose jersey was deleted after it was issued', async () => {
    const gone = one.gone;
    const me = visitor(t);
    const duel = await duelOf(t, me, `?team=${gone.teams[0]!.slug}`);
    const mod = await moderator(t);
    const del = await t.inject({ method: 'DELETE', url: `/api/manage/jerseys/${duel.left.id}`, headers: mod });
    expect(del.statusCode).toBe(204);
    think(t);
    const res = await vote(t, me, duel.token);
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().code).toBe('DUEL_EXPIRED');
  });
});

describe('many voters on one pair at once', () => {
  // Two votes on one pair with sides swapped used to lock the live_ratings rows in opposite orders and
  // deadlock on PostgreSQL (most of the 200 answered 500); the upsert now locks in (scope, jersey id)
  // order. PGlite runs one statement at a time, so it cannot deadlock.
  it('takes every vote, never a 500 (PostgreSQL)', async (ctx) => {
    if (!t.config.databaseUrl) return ctx.skip();
    const query = `?team=${one.busy.teams[0]!.slug}`;
    const voters = Array.from({ length: 200 }, () => visitor(t));
    const duels = await Promise.all(voters.map((v) => duelOf(t, v, query)));
    think(t);
    const answers = await Promise.all(voters.map((v, i) => vote(t, v, duels[i]!.token, i % 3 ? 'left' : 'right')));
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().code}`);
    expect(failed).toEqual([]);
    // Every one of them counted once in the pair's tally.
    const [a, b] = one.busy.jerseys;
    const pair = (await pairOf(t, a!.id, b!.id))!;
    expect(pair.low_wins + pair.high_wins + pair.ties).toBe(200);
  });
});

describe('a second process on the same database (PostgreSQL only: PGlite is in-process)', () => {
  let other: TestApp | null = null;
  beforeAll(async () => {
    if (t.config.databaseUrl)
      other = await createTestApp({ VOTE_RATE_PER_MINUTE: '1000' }, { databaseUrl: t.config.databaseUrl });
  });
  afterAll(async () => other?.close());

  // This process's catalogue copy still has the jersey; the insert's foreign key is what finds it gone.
  it('answers 410, not 500, to a vote on a jersey deleted by another process', async (ctx) => {
    if (!other) return ctx.skip();
    const gone = one.other;
    const me = visitor(other);
    const duel = await duelOf(other, me, `?team=${gone.teams[0]!.slug}`);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/manage/jerseys/${duel.right.id}`,
      headers: await moderator(t),
    });
    expect(del.statusCode).toBe(204);
    think(other);
    const res = await vote(other, me, duel.token);
    expect(res.statusCode, res.body).toBe(410);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDuelResponse, voteResponse } from '@manto/contracts';
import { seedCatalogue } from '#test/catalogue.ts';
import { visitorHeaders } from '#test/duels.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp({ VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '1000' });
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
});
afterAll(async () => t?.close());

const visitor = () => visitorHeaders(t);

async function nextDuel(headers: Record<string, string>, query = '') {
  const res = await t.inject({ method: 'GET', url: `/api/duels/next${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function vote(headers: Record<string, string>, token: string, outcome = 'left') {
  return t.inject({ method: 'POST', url: '/api/duels/votes', headers, payload: { token, outcome } });
}

describe('duels', () => {
  it('issues a global duel and accepts one vote, answering with ratings, the crowd and the next duel', async () => {
    const me = visitor();
    const first = await nextDuel(me);
    // These routes skip zod on the way out (duel-json.ts): their answers must still fit the contract.
    expect(nextDuelResponse.parse(first)).toEqual(first);
    expect(first.jerseysCount).toBe(12);
    expect(first.duel.left.id).not.toBe(first.duel.right.id);
    const res = await vote(me, first.duel.token, 'left');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(voteResponse.parse(body)).toEqual(body);
    expect(body.counted).toBe(true);
    expect(body.left.change).toBeGreaterThan(0);
    // Each duel says how soon it may be answered: this app's VOTE_MIN_DECISION_MS, 0.
    expect(first.duel.minDecisionMs).toBe(0);
    expect(body.next.duel.minDecisionMs).toBe(0);
    expect(body.right.change).toBeLessThan(0);
    expect(body.crowd).toEqual({ leftWins: 1, rightWins: 0, ties: 0 });
    expect(body.next.duel.token).not.toBe(first.duel.token);
    const replay = await vote(me, first.duel.token, 'right');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('DUEL_ALREADY_ANSWERED');
  });

  it('requires a voter id from visitors to vote and binds the token to its voter', async () => {
    const duel = await nextDuel(visitor());
    const none = await vote({}, duel.duel.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('VOTER_REQUIRED');
    const stolen = await vote(visitor(), duel.duel.token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('DUEL_NOT_YOURS');
    const member = await t.userWithRoles([]);
    const asMember = await vote(bearer(member.accessToken), duel.duel.token);
    expect(asMember.statusCode).toBe(403);
  });

  it('narrows a duel to a team and model, and 404s unknown ones', async () => {
    const team = catalogue.teams[0]!;
    const model = catalogue.models[0]!;
    for (let i = 0; i < 5; i++) {
      const d = await nextDuel(visitor(), `?team=${team.slug}&model=${model.slug}`);
      expect(d.jerseysCount).toBe(3);
      for (const side of [d.duel.left, d.duel.right]) {
        expect(side.team.slug).toBe(team.slug);
        expect(side.model.slug).toBe(model.slug);
      }
    }
    const missing = await t.inject({ method: 'GET', url: '/api/duels/next?team=nope', headers: visitor() });
    expect(missing.statusCode).toBe(404);
  });
});

describe('catalogue written by another process', () => {
  it('finds a team this process has not loaded yet once the 2 s throttle on unknown slugs allows a reload', async () => {
    await nextDuel(visitor()); // the pool is loaded
    // Straight into the database, as another API process would: no local invalidation happens.
    const other = await seedCatalogue(t.db, { teams: 1, models: ['Third'], seasons: [2023, 2024] });
    const query = `/api/duels/next?team=${other.teams[0]!.slug}`;
    // The earlier '?team=nope' reloaded the catalogue; another reload for an unknown slug waits 2 s.
    t.clock.advance(1_999);
    expect((await t.inject({ method: 'GET', url: query, headers: visitor() })).statusCode).toBe(404);
    t.clock.advance(1);
    const d = await nextDuel(visitor(), `?team=${other.teams[0]!.slug}`);
    expect(d.jerseysCount).toBe(2);
    expect(d.duel.left.team.slug).toBe(other.teams[0]!.slug);
  });
});

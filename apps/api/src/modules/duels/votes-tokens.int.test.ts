/**
 * Duel tokens as a client sees them (docs/ranking.md §1, §6; docs/security.md items 16, 21): forged, expired, replayed and
 * stolen tokens, and the decision time. Time is the app's test clock, so every boundary is exact.
 * Runs on PGlite and PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { VoteResult } from '@manto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import {
  type Client,
  TTL_MS,
  claimsOf,
  duelOf,
  duelSigner,
  edited,
  member,
  pairOf,
  post,
  ratingsOf,
  think,
  visitor,
  vote,
  votesOfDuel,
  votesOfVoter,
} from '#test/duels.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { countedScopes } from '#lib/scopes.ts';
import { DuelTokens } from './duel-token.ts';

type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;
let t: TestApp;
let catalogue: Catalogue;
/** A catalogue of its own (one team, one model, two jerseys) for the replay storm's exact tallies. */
let replay: Catalogue;
let signed: (c: Client, issuedAt: number, pair?: [string, string]) => string;
beforeAll(async () => {
  // Default VOTE_MIN_DECISION_MS (700); the rate is raised so the replay storm is not cut by the limiter.
  t = await createTestApp({ VOTE_RATE_PER_MINUTE: '1000' });
  // Seeded straight into the database before the first request, so the duel pool's first load sees them.
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
  replay = await seedCatalogue(t.db, { teams: 1, models: ['Replay'], seasons: [1950, 1951] });
  const sign = duelSigner(t);
  signed = (c, issuedAt, pair = [catalogue.jerseys[0]!.id, catalogue.jerseys[1]!.id]) => sign(c, issuedAt, pair);
});
afterAll(async () => t?.close());

/** Where these tests draw their duels: the main catalogue's first team (not the replay catalogue). */
const main = () => `?team=${catalogue.teams[0]!.slug}`;

describe('duel tokens', () => {
  it('refuses edited, foreign and garbage tokens with 400 INVALID_DUEL and stores nothing', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    const claims = claimsOf(duel.token);
    const other = catalogue.jerseys.find((j) => j.id !== claims.left && j.id !== claims.right)!;
    const before = await t.count('votes');
    const past = t.clock.now() - 5_000;
    const someoneElse = visitor(t);
    const forged: [string, Client, string][] = [
      ['backdated issuedAt', me, edited(duel.token, { issuedAt: past })],
      ['swapped jersey', me, edited(duel.token, { left: other.id, issuedAt: past })],
      ['other scope', me, edited(duel.token, { scope: `team:${other.teamId}`, issuedAt: past })],
      ['new duel id', me, edited(duel.token, { duelId: randomUUID(), issuedAt: past })],
      ['re-bound voter', someoneElse, edited(duel.token, { voterKey: someoneElse.key, issuedAt: past })],
      [
        'another secret',
        me,
        new DuelTokens(randomBytes(32).toString('hex'), TTL_MS).sign({
          ...claims,
          duelId: randomUUID(),
          issuedAt: past,
        }),
      ],
      ['signature cut', me, duel.token.slice(0, -4)],
      ['no signature', me, duel.token.slice(0, duel.token.indexOf('.'))],
      ['empty body', me, `.${duel.token.split('.')[1]}`],
      ['garbage', me, 'not-a-token'],
      ['garbage with a dot', me, 'abc.def'],
      ['from the future', me, signed(me, t.clock.now() + 5 * 60_000)],
      ['same left and right', me, signed(me, past, [other.id, other.id])],
      ['not uuids', me, signed(me, past, ['a', 'b'])],
    ];
    for (const [what, client, token] of forged) {
      const res = await vote(t, client, token);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().code, what).toBe('INVALID_DUEL');
    }
    const pt = await post(t, me, { token: 'not-a-token', outcome: 'left' }, { lang: 'pt-BR' });
    expect(pt.json().message).toBe('Duelo inválido. Carregue um novo duelo.');
    const en = await post(t, me, { token: 'not-a-token', outcome: 'left' }, { lang: 'en' });
    expect(en.json().message).toBe('Invalid duel. Load a new one.');
    expect(await t.count('votes')).toBe(before);
    // The genuine token is untouched by all of that.
    think(t);
    expect((await vote(t, me, duel.token)).statusCode).toBe(200);
  });

  it('takes a duel up to exactly 10 minutes after it was issued and answers 410 DUEL_EXPIRED 1 ms later', async () => {
    const me = visitor(t);
    const issuedAt = t.clock.now();
    const [first, second] = [await duelOf(t, me, main()), await duelOf(t, me, main())];
    // The client is told when the duel expires.
    for (const duel of [first, second]) expect(new Date(duel.expiresAt).getTime()).toBe(issuedAt + TTL_MS);
    const before = await t.count('votes');
    t.clock.advance(TTL_MS);
    const inTime = await vote(t, me, first.token);
    expect(inTime.statusCode, inTime.body).toBe(200);
    t.clock.advance(1);
    const late = await vote(t, me, second.token);
    expect(late.statusCode, late.body).toBe(410);
    expect(late.json().code).toBe('DUEL_EXPIRED');
    expect(await t.count('votes')).toBe(before + 1);
    // Claims signed long ago are just as expired.
    const old = await vote(t, me, signed(me, t.clock.now() - TTL_MS - 1_000));
    expect(old.statusCode, old.body).toBe(410);
    expect(await t.count('votes')).toBe(before + 1);
  });

  it('takes exactly one of 100 parallel submissions of one token; the rest are 409 and change nothing', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, `?team=${replay.teams[0]!.slug}`);
    const { duelId, left, right } = claimsOf(duel.token);
    think(t);
    const answers = await Promise.all(Array.from({ length: 100 }, () => vote(t, me, duel.token, 'left')));
    const ok = answers.filter((r) => r.statusCode === 200);
    const conflicts = answers.filter((r) => r.statusCode === 409);
    expect(ok.length, answers.map((r) => r.statusCode).join(',')).toBe(1);
    expect(conflicts.length).toBe(99);
    for (const r of conflicts) expect(r.json().code).toBe('DUEL_ALREADY_ANSWERED');
    expect(ok[0]!.json().crowd).toEqual({ leftWins: 1, rightWins: 0, ties: 0 });

    const stored = await votesOfDuel(t, duelId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.outcome).toBe('left');
    expect(await pairOf(t, left, right)).toEqual(
      left < right ? { low_wins: 1, high_wins: 0, ties: 0 } : { low_wins: 0, high_wins: 1, ties: 0 },
    );
    // Both jerseys are the same team and model: the vote counts in global, team and team+model.
    const ratings = await ratingsOf(t, [left, right]);
    const jersey = (id: string) => replay.jerseys.find((j) => j.id === id)!;
    const scopes = countedScopes(jersey(left), jersey(right));
    expect(scopes).toHaveLength(3);
    expect(ratings.map((r) => `${r.scope} ${r.jersey_id}`).sort()).toEqual(
      scopes.flatMap((s) => [`${s} ${left}`, `${s} ${right}`]).sort(),
    );
    for (const r of ratings) expect(r.games, `${r.scope} ${r.jersey_id}`).toBe(1);

    // A late replay with another outcome is refused and the stored answer stays.
    const late = await vote(t, me, duel.token, 'right');
    expect(late.statusCode).toBe(409);
    expect((await votesOfDuel(t, duelId))[0]!.outcome).toBe('left');
  });
});

describe('whose duel it is', () => {
  it('answers 403 DUEL_NOT_YOURS to another visitor or a member, without burning the owner’s token', async () => {
    const owner = visitor(t);
    const duel = await duelOf(t, owner, main());
    const signedIn = await member(t);
    think(t);
    for (const thief of [visitor(t), visitor(t, owner.ip), signedIn]) {
      const res = await vote(t, thief, duel.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('DUEL_NOT_YOURS');
    }
    // The owner's visitor id sent along with a member's bearer: the member is the voter.
    const mixed = await vote(t, { ...signedIn, headers: { ...signedIn.headers, ...owner.headers } }, duel.token);
    expect(mixed.statusCode).toBe(403);
    expect(await votesOfDuel(t, claimsOf(duel.token).duelId)).toHaveLength(0);
    const own = await vote(t, owner, duel.token);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('binds a member’s duel to the member: it votes and stores user_id; the same token is not theirs as a visitor', async () => {
    const me = await member(t);
    const duel = await duelOf(t, me, main());
    expect(claimsOf(duel.token).voterKey).toBe(me.key);
    think(t);
    const asVisitor = await vote(t, visitor(t), duel.token);
    expect(asVisitor.statusCode).toBe(403);
    const res = await vote(t, me, duel.token);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await votesOfDuel(t, claimsOf(duel.token).duelId);
    expect(row).toMatchObject({ user_id: me.userId, voter_key: me.key, valid: true });
  });

  it('answers 401 to an expired or invalid bearer instead of treating the caller as a visitor', async () => {
    const me = await member(t);
    const [, payload] = me.headers.authorization!.slice(7).split('.');
    const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
    // Access tokens are checked against the real time (sessions are not on the test clock).
    const expired = (await t.sessions.signAccessToken(me.userId!, sid, Date.now() - (15 * 60 + 1) * 1000)).token;
    const v = visitor(t);
    for (const token of [expired, 'not.a.jwt', `${me.headers.authorization!.slice(7)}x`]) {
      // Even with a valid visitor id alongside: a member whose token went stale must refresh, not vote anonymously.
      const headers = { ...bearer(token), ...v.headers };
      const next = await t.inject({ method: 'GET', url: '/api/duels/next', headers, remoteAddress: v.ip });
      expect(next.statusCode, next.body).toBe(401);
      expect(next.json().code).toBe('UNAUTHORIZED');
      const res = await post(t, { ...v, headers }, { token: signed(v, t.clock.now() - 5_000), outcome: 'left' });
      expect(res.statusCode).toBe(401);
    }
    expect(await votesOfVoter(t, v.key)).toBe(0);
  });
});

describe('decision time', () => {
  it('tells the client the minimum in every duel it issues (VOTE_MIN_DECISION_MS, 700 by default), so it can hold a quick vote', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    expect(duel).toMatchObject({ minDecisionMs: 700 });
    t.clock.advance(700);
    const res = await vote(t, me, duel.token, 'left');
    expect(res.statusCode, res.body).toBe(200);
    // The next duel, brought by the vote's answer, says the same.
    expect(res.json<VoteResult>().next.duel).toMatchObject({ minDecisionMs: 700 });
  });

  it('refuses a vote 699 ms after the duel with 422 and stores nothing; at 700 ms the same token is taken and flagged fast', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    const { duelId } = claimsOf(duel.token);
    t.clock.advance(699);
    const tooFast = await post(t, me, { token: duel.token, outcome: 'right' }, { lang: 'en' });
    expect(tooFast.statusCode, tooFast.body).toBe(422);
    expect(tooFast.json()).toMatchObject({
      code: 'VOTE_TOO_FAST',
      message: 'Easy! Look at both jerseys before voting.',
    });
    const pt = await post(t, me, { token: duel.token, outcome: 'right' }, { lang: 'pt-BR' });
    expect(pt.statusCode).toBe(422);
    expect(await votesOfDuel(t, duelId)).toHaveLength(0);
    t.clock.advance(1);
    const res = await vote(t, me, duel.token, 'right');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
    const [row] = await votesOfDuel(t, duelId);
    // Under 2 s: kept and counted, flagged for moderators; the decision time is in the row.
    expect(row).toMatchObject({ outcome: 'right', fast: true, valid: true, decision_ms: 700 });
  });

  it('lets a skip through at once, and flags a vote at 1 999 ms but not one at 2 000 ms', async () => {
    const me = visitor(t);
    const duel = await duelOf(t, me, main());
    const skip = await post(t, me, { token: duel.token, outcome: 'skip', skipReason: 'cant_decide' });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().counted).toBe(false);
    expect((await votesOfDuel(t, claimsOf(duel.token).duelId))[0]).toMatchObject({ outcome: 'skip', fast: false });

    const [quick, slow] = [await duelOf(t, me, main()), await duelOf(t, me, main())];
    t.clock.advance(1_999);
    expect((await vote(t, me, quick.token, 'tie')).statusCode).toBe(200);
    t.clock.advance(1);
    const res = await vote(t, me, slow.token, 'tie');
    expect(res.statusCode, res.body).toBe(200);
    expect((await votesOfDuel(t, claimsOf(quick.token).duelId))[0]).toMatchObject({
      fast: true,
      valid: true,
      decision_ms: 1_999,
    });
    expect((await votesOfDuel(t, claimsOf(slow.token).duelId))[0]).toMatchObject({
      outcome: 'tie',
      fast: false,
      valid: true,
      decision_ms: 2_000,
    });
  });
});

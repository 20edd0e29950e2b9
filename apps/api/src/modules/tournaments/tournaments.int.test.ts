import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentDetail } from '@manto/contracts';
import pino from 'pino';
import { placement } from './bracket.ts';
import { TournamentRepository } from './repository.ts';
import { Rounds } from './rounds.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { randomUUID } from 'node:crypto';
import { DuelTokens } from '#modules/duels/duel-token.ts';
import { RankingRepository } from '#modules/rankings/index.ts';
import { type Client, claimsOf, duelOf, moderator, nextDuel, post, think, visitor } from '#test/duels.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { createTournament, detailOf, globalScores, hours, tournamentBody } from '#test/tournaments.ts';
import { onPostgres } from '#test/server-process.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = await moderator(t);
});
afterAll(async () => t?.close());

/** `n` jerseys of one fresh team, ranked by a global snapshot in the order returned (best first). */
async function rankedJerseys(n: number): Promise<string[]> {
  const seasons = Array.from({ length: n }, (_, i) => 1950 + i);
  const { jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons });
  const ids = jerseys.map((j) => j.id);
  // Scores fall with the index: ids[0] is the best seed.
  await globalScores(
    t,
    ids.map((id, i) => ({ id, score: 2000 - i * 10 })),
  );
  return ids;
}

/** Votes once in every open match of the tournament as `c`, the outcome picked per match. */
async function voteRound(c: Client, slug: string, pick: (left: string, right: string) => string) {
  for (;;) {
    const next = await nextDuel(t, c, `?tournament=${slug}`);
    if (!next.duel) return;
    think(t);
    const res = await post(t, c, { token: next.duel.token, outcome: pick(next.duel.left.id, next.duel.right.id) });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** "left"/"right" for the side showing `winner`, or `other` when neither does. */
const favour =
  (winner: string, other = 'tie') =>
  (left: string, right: string) =>
    left === winner ? 'left' : right === winner ? 'right' : other;

/** Moves an app's test clock forward to `ms`. */
const setClock = (app: TestApp, ms: number) => app.clock.advance(ms - app.clock.now());

const matchOf = (d: TournamentDetail, round: number, slot: number) =>
  d.rounds.find((r) => r.round === round)!.matches.find((m) => m.slot === slot)!;

describe('drawing the bracket', () => {
  it.each([4, 8, 16, 32, 64])('seeds %i entrants by the global ranking with standard placement', async (size) => {
    // A pool one larger than the size: the worst-ranked jersey (and an unranked one) stay out.
    const ids = await rankedJerseys(size + 1);
    const preview = await t.inject({
      method: 'POST',
      url: '/api/manage/tournaments/preview',
      headers: auth,
      payload: { size, pool: { kind: 'hand', jerseyIds: ids } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const order = placement(size);
    const expected = Array.from({ length: size / 2 }, (_, slot) => {
      const [x, y] = [order[2 * slot]!, order[2 * slot + 1]!].sort((p, q) => p - q) as [number, number];
      return [`${x}:${ids[x - 1]}`, `${y}:${ids[y - 1]}`];
    });
    const seen = (
      pairs: { a: { seed: number; jersey: { id: string } }; b: { seed: number; jersey: { id: string } } }[],
    ) => pairs.map((p) => [`${p.a.seed}:${p.a.jersey.id}`, `${p.b.seed}:${p.b.jersey.id}`]);
    expect(preview.json().poolCount).toBe(size + 1);
    expect(seen(preview.json().firstRound)).toEqual(expected);

    // Drawn at the start by the round job: the same pairs, frozen.
    const created = await createTournament(t, auth, tournamentBody(t, ids, { size }));
    await t.runTournaments();
    const detail = await detailOf(t, created.slug);
    expect(detail.status).toBe('ongoing');
    expect(detail.currentRound).toBe(1);
    expect(seen(detail.rounds[0]!.matches)).toEqual(expected);
    expect(detail.topSeeds.map((j) => j.id)).toEqual(ids.slice(0, 4));
  });

  it('puts unranked jerseys after ranked ones, ordered by id', async () => {
    const ranked = await rankedJerseys(2);
    const { jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Away'], seasons: [1990, 1991] });
    const unranked = jerseys.map((j) => j.id).sort();
    const res = await t.inject({
      method: 'POST',
      url: '/api/manage/tournaments/preview',
      headers: auth,
      payload: { size: 4, pool: { kind: 'hand', jerseyIds: [...unranked, ...ranked] } },
    });
    const [first, second] = res.json().firstRound;
    expect([first.a.jersey.id, first.b.jersey.id, second.a.jersey.id, second.b.jersey.id]).toEqual([
      ranked[0],
      unranked[1],
      ranked[1],
      unranked[0],
    ]);
  });

  it('evaluates a rule pool on active jerseys only', async () => {
    const { jerseys, teams } = await seedCatalogue(t.db, { teams: 2, models: ['Home'], seasons: [2001, 2002, 2003] });
    const off = jerseys.find((j) => j.season === 2003)!;
    const deactivated = await t.inject({
      method: 'PATCH',
      url: `/api/manage/jerseys/${off.id}/active`,
      headers: auth,
      payload: { active: false },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const res = await t.inject({
      method: 'POST',
      url: '/api/manage/tournaments/preview',
      headers: auth,
      payload: { size: 4, pool: { kind: 'rule', teamIds: teams.map((x) => x.id), seasonFrom: 2002 } },
    });
    const active = jerseys.filter((j) => j.season >= 2002).length - 1;
    expect(res.json().poolCount).toBe(active);
  });
});

describe('validation', () => {
  it('refuses every rule with a localised message on its field', async () => {
    const ids = await rankedJerseys(4);
    const send = (payload: Record<string, unknown>, lang = 'pt') =>
      t.inject({
        method: 'POST',
        url: '/api/manage/tournaments',
        headers: { ...auth, 'accept-language': lang },
        payload,
      });
    const base = tournamentBody(t, ids);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, namePt: ' ' }, 'namePt', 'O nome do torneio é obrigatório.'],
      [{ ...base, size: 6 }, 'size', 'O tamanho deve ser 4, 8, 16, 32 ou 64 camisas.'],
      [
        { ...base, size: 8 },
        'size',
        'O grupo tem só 4 camisas ativas: escolha um tamanho menor ou amplie o grupo.',
      ],
      [
        { ...base, startsAt: new Date(t.clock.now() - hours(1)).toISOString() },
        'startsAt',
        'O início não pode estar no passado.',
      ],
      [{ ...base, roundHours: 0 }, 'roundHours', 'Cada rodada dura de 1 hora a 14 dias (336 horas).'],
      [{ ...base, roundHours: 337 }, 'roundHours', 'Cada rodada dura de 1 hora a 14 dias (336 horas).'],
      [{ ...base, pool: { kind: 'hand', jerseyIds: [] } }, 'pool.jerseyIds', 'Escolha ao menos uma camisa.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[field], field).toBe(message);
    }
    const en = await send({ ...base, size: 8 }, 'en');
    expect(en.json().details.size).toBe(
      'The pool holds only 4 active jerseys: choose a smaller size or widen the pool.',
    );
    expect(await t.count('tournaments')).toBeGreaterThanOrEqual(0);
  });

  it('keeps a started bracket frozen: texts may change, the bracket and deletion may not', async () => {
    const ids = await rankedJerseys(4);
    const body = tournamentBody(t, ids, { startsAt: new Date(t.clock.now() + hours(2)).toISOString() });
    const created = await createTournament(t, auth, body);
    expect(created.status).toBe('upcoming');
    // Upcoming: everything may change.
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/manage/tournaments/${created.id}`,
      headers: auth,
      payload: { ...body, roundHours: 48 },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    t.clock.advance(hours(2));
    await t.runTournaments();
    const put = (payload: Record<string, unknown>) =>
      t.inject({ method: 'PUT', url: `/api/manage/tournaments/${created.id}`, headers: auth, payload });
    const frozen = await put({ ...body, roundHours: 24 });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('TOURNAMENT_STARTED');
    const renamed = await put({ ...body, roundHours: 48, nameEn: 'Renamed Cup', descriptionPt: 'Agora sim.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ nameEn: 'Renamed Cup', descriptionPt: 'Agora sim.', status: 'ongoing' });
    const removed = await t.inject({ method: 'DELETE', url: `/api/manage/tournaments/${created.id}`, headers: auth });
    expect(removed.statusCode).toBe(409);

    // A jersey that played cannot be deleted, like a voted one.
    const del = await t.inject({ method: 'DELETE', url: `/api/manage/jerseys/${ids[3]}`, headers: auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('IN_TOURNAMENT');
  });

  it('deletes an upcoming tournament', async () => {
    const ids = await rankedJerseys(4);
    const created = await createTournament(
      t,
      auth,
      tournamentBody(t, ids, { startsAt: new Date(t.clock.now() + hours(1)).toISOString() }),
    );
    const res = await t.inject({ method: 'DELETE', url: `/api/manage/tournaments/${created.id}`, headers: auth });
    expect(res.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/api/tournaments/${created.slug}` })).statusCode).toBe(404);
  });

  it('is for moderators and admins only', async () => {
    const member = await t.userWithRoles([]);
    const res = await t.inject({ method: 'GET', url: '/api/manage/tournaments', headers: bearer(member.accessToken) });
    expect(res.statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/manage/tournaments', payload: {} })).statusCode).toBe(401);
  });
});

describe('status, derived at the edges of each date', () => {
  it('is upcoming before the start, ongoing from it, completed once the final is decided — everywhere', async () => {
    const ids = await rankedJerseys(4);
    const start = t.clock.now() + hours(5);
    const created = await createTournament(
      t,
      auth,
      tournamentBody(t, ids, { startsAt: new Date(start).toISOString(), roundHours: 1 }),
    );
    const statusEverywhere = async () => {
      const detail = await detailOf(t, created.slug);
      const lists = await Promise.all(
        (['upcoming', 'ongoing', 'completed'] as const).map(async (status) => {
          const res = await t.inject({ method: 'GET', url: `/api/tournaments?status=${status}&pageSize=100` });
          return res.json().items.some((i: { id: string }) => i.id === created.id) ? status : null;
        }),
      );
      const manage = await t.inject({
        method: 'GET',
        url: `/api/manage/tournaments?search=${encodeURIComponent(created.namePt)}`,
        headers: auth,
      });
      expect(lists.filter(Boolean)).toEqual([detail.status]);
      expect(manage.json().items[0].status).toBe(detail.status);
      return detail;
    };
    const dashboard = async () =>
      (await t.inject({ method: 'GET', url: '/api/manage/dashboard', headers: auth })).json().tournaments;

    const before = await dashboard();
    setClock(t, start - 1);
    await t.runTournaments();
    expect((await statusEverywhere()).status).toBe('upcoming');
    expect((await statusEverywhere()).preview).toHaveLength(2);

    setClock(t, start);
    expect((await statusEverywhere()).status).toBe('ongoing');
    const during = await dashboard();
    expect(during.ongoing).toBe(before.ongoing + 1);
    expect(during.upcoming).toBe(before.upcoming - 1);
    await t.runTournaments();
    expect((await statusEverywhere()).currentRound).toBe(1);

    // Round 1 ends at start + 1 h, the final at start + 2 h.
    setClock(t, start + hours(2) - 1);
    await t.runTournaments();
    const semi = await statusEverywhere();
    expect(semi).toMatchObject({ status: 'ongoing', currentRound: 2 });
    expect(semi.roundClosesAt).toBe(new Date(start + hours(2)).toISOString());
    setClock(t, start + hours(2));
    await t.runTournaments();
    const done = await statusEverywhere();
    expect(done).toMatchObject({ status: 'completed', currentRound: null });
    expect(done.champion?.id).toBe(ids[0]);
    expect((await dashboard()).completed).toBe(before.completed + 1);
  });
});

describe('closing a round', () => {
  let ids: string[];
  let slug: string;
  let id: string;
  let start: number;

  beforeAll(async () => {
    ids = await rankedJerseys(4);
    start = t.clock.now();
    const created = await createTournament(t, auth, tournamentBody(t, ids));
    ({ slug, id } = created);
    await t.runTournaments();
  });

  it('decides by valid votes, ties counting half, draws for the better seed; hides the split while open', async () => {
    const [s1, s2, s3, s4] = ids as [string, string, string, string];
    // Slot 0 is seed 1 v seed 4, slot 1 seed 2 v seed 3.
    await voteRound(visitor(t), slug, (l, r) => (l === s4 || r === s4 ? favour(s4)(l, r) : favour(s2)(l, r)));
    await voteRound(visitor(t), slug, (l, r) => (l === s4 || r === s4 ? favour(s4)(l, r) : favour(s3)(l, r)));
    await voteRound(visitor(t), slug, (l, r) => (l === s1 || r === s1 ? favour(s1)(l, r) : 'tie'));
    await voteRound(visitor(t), slug, () => 'skip');

    const open = await detailOf(t, slug);
    expect(matchOf(open, 1, 0)).toMatchObject({
      winnerId: null,
      votes: null,
      a: { points: null },
      b: { points: null },
    });

    setClock(t, start + hours(24));
    await t.runTournaments();
    const closed = await detailOf(t, slug);
    expect(matchOf(closed, 1, 0)).toMatchObject({
      winnerId: s4,
      decidedBy: 'votes',
      votes: 3,
      a: { seed: 1, points: 1 },
      b: { seed: 4, points: 2 },
    });
    expect(matchOf(closed, 1, 1)).toMatchObject({
      winnerId: s2,
      decidedBy: 'draw',
      votes: 3,
      a: { seed: 2, points: 1.5 },
      b: { seed: 3, points: 1.5 },
    });
    // The final: seed 2 against seed 4, open for one duration from the planned end of round 1.
    expect(closed.rounds[0]!.closedAt).toBe(new Date(start + hours(24)).toISOString());
    expect(closed.rounds[1]).toMatchObject({
      round: 2,
      opensAt: new Date(start + hours(24)).toISOString(),
      closesAt: new Date(start + hours(48)).toISOString(),
    });
    expect(matchOf(closed, 2, 0)).toMatchObject({
      a: { seed: 2, jersey: { id: s2 } },
      b: { seed: 4, jersey: { id: s4 } },
    });

    // Run again: nothing changes.
    await t.runTournaments();
    expect(await detailOf(t, slug)).toEqual(closed);
  });

  it("counts tournament votes in the global ranking's input", async () => {
    const counted = await new RankingRepository(t.db).countedVotes(null);
    const s4Wins = counted
      .filter((v) => (v.outcome === 'left' && v.left_id === ids[3]) || (v.outcome === 'right' && v.right_id === ids[3]))
      .reduce((sum, v) => sum + v.n, 0);
    expect(s4Wins).toBe(2);
  });

  it('refuses a vote once the round time is up, before the job closes it, and decides a voteless final by seed', async () => {
    const c = visitor(t);
    setClock(t, start + hours(48) - 5_000);
    const duel = await duelOf(t, c, `?tournament=${slug}`);
    setClock(t, start + hours(48) + 1);
    const late = await post(t, c, { token: duel.token, outcome: 'left' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('MATCH_CLOSED');
    const after = await nextDuel(t, c, `?tournament=${slug}`);
    expect(after.duel).toBeNull();

    await t.runTournaments();
    const done = await detailOf(t, slug);
    expect(done.status).toBe('completed');
    expect(matchOf(done, 2, 0)).toMatchObject({ winnerId: ids[1], decidedBy: 'no_votes', votes: 0 });
    expect(done.champion?.id).toBe(ids[1]);

    const path = await t.inject({ method: 'GET', url: `/api/tournaments/jerseys/${ids[3]}` });
    expect(path.json()).toEqual([
      expect.objectContaining({ slug, result: 'eliminated', reachedRound: 2, seed: 4, status: 'completed' }),
    ]);
    const champion = await t.inject({ method: 'GET', url: `/api/tournaments/jerseys/${ids[1]}` });
    expect(champion.json()[0]).toMatchObject({ result: 'champion', reachedRound: 2 });
    const closeAgain = await t.inject({
      method: 'POST',
      url: `/api/manage/tournaments/${id}/close-round`,
      headers: auth,
      payload: { round: 2 },
    });
    expect(closeAgain.statusCode).toBe(409);
    expect(closeAgain.json().code).toBe('NO_OPEN_ROUND');
  });
});

describe('voting in a match', () => {
  it('takes one answer per voter per match, and moves on when an organiser closes the round early', async () => {
    const ids = await rankedJerseys(8);
    const created = await createTournament(t, auth, tournamentBody(t, ids, { size: 8, roundHours: 2 }));
    await t.runTournaments();
    const c = visitor(t);
    const first = await nextDuel(t, c, `?tournament=${created.slug}`);
    expect(first.duel).not.toBeNull();
    expect((first as unknown as { scope: { tournament: unknown } }).scope.tournament).toMatchObject({
      slug: created.slug,
      round: 1,
      openMatches: 4,
      answeredMatches: 0,
    });
    think(t);
    const res = await post(t, c, { token: first.duel!.token, outcome: 'left' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().crowd).toBeNull();
    expect(res.json().next.scope.tournament.answeredMatches).toBe(1);

    // A duel fetched before the early close is refused after it; the next duel is in round 2.
    const pending = await duelOf(t, c, `?tournament=${created.slug}`);
    const close = await t.inject({
      method: 'POST',
      url: `/api/manage/tournaments/${created.id}/close-round`,
      headers: auth,
      payload: { round: 1 },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toMatchObject({ currentRound: 2 });
    expect(close.json().roundClosesAt).toBe(new Date(t.clock.now() + hours(2)).toISOString());
    think(t);
    const refused = await post(t, c, { token: pending.token, outcome: 'left' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MATCH_CLOSED');
    const next = await nextDuel(t, c, `?tournament=${created.slug}`);
    expect(
      (next as unknown as { scope: { tournament: { round: number; openMatches: number } } }).scope.tournament,
    ).toMatchObject({
      round: 2,
      openMatches: 2,
    });
    const detail = await detailOf(t, created.slug);
    expect(detail.rounds[0]!.matches.every((m) => m.winnerId !== null)).toBe(true);
  });

  it('refuses a second answer to one match from the same voter, even through a fresh duel id', async () => {
    const ids = await rankedJerseys(4);
    const created = await createTournament(t, auth, tournamentBody(t, ids));
    await t.runTournaments();
    const c = visitor(t);
    const duel = await duelOf(t, c, `?tournament=${created.slug}`);
    think(t);
    expect((await post(t, c, { token: duel.token, outcome: 'left' })).statusCode).toBe(200);
    // A token the server signs for the same pair and scope but a new duel id (two tabs opened at once).
    const claims = claimsOf(duel.token);
    const count = await t.count('votes');
    const twin = new DuelTokens(t.config.jwtSecret, 600_000).sign({
      ...claims,
      duelId: randomUUID(),
      issuedAt: t.clock.now() - 5_000,
    });
    const res = await post(t, c, { token: twin, outcome: 'right' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DUEL_ALREADY_ANSWERED');
    expect(await t.count('votes')).toBe(count);
  });
});

describe('"close round now" racing another close (issue 27)', () => {
  const closeRound = (app: TestApp, id: string, payload: unknown, lang = 'pt') =>
    app.inject({
      method: 'POST',
      url: `/api/manage/tournaments/${id}/close-round`,
      headers: { ...auth, 'accept-language': lang },
      payload: payload as Record<string, unknown>,
    });

  it('names the round it closes: a missing or malformed round is a 400 on the field', async () => {
    const ids = await rankedJerseys(4);
    const created = await createTournament(t, auth, tournamentBody(t, ids));
    await t.runTournaments();
    for (const payload of [{}, { round: 'um' }, { round: 0 }, { round: 7 }, { round: 1, extra: true }]) {
      const res = await closeRound(t, created.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await detailOf(t, created.slug)).currentRound).toBe(1);
  });

  it('two requests for one round sent together: one closes it, the other is a 409 and the next round keeps its full time', async () => {
    const ids = await rankedJerseys(8);
    const created = await createTournament(t, auth, tournamentBody(t, ids, { size: 8, roundHours: 2 }));
    await t.runTournaments();
    const closedAt = t.clock.now();
    const answers = await Promise.all([
      closeRound(t, created.id, { round: 1 }),
      closeRound(t, created.id, { round: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'ROUND_NOT_OPEN',
      message:
        'A rodada 1 não está mais aberta: ela já foi encerrada (por outra pessoa ou no horário previsto). Nada foi alterado; confira a rodada atual antes de encerrar de novo.',
    });
    const detail = await detailOf(t, created.slug);
    // Round 2 (the semi-finals) is open, undecided, for its whole duration; no final was drawn.
    expect(detail.rounds.map((r) => [r.round, r.matches.length, r.closedAt !== null])).toEqual([
      [1, 4, true],
      [2, 2, false],
    ]);
    expect(detail.rounds[1]).toMatchObject({
      opensAt: new Date(closedAt).toISOString(),
      closesAt: new Date(closedAt + hours(2)).toISOString(),
    });
    expect(detail.rounds[1]!.matches.every((m) => m.winnerId === null)).toBe(true);

    // In English too; and the round that is open now can still be closed by name.
    const en = await closeRound(t, created.id, { round: 1 }, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      'Round 1 is no longer open: it has already been closed (by someone else or at its planned end). Nothing was changed; check the current round before closing again.',
    );
    const semi = await closeRound(t, created.id, { round: 2 });
    expect(semi.statusCode, semi.body).toBe(200);
    expect(semi.json().currentRound).toBe(3);
  });

  it.each(['the job first', 'the request first'])(
    'the scheduled close and a manual close of one round together (%s): exactly one closes it',
    async (first) => {
      const ids = await rankedJerseys(8);
      const created = await createTournament(t, auth, tournamentBody(t, ids, { size: 8, roundHours: 1 }));
      await t.runTournaments();
      const start = t.clock.now();
      // Round 1's planned end has passed: the job is due to close it, and an organiser asks for it too.
      setClock(t, start + hours(1) + 1_000);
      // The job's step for this tournament (what TournamentJob runs for each due one, lease aside).
      const job = () =>
        new Rounds(new TournamentRepository(t.db), pino({ level: 'silent' })).advance(
          created.id,
          new Date(t.clock.now()),
        );
      const manual = () => closeRound(t, created.id, { round: 1 });
      const [advanced, answer] =
        first === 'the job first'
          ? await Promise.all([job(), manual()])
          : await Promise.all([manual(), job()]).then(([a, j]) => [j, a] as const);
      const manualClosed = answer.statusCode === 200;
      if (!manualClosed) expect(answer.json().code).toBe('ROUND_NOT_OPEN');
      // The job's step changed the tournament exactly when the request did not.
      expect(advanced).toBe(!manualClosed);
      const detail = await detailOf(t, created.slug);
      expect(detail.rounds.map((r) => [r.round, r.closedAt])).toEqual([
        [1, new Date(start + hours(1)).toISOString()],
        [2, null],
      ]);
      // Round 2 runs from round 1's planned end for one full duration.
      expect(detail.rounds[1]!.closesAt).toBe(new Date(start + hours(2)).toISOString());
    },
  );
});

describe('a jersey taken out mid-tournament', () => {
  it('keeps its place in the bracket and its match', async () => {
    const ids = await rankedJerseys(4);
    const created = await createTournament(t, auth, tournamentBody(t, ids));
    await t.runTournaments();
    const off = await t.inject({
      method: 'PATCH',
      url: `/api/manage/jerseys/${ids[0]}/active`,
      headers: auth,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const detail = await detailOf(t, created.slug);
    expect(matchOf(detail, 1, 0).a).toMatchObject({ seed: 1, jersey: { id: ids[0], active: false } });
    const next = await nextDuel(t, visitor(t), `?tournament=${created.slug}`);
    expect((next as unknown as { scope: { tournament: { openMatches: number } } }).scope.tournament.openMatches).toBe(
      2,
    );
  });
});

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({}, { databaseUrl: t.config.databaseUrl });
  });
  afterAll(async () => b?.close());

  it('close each round exactly once', async () => {
    const ids = await rankedJerseys(8);
    const created = await createTournament(t, auth, tournamentBody(t, ids, { size: 8, roundHours: 1 }));
    await t.runTournaments();
    const c = visitor(t);
    await voteRound(c, created.slug, (l) => (l === ids[7] || l === ids[6] ? 'left' : 'right'));
    // Past the end of round 1, both processes close it at once, twice each, without the job's lease:
    // the tournament's row lock alone makes one of them do it.
    const end = new Date(t.clock.now() + hours(1));
    const log = pino({ level: 'silent' });
    const changed = await Promise.all(
      [t, b, t, b].map((app) => new Rounds(new TournamentRepository(app.db), log).advance(created.id, end)),
    );
    expect(changed.filter(Boolean)).toHaveLength(1);
    // And through the job in each process.
    for (const app of [t, b]) setClock(app, end.getTime());
    await Promise.all([t.runTournaments(), b.runTournaments()]);
    const detail = await detailOf(t, created.slug);
    expect(detail.rounds.map((r) => r.matches.length)).toEqual([4, 2]);
    expect(detail.rounds[0]!.matches.every((m) => m.votes === 1)).toBe(true);
    expect(detail.rounds[1]!.closedAt).toBeNull();
  });
});

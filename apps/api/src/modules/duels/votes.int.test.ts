/**
 * Votes as a client sees them (ranking.md §1, §2, §5, §6; security.md 16, 17, 21): forged, expired,
 * replayed and stolen duel tokens, decision time, rate limits (in memory and shared through Redis),
 * the daily cap, skips, pair selection and catalogue edits against votes. Runs on PGlite and PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { queryRows } from '#db/client.ts';
import { countedScopes } from '#modules/rankings/scopes.ts';
import { type DuelClaims, DuelTokens } from './duel-token.ts';
import { REDIS_URL, redisReachable } from '#test/redis.ts';

const TTL_MS = 600_000;
/** Comfortably above the default VOTE_MIN_DECISION_MS (700). */
const THINK_MS = 750;
/** The Redis the shared-limit tests use (skipped when it does not answer). */

// ————————————————————————————————————————————— helpers —————————————————————————————————————————————

/** Who calls: headers (voter id or bearer), the client IP and the voter key the server binds into tokens. */
interface Client {
  headers: Record<string, string>;
  ip: string;
  key: string;
  userId?: string;
}

const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

function visitor(ip = randomIp()): Client {
  const id = randomUUID();
  return { headers: { 'x-voter-id': id }, ip, key: `v:${id}` };
}

async function member(app: TestApp): Promise<Client> {
  const user = await app.userWithRoles([]);
  return { headers: bearer(user.accessToken), ip: randomIp(), key: `u:${user.id}`, userId: user.id };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface DuelSide {
  id: string;
  rating: number;
}
interface NextDuelBody {
  duel: { token: string; left: DuelSide; right: DuelSide; expiresAt: string } | null;
  jerseysCount: number;
}

async function nextDuel(app: TestApp, c: Client, query = ''): Promise<NextDuelBody> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/duels/next${query}`,
    headers: c.headers,
    remoteAddress: c.ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A duel that must exist. */
async function duelOf(app: TestApp, c: Client, query = '') {
  const body = await nextDuel(app, c, query);
  expect(body.duel).not.toBeNull();
  return body.duel!;
}

function post(
  app: TestApp,
  c: Client,
  payload: Record<string, unknown>,
  extra: { lang?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/duels/votes',
    headers: { ...c.headers, ...extra.headers, ...(extra.lang ? { 'accept-language': extra.lang } : {}) },
    remoteAddress: c.ip,
    payload,
  });
}

const vote = (app: TestApp, c: Client, token: string, outcome = 'left') => post(app, c, { token, outcome });

function claimsOf(token: string): DuelClaims {
  const [duelId, left, right, scope, voterKey, issuedAt] = JSON.parse(
    Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'),
  ) as [string, string, string, string, string, number];
  return { duelId, left, right, scope, voterKey, issuedAt };
}

/** The claims re-encoded as the server does, keeping the original signature (an edited token). */
function edited(token: string, change: Partial<DuelClaims>): string {
  const c = { ...claimsOf(token), ...change };
  const body = Buffer.from(JSON.stringify([c.duelId, c.left, c.right, c.scope, c.voterKey, c.issuedAt])).toString(
    'base64url',
  );
  return `${body}.${token.slice(token.indexOf('.') + 1)}`;
}

const rows = <T>(app: TestApp, query: SQL) => queryRows<T>(app.db, query);

interface VoteRow {
  duel_id: string;
  outcome: string;
  skip_reason: string | null;
  voter_key: string;
  user_id: string | null;
  fast: boolean;
  valid: boolean;
  invalid_reason: string | null;
  decision_ms: number;
}
const votesOfDuel = (app: TestApp, duelId: string) =>
  rows<VoteRow>(
    app,
    sql`select duel_id, outcome, skip_reason, voter_key, user_id, fast, valid, invalid_reason,
          (extract(epoch from answered_at - issued_at) * 1000)::float8 as decision_ms
        from votes where duel_id = ${duelId}`,
  );
const votesOfVoter = async (app: TestApp, key: string) =>
  (await rows<{ n: number }>(app, sql`select count(*)::int as n from votes where voter_key = ${key}`))[0]!.n;

interface RatingRow {
  scope: string;
  jersey_id: string;
  rating: number;
  games: number;
}
const ratingsOf = async (app: TestApp, ids: string[]) =>
  (
    await rows<RatingRow>(
      app,
      sql`select scope, jersey_id::text, rating, games from live_ratings
          where jersey_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by scope, jersey_id`,
    )
  ).map((r) => ({ ...r, rating: Number(r.rating), games: Number(r.games) }));

const pairOf = async (app: TestApp, a: string, b: string) => {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await rows<{ low_wins: number; high_wins: number; ties: number }>(
    app,
    sql`select low_wins, high_wins, ties from pair_stats where low_id = ${low} and high_id = ${high}`,
  );
  return row ?? null;
};

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

async function moderator(app: TestApp) {
  return bearer((await app.userWithRoles(['Moderator'])).accessToken);
}

// ——————————————————————————————————— the main app: default decision time ———————————————————————————————————

type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;
let t: TestApp;
let tokens: DuelTokens;
let catalogue: Catalogue;
/** Small catalogues of their own per test, one team each (so `?team=` is the scope under test). */
const one = {} as Record<
  'replay' | 'four' | 'active' | 'solo' | 'voted' | 'unvoted' | 'gone' | 'other' | 'busy',
  Catalogue
>;
beforeAll(async () => {
  // Default VOTE_MIN_DECISION_MS (700); the rate is raised so the replay storm is not cut by the limiter.
  t = await createTestApp({ VOTE_RATE_PER_MINUTE: '1000' });
  tokens = new DuelTokens(t.config.jwtSecret, TTL_MS);
  // Seeded straight into the database before the first request, so the duel pool's first load sees them
  // (the pool only reloads on its own after 15 s or a catalogue edit through the API).
  catalogue = await seedCatalogue(t.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021, 2022] });
  const seasons = { replay: 2, four: 4, active: 4, solo: 1, voted: 3, unvoted: 1, gone: 2, other: 2, busy: 2 };
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

/** A token the app itself would have issued, for claims a client cannot produce in real time. */
function signed(c: Client, issuedAt: number, pair = [catalogue.jerseys[0]!.id, catalogue.jerseys[1]!.id]) {
  return tokens.sign({
    duelId: randomUUID(),
    left: pair[0]!,
    right: pair[1]!,
    scope: 'global',
    voterKey: c.key,
    issuedAt,
  });
}

describe('duel tokens', () => {
  it('refuses edited, foreign and garbage tokens with 400 INVALID_DUEL and stores nothing', async () => {
    const me = visitor();
    const duel = await duelOf(t, me, main());
    const claims = claimsOf(duel.token);
    const other = catalogue.jerseys.find((j) => j.id !== claims.left && j.id !== claims.right)!;
    const before = await t.count('votes');
    const past = t.clock.now() - 5_000;
    const someoneElse = visitor();
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
    t.clock.advance(THINK_MS);
    expect((await vote(t, me, duel.token)).statusCode).toBe(200);
  });

  it('answers 410 DUEL_EXPIRED after the 10-minute TTL, and accepts the same claims just inside it', async () => {
    const me = visitor();
    const before = await t.count('votes');
    const expired = await vote(t, me, signed(me, t.clock.now() - 601_000));
    expect(expired.statusCode, expired.body).toBe(410);
    expect(expired.json().code).toBe('DUEL_EXPIRED');
    expect(await t.count('votes')).toBe(before);
    const fresh = await vote(t, me, signed(me, t.clock.now() - 590_000));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await t.count('votes')).toBe(before + 1);
  });

  it('takes exactly one of 100 parallel submissions of one token; the rest are 409 and change nothing', async () => {
    const replay = one.replay;
    const me = visitor();
    const duel = await duelOf(t, me, `?team=${replay.teams[0]!.slug}`);
    const { duelId, left, right } = claimsOf(duel.token);
    t.clock.advance(THINK_MS);
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
    const pair = await pairOf(t, left, right);
    expect(pair!.low_wins + pair!.high_wins + pair!.ties).toBe(1);
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
    const owner = visitor();
    const duel = await duelOf(t, owner, main());
    const signedIn = await member(t);
    t.clock.advance(THINK_MS);
    for (const thief of [visitor(), visitor(owner.ip), signedIn]) {
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
    t.clock.advance(THINK_MS);
    const asVisitor = await vote(t, visitor(), duel.token);
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
    const expired = (await t.sessions.signAccessToken(me.userId!, sid, Date.now() - (15 * 60 + 1) * 1000)).token;
    const v = visitor();
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
  it('refuses a vote faster than 700 ms with 422 and stores nothing; the same token later is taken and flagged fast', async () => {
    const me = visitor();
    const duel = await duelOf(t, me, main());
    const { duelId } = claimsOf(duel.token);
    const tooFast = await post(t, me, { token: duel.token, outcome: 'right' }, { lang: 'en' });
    expect(tooFast.statusCode, tooFast.body).toBe(422);
    expect(tooFast.json()).toMatchObject({
      code: 'VOTE_TOO_FAST',
      message: 'Easy! Look at both jerseys before voting.',
    });
    expect(await votesOfDuel(t, duelId)).toHaveLength(0);
    t.clock.advance(THINK_MS);
    const res = await vote(t, me, duel.token, 'right');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
    const [row] = await votesOfDuel(t, duelId);
    // Between 0.7 and 2 s: kept and counted, flagged for moderators; the decision time is in the row.
    expect(row).toMatchObject({ outcome: 'right', fast: true, valid: true });
    expect(row!.decision_ms).toBeGreaterThanOrEqual(700);
    expect(row!.decision_ms).toBeLessThan(2_000);
  });

  it('lets a skip through at once, and does not flag a vote that took longer than 2 s', async () => {
    const me = visitor();
    const duel = await duelOf(t, me, main());
    const skip = await post(t, me, { token: duel.token, outcome: 'skip', skipReason: 'cant_decide' });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().counted).toBe(false);
    expect((await votesOfDuel(t, claimsOf(duel.token).duelId))[0]).toMatchObject({ outcome: 'skip', fast: false });

    const slow = signed(me, t.clock.now() - 3_000);
    const res = await vote(t, me, slow, 'tie');
    expect(res.statusCode, res.body).toBe(200);
    expect((await votesOfDuel(t, claimsOf(slow).duelId))[0]).toMatchObject({
      outcome: 'tie',
      fast: false,
      valid: true,
    });
  });
});

describe('skips and outcomes', () => {
  it('stores a skip with its reason, does not count it and leaves every rating and the crowd tally alone', async () => {
    const me = visitor();
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
    const me = visitor();
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
    const me = visitor();
    let current = await nextDuel(t, me, query);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      expect(current.jerseysCount).toBe(4);
      const duel = current.duel!;
      seen.push(pairKey(duel.left.id, duel.right.id));
      t.clock.advance(THINK_MS);
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
    expect((await nextDuel(t, visitor(), query)).jerseysCount).toBe(4);
    const [off, ...rest] = four.jerseys;
    expect((await setActive(off!.id, false)).statusCode).toBe(200);
    for (let i = 0; i < 40; i++) {
      const d = await nextDuel(t, visitor(), query);
      expect(d.jerseysCount).toBe(3);
      expect([d.duel!.left.id, d.duel!.right.id]).not.toContain(off!.id);
    }
    for (let i = 0; i < 20; i++) {
      const d = await nextDuel(t, visitor());
      expect([d.duel!.left.id, d.duel!.right.id]).not.toContain(off!.id);
    }
    expect((await setActive(rest[0]!.id, false)).statusCode).toBe(200);
    expect((await setActive(rest[1]!.id, false)).statusCode).toBe(200);
    const lonely = await nextDuel(t, visitor(), query);
    expect(lonely).toMatchObject({ duel: null, jerseysCount: 1 });
    // Reactivated, it is drawn again.
    expect((await setActive(off!.id, true)).statusCode).toBe(200);
    const back = await nextDuel(t, visitor(), query);
    expect(back.jerseysCount).toBe(2);
    expect([back.duel!.left.id, back.duel!.right.id].sort()).toEqual([off!.id, rest[2]!.id].sort());
  });

  it('answers 200 with no duel for a one-jersey scope, and 400 to ?model without ?team', async () => {
    const solo = one.solo;
    const body = await nextDuel(t, visitor(), `?team=${solo.teams[0]!.slug}&model=${solo.models[0]!.slug}`);
    expect(body).toMatchObject({ duel: null, jerseysCount: 1 });
    const me = visitor();
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
    const me = visitor();
    const first = await duelOf(t, me, query);
    t.clock.advance(THINK_MS);
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
      message: 'Cannot delete: this jersey has 2 vote(s). Deactivate it to take it out of duels and rankings.',
    });
    const pt = await remove(twice, 'pt-BR');
    expect(pt.json().message).toBe(
      'Não é possível excluir: esta camisa já recebeu 2 voto(s). Desative-a para tirá-la dos duelos e rankings.',
    );
    const unvoted = one.unvoted;
    expect((await remove(unvoted.jerseys[0]!.id, 'en')).statusCode).toBe(204);
    expect((await remove(unvoted.jerseys[0]!.id, 'en')).statusCode).toBe(404);
  });

  it('answers 410 DUEL_EXPIRED to a vote on a duel whose jersey was deleted after it was issued', async () => {
    const gone = one.gone;
    const me = visitor();
    const duel = await duelOf(t, me, `?team=${gone.teams[0]!.slug}`);
    const mod = await moderator(t);
    const del = await t.inject({ method: 'DELETE', url: `/api/manage/jerseys/${duel.left.id}`, headers: mod });
    expect(del.statusCode).toBe(204);
    t.clock.advance(THINK_MS);
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
    const voters = Array.from({ length: 200 }, () => visitor());
    const duels = await Promise.all(voters.map((v) => duelOf(t, v, query)));
    t.clock.advance(THINK_MS);
    const answers = await Promise.all(voters.map((v, i) => vote(t, v, duels[i]!.token, i % 3 ? 'left' : 'right')));
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().code}`);
    expect(failed).toEqual([]);
  });
});

describe('invariants after all of the above', () => {
  it('per scope, live_ratings games sum to 2 × counted votes; pair tallies sum to the counted votes', async () => {
    // Counted when stored: every non-skip vote but those over the daily cap (a later outlier flag sets
    // valid = false for the official ranking but leaves the live Elo it moved).
    const counted = await rows<{ left_team: string; left_model: string; right_team: string; right_model: string }>(
      t,
      sql`select l.team_id::text as left_team, l.model_id::text as left_model,
                 r.team_id::text as right_team, r.model_id::text as right_model
            from votes v join jerseys l on l.id = v.left_id join jerseys r on r.id = v.right_id
           where v.outcome <> 'skip' and (v.valid or v.invalid_reason <> 'daily_cap')`,
    );
    const expected = new Map<string, number>();
    for (const v of counted) {
      const scopes = countedScopes(
        { teamId: v.left_team, modelId: v.left_model },
        { teamId: v.right_team, modelId: v.right_model },
      );
      for (const s of scopes) expected.set(s, (expected.get(s) ?? 0) + 2);
    }
    const games = await rows<{ scope: string; n: number }>(
      t,
      sql`select scope, sum(games)::int as n from live_ratings group by scope`,
    );
    expect(Object.fromEntries(games.map((g) => [g.scope, Number(g.n)]))).toEqual(Object.fromEntries(expected));
    const [tally] = await rows<{ n: number }>(
      t,
      sql`select coalesce(sum(low_wins + high_wins + ties), 0)::int as n from pair_stats`,
    );
    expect(Number(tally!.n)).toBe(counted.length);
    // No duel id has two rows.
    const [dupes] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from (select duel_id from votes group by duel_id having count(*) > 1) d`,
    );
    expect(Number(dupes!.n)).toBe(0);
  });
});

// ————————————————————————————— limits: 5 votes per minute per voter, 3 counted per day —————————————————————————————

describe('rate limits and the daily cap', () => {
  let limited: TestApp;
  let limitedCatalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    limited = await createTestApp({ VOTE_MIN_DECISION_MS: '0', VOTE_RATE_PER_MINUTE: '5', VOTE_DAILY_CAP: '3' });
    limitedCatalogue = await seedCatalogue(limited.db, { teams: 2, models: ['Home', 'Away'], seasons: [2020, 2021] });
  });
  afterAll(async () => limited?.close());

  /** Votes `n` times in a row through each answer's next duel; returns the responses. */
  async function chain(app: TestApp, c: Client, n: number, query = '') {
    let duel = await duelOf(app, c, query);
    const out = [];
    for (let i = 0; i < n; i++) {
      const res = await vote(app, c, duel.token);
      out.push(res);
      if (res.statusCode !== 200) break;
      duel = res.json().next.duel;
    }
    return { responses: out, pending: duel };
  }

  it('answers the 6th vote of one voter within the minute with 429, localised, with Retry-After', async () => {
    const me = visitor();
    const { responses, pending } = await chain(limited, me, 5);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const en = await post(limited, me, { token: pending.token, outcome: 'left' }, { lang: 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.headers['retry-after']).toBe('60');
    expect(en.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Wait 60 seconds and try again.',
    });
    const pt = await post(limited, me, { token: pending.token, outcome: 'left' }, { lang: 'pt-BR' });
    expect(pt.statusCode).toBe(429);
    expect(pt.json().message).toBe('Muitas tentativas. Aguarde 60 segundos e tente novamente.');
    expect(await votesOfVoter(limited, me.key)).toBe(5);
    // Another voter on the same network is not affected.
    const neighbour = visitor(me.ip);
    expect((await vote(limited, neighbour, (await duelOf(limited, neighbour)).token)).statusCode).toBe(200);
  });

  it('limits one IP to 4 × the per-voter rate, whatever voter ids it sends', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const v = visitor(ip);
      const res = await vote(limited, v, (await duelOf(limited, v)).token);
      expect(res.statusCode, `vote ${i + 1}: ${res.body}`).toBe(200);
    }
    const v = visitor(ip);
    const res = await vote(limited, v, (await duelOf(limited, v)).token);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await votesOfVoter(limited, v.key)).toBe(0);
    // The same voter id from another address is fine.
    const moved = { ...v, ip: randomIp() };
    expect((await vote(limited, moved, (await duelOf(limited, moved)).token)).statusCode).toBe(200);
  });

  it('stores the 4th vote of the day in a scope as invalid (daily_cap), counted:false, without moving ratings', async () => {
    const me = visitor();
    const { responses, pending } = await chain(limited, me, 3);
    expect(responses.map((r) => [r.statusCode, r.json().counted])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    const { duelId, left, right } = claimsOf(pending.token);
    const ratingsBefore = await ratingsOf(limited, [left, right]);
    const pairBefore = await pairOf(limited, left, right);
    const fourth = await vote(limited, me, pending.token);
    expect(fourth.statusCode, fourth.body).toBe(200);
    const body = fourth.json();
    expect(body.counted).toBe(false);
    expect(body.left.change).toBe(0);
    expect(body.right.change).toBe(0);
    expect((await votesOfDuel(limited, duelId))[0]).toMatchObject({
      outcome: 'left',
      valid: false,
      invalid_reason: 'daily_cap',
    });
    expect(await ratingsOf(limited, [left, right])).toEqual(ratingsBefore);
    expect(await pairOf(limited, left, right)).toEqual(pairBefore);
    // Skips never count, so they are not refused for the cap either.
    const skip = await post(limited, me, { token: body.next.duel.token, outcome: 'skip' });
    expect(skip.statusCode).toBe(200);
    expect((await votesOfDuel(limited, claimsOf(body.next.duel.token).duelId))[0]).toMatchObject({ valid: true });
  });

  it('counts exactly the daily cap when one voter’s votes arrive at once', async () => {
    const me = visitor();
    const duels = await Promise.all(Array.from({ length: 5 }, () => duelOf(limited, me)));
    const answers = await Promise.all(duels.map((d) => vote(limited, me, d.token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().counted).length).toBe(3);
    const [row] = await rows<{ valid: number; capped: number }>(
      limited,
      sql`select count(*) filter (where valid)::int as valid, count(*) filter (where not valid)::int as capped
            from votes where voter_key = ${me.key}`,
    );
    expect(row).toEqual({ valid: 3, capped: 2 });
  });

  // A retried vote (double tap, network retry) must not burn one of the voter's counted votes for the day.
  it('does not spend the daily cap on a replayed duel token (409)', async () => {
    const me = visitor();
    const first = await duelOf(limited, me);
    const a = await vote(limited, me, first.token);
    expect(a.json().counted).toBe(true);
    expect((await vote(limited, me, first.token)).statusCode).toBe(409);
    const b = await vote(limited, me, a.json().next.duel.token);
    expect(b.json().counted).toBe(true);
    const c = await vote(limited, me, b.json().next.duel.token);
    expect(c.statusCode).toBe(200);
    // Only the third stored vote: it must count.
    expect(c.json().counted).toBe(true);
  });

  // Every vote counts in the global ranking, so a voter over the cap must not keep moving it through team duels.
  it('does not let a voter over the global cap keep moving global ratings through team duels', async () => {
    const me = visitor();
    const { responses } = await chain(limited, me, 4);
    expect(responses.at(-1)!.json().counted).toBe(false);
    const team = limitedCatalogue.teams[0]!;
    const duel = await duelOf(limited, me, `?team=${team.slug}`);
    const { left, right } = claimsOf(duel.token);
    const globalBefore = (await ratingsOf(limited, [left, right])).filter((r) => r.scope === 'global');
    const res = await vote(limited, me, duel.token);
    expect(res.statusCode).toBe(200);
    const globalAfter = (await ratingsOf(limited, [left, right])).filter((r) => r.scope === 'global');
    expect(globalAfter).toEqual(globalBefore);
  });
});

// ———————————————————————————————————— limits shared by two processes through Redis ————————————————————————————————————

const redisUp = await redisReachable(REDIS_URL);
if (!redisUp) console.warn(`votes.int.test: Redis not reachable at ${REDIS_URL}; shared-limit tests skipped`);

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two processes of one deployment: same secret (so the same IP hash), same Redis.
    const env = {
      REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      VOTE_MIN_DECISION_MS: '0',
      VOTE_RATE_PER_MINUTE: '5',
    };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    await Promise.all(
      [a, b].map((app) => seedCatalogue(app.db, { teams: 1, models: ['Home'], seasons: [2020, 2021, 2022] })),
    );
    // Until its Redis connection is ready an app fails open (by design); building two PGlite apps at once can
    // hold the event loop past the connect timeout and force a reconnect. Wait until each app refuses a 6th
    // request from one voter, i.e. until it counts in Redis.
    for (const app of [a, b]) await limiterLive(app);
  });

  async function limiterLive(app: TestApp) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const probe = visitor();
      let last = 0;
      for (let i = 0; i < 6; i++) last = (await vote(app, probe, 'not-a-token')).statusCode;
      if (last === 429) return;
      await sleep(100);
    }
    throw new Error('the vote limiter never reached Redis');
  }
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('counts one voter’s votes on both: 5 on app A make app B refuse the 6th', async () => {
    const me = visitor();
    for (let i = 0; i < 5; i++) {
      const res = await vote(a, me, (await duelOf(a, me)).token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const onB = await vote(b, me, (await duelOf(b, me)).token);
    expect(onB.statusCode, onB.body).toBe(429);
    expect(onB.json().code).toBe('TOO_MANY_REQUESTS');
    const other = visitor();
    expect((await vote(b, other, (await duelOf(b, other)).token)).statusCode).toBe(200);
  });

  it('counts one IP on both: 10 votes on A and 10 on B, the 21st is refused on either', async () => {
    const ip = randomIp();
    for (const app of [a, b])
      for (let i = 0; i < 10; i++) {
        const v = visitor(ip);
        expect((await vote(app, v, (await duelOf(app, v)).token)).statusCode).toBe(200);
      }
    for (const app of [a, b]) {
      const v = visitor(ip);
      expect((await vote(app, v, (await duelOf(app, v)).token)).statusCode).toBe(429);
    }
  });
});

describe('with Redis down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the limiter fails open rather than refusing every vote.
    down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', VOTE_MIN_DECISION_MS: '0' });
    await seedCatalogue(down.db, { teams: 1, models: ['Home'], seasons: [2020, 2021] });
  });
  afterAll(async () => down?.close());

  it('still takes votes', async () => {
    const me = visitor();
    const res = await vote(down, me, (await duelOf(down, me)).token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
    expect(await votesOfVoter(down, me.key)).toBe(1);
  });
});

// —————————————————————————————— two processes on one PostgreSQL database ——————————————————————————————

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
    const me = visitor();
    const duel = await duelOf(other, me, `?team=${gone.teams[0]!.slug}`);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/manage/jerseys/${duel.right.id}`,
      headers: await moderator(t),
    });
    expect(del.statusCode).toBe(204);
    other!.clock.advance(THINK_MS);
    const res = await vote(other, me, duel.token);
    expect(res.statusCode, res.body).toBe(410);
  });
});

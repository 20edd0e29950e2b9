/**
 * Duels and votes as a client drives them through the API (visitors, members, duel tokens), and what the
 * database then holds (votes, live ratings, pair tallies). Shared by the votes-*.int.test.ts files.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '#db/client.ts';
import { type DuelClaims, DuelTokens } from '#modules/duels/duel-token.ts';
import { VisitorIds } from '#modules/duels/visitor-id.ts';
import { type TestApp, bearer } from './helpers.ts';

/** The opt-in stuffing figure (votes-stuffing-figure.int.test.ts): STUFFING_FIGURE=1, STUFFING_MINUTES (30). */
export const stuffingFigure = {
  run: Boolean(process.env.STUFFING_FIGURE),
  minutes: Number(process.env.STUFFING_MINUTES ?? 30),
};

/** Duel tokens live 10 minutes (DUEL_TTL_SECONDS). */
export const TTL_MS = 600_000;

/** Who calls: headers (voter id or bearer), the client IP and the voter key the server binds into tokens. */
export interface Client {
  headers: Record<string, string>;
  ip: string;
  key: string;
  userId?: string;
}

export const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

/** A visitor holding an id the app signed (as POST /api/duels/visitor would issue), from `ip`. */
export function visitor(app: TestApp, ip = randomIp()): Client {
  const id = randomUUID();
  return { headers: visitorHeaders(app, id), ip, key: `v:${id}` };
}

/** An X-Voter-Id header with an id the app signed. */
export const visitorHeaders = (app: TestApp, id: string = randomUUID()) => ({
  'x-voter-id': new VisitorIds(app.config.jwtSecret).issue(id),
});

/** Asks the app for a visitor id from `ip`, as the web client does. */
export const issueVisitorId = (app: TestApp, ip: string, lang?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/duels/visitor',
    remoteAddress: ip,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

/** A visitor whose id the app issued through the API (the call must succeed). */
export async function issuedVisitor(app: TestApp, ip = randomIp()): Promise<Client> {
  const res = await issueVisitorId(app, ip);
  expect(res.statusCode, res.body).toBe(200);
  const id: string = res.json().voterId;
  return { headers: { 'x-voter-id': id }, ip, key: `v:${id.split('.')[1]}` };
}

export async function member(app: TestApp): Promise<Client> {
  const user = await app.userWithRoles([]);
  return { headers: bearer(user.accessToken), ip: randomIp(), key: `u:${user.id}`, userId: user.id };
}

export async function moderator(app: TestApp) {
  return bearer((await app.userWithRoles(['Moderator'])).accessToken);
}

export interface DuelSide {
  id: string;
  rating: number;
}
export interface Duel {
  token: string;
  left: DuelSide;
  right: DuelSide;
  expiresAt: string;
}
export interface NextDuelBody {
  duel: Duel | null;
  jerseysCount: number;
}

export async function nextDuel(app: TestApp, c: Client, query = ''): Promise<NextDuelBody> {
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
export async function duelOf(app: TestApp, c: Client, query = ''): Promise<Duel> {
  const body = await nextDuel(app, c, query);
  expect(body.duel).not.toBeNull();
  return body.duel!;
}

export function post(
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

export const vote = (app: TestApp, c: Client, token: string, outcome = 'left') => post(app, c, { token, outcome });

/**
 * The voter looks at the duel exactly as long as the app requires before a vote counts
 * (VOTE_MIN_DECISION_MS), on the app's test clock.
 */
export function think(app: TestApp): void {
  app.clock.advance(app.config.votes.minDecisionMs);
}

/** Votes `n` times in a row through each answer's next duel; stops at the first refusal. */
export async function chain(app: TestApp, c: Client, n: number, query = '') {
  let duel = await duelOf(app, c, query);
  const responses = [];
  for (let i = 0; i < n; i++) {
    think(app);
    const res = await vote(app, c, duel.token);
    responses.push(res);
    if (res.statusCode !== 200) break;
    duel = res.json().next.duel;
  }
  return { responses, pending: duel };
}

export function claimsOf(token: string): DuelClaims {
  const [duelId, left, right, scope, voterKey, issuedAt] = JSON.parse(
    Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'),
  ) as [string, string, string, string, string, number];
  return { duelId, left, right, scope, voterKey, issuedAt };
}

/** The claims re-encoded as the server does, keeping the original signature (an edited token). */
export function edited(token: string, change: Partial<DuelClaims>): string {
  const c = { ...claimsOf(token), ...change };
  const body = Buffer.from(JSON.stringify([c.duelId, c.left, c.right, c.scope, c.voterKey, c.issuedAt])).toString(
    'base64url',
  );
  return `${body}.${token.slice(token.indexOf('.') + 1)}`;
}

/** Signs global duels as the app would, for claims a client cannot get from the API (old or odd ones). */
export function duelSigner(app: TestApp) {
  const tokens = new DuelTokens(app.config.jwtSecret, TTL_MS);
  return (c: Client, issuedAt: number, pair: [string, string]) =>
    tokens.sign({ duelId: randomUUID(), left: pair[0], right: pair[1], scope: 'global', voterKey: c.key, issuedAt });
}

export const rows = <T>(app: TestApp, query: SQL) => queryRows<T>(app.db, query);

export interface VoteRow {
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
export const votesOfDuel = async (app: TestApp, duelId: string) =>
  (
    await rows<VoteRow>(
      app,
      sql`select duel_id, outcome, skip_reason, voter_key, user_id, fast, valid, invalid_reason,
            (extract(epoch from answered_at - issued_at) * 1000)::float8 as decision_ms
          from votes where duel_id = ${duelId}`,
    )
  ).map((r) => ({ ...r, decision_ms: Number(r.decision_ms) }));

export const votesOfVoter = async (app: TestApp, key: string) =>
  (await rows<{ n: number }>(app, sql`select count(*)::int as n from votes where voter_key = ${key}`))[0]!.n;

export interface RatingRow {
  scope: string;
  jersey_id: string;
  rating: number;
  games: number;
}
export const ratingsOf = async (app: TestApp, ids: string[]) =>
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

export const pairOf = async (app: TestApp, a: string, b: string) => {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await rows<{ low_wins: number; high_wins: number; ties: number }>(
    app,
    sql`select low_wins, high_wins, ties from pair_stats where low_id = ${low} and high_id = ${high}`,
  );
  return row ?? null;
};

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

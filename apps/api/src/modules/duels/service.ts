import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DUEL_TTL_SECONDS,
  type DuelScopeQuery,
  type NextDuel,
  type SkipReason,
  type VoteOutcome,
  type VoteResult,
} from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import type { Counters } from '#lib/counters.ts';
import type { CatalogueJersey } from '#modules/jerseys/service.ts';
import { countedScopes, scopeKey, parseScope } from '#modules/rankings/scopes.ts';
import type { AnsweredPairs } from './answered-pairs.ts';
import { DuelTokens } from './duel-token.ts';
import { type CountedOutcome, ELO_START, eloChanges } from './elo.ts';
import { pairKey, pickPair } from './pair-sampler.ts';
import { type DuelPool, summary } from './pool.ts';

/** Answers faster than this are kept and counted but flagged for moderators (ranking.md §6). */
const FLAG_FAST_MS = 2_000;
const MINUTE_MS = 60_000;
/** Per-IP limit = this × the per-voter limit: many fans share one network (stadiums, offices). */
const IP_FACTOR = 4;

export interface Voter {
  /** 'u:<user id>' when signed in, else 'v:<visitor id>'. */
  key: string;
  userId: string | null;
  ip: string;
  userAgent: string | null;
}

export interface DuelSettings {
  secret: string;
  minDecisionMs: number;
  ratePerMinute: number;
  dailyCap: number;
}

interface Scope {
  key: string;
  team: { id: string; slug: string; name: string } | null;
  model: { id: string; slug: string; name: string } | null;
}

export class DuelService {
  private readonly tokens: DuelTokens;
  private readonly ipSalt: Buffer;

  constructor(
    private readonly db: Db,
    private readonly pool: DuelPool,
    private readonly answered: AnsweredPairs,
    private readonly counters: Counters,
    private readonly settings: DuelSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new DuelTokens(settings.secret, DUEL_TTL_SECONDS * 1000);
    this.ipSalt = createHmac('sha256', settings.secret).update('manto ip hash v1').digest();
  }

  /** The scope a query names; unknown team or model → 404. */
  async resolveScope(query: DuelScopeQuery): Promise<Scope> {
    if (query.model && !query.team) throw fieldError('model', 'invalidValue');
    const team = query.team ? await this.pool.team(query.team) : null;
    if (query.team && !team) throw notFound();
    const model = query.model ? await this.pool.model(query.model) : null;
    if (query.model && !model) throw notFound();
    return { key: scopeKey(team?.id ?? null, model?.id ?? null), team, model };
  }

  async next(scope: Scope, voter: Voter): Promise<NextDuel> {
    const [{ list, jerseys }, answered] = await Promise.all([
      this.pool.candidates(scope.key),
      this.answered.of(voter.key),
    ]);
    const view = {
      team: scope.team && { slug: scope.team.slug, name: scope.team.name },
      model: scope.model && { slug: scope.model.slug, name: scope.model.name },
    };
    const pair = pickPair(list, (a, b) => answered.has(pairKey(a, b)));
    if (!pair) return { scope: view, duel: null, jerseysCount: list.length };
    const [left, right] = pair;
    const issuedAt = this.now();
    const token = this.tokens.sign({
      duelId: randomUUID(),
      left: left.id,
      right: right.id,
      scope: scope.key,
      voterKey: voter.key,
      issuedAt,
    });
    return {
      scope: view,
      duel: {
        token,
        left: { ...summary(jerseys.get(left.id)!), rating: round(left.rating) },
        right: { ...summary(jerseys.get(right.id)!), rating: round(right.rating) },
        expiresAt: new Date(issuedAt + DUEL_TTL_SECONDS * 1000).toISOString(),
      },
      jerseysCount: list.length,
    };
  }

  async vote(input: { token: string; outcome: VoteOutcome; skipReason?: SkipReason }, voter: Voter) {
    await this.limit(voter);
    const now = this.now();
    const check = this.tokens.verify(input.token, now);
    if (!check.ok)
      throw new AppError(
        check.reason === 'expired' ? 410 : 400,
        check.reason === 'expired' ? 'DUEL_EXPIRED' : 'INVALID_DUEL',
      );
    const claims = check.claims;
    if (claims.voterKey !== voter.key) throw new AppError(403, 'DUEL_NOT_YOURS');
    const decisionMs = now - claims.issuedAt;
    const counting = input.outcome !== 'skip';
    if (counting && decisionMs < this.settings.minDecisionMs) throw new AppError(422, 'VOTE_TOO_FAST');

    const [left, right] = await Promise.all([this.pool.jersey(claims.left), this.pool.jersey(claims.right)]);
    // A jersey deleted since the duel was issued: the duel is gone.
    if (!left || !right) throw new AppError(410, 'DUEL_EXPIRED');
    // One voter's votes are stored one after another in this process, so concurrent votes cannot both
    // slip under the daily cap (across processes a burst may pass it by a few; the rate limit bounds that).
    const { stored, changes } = await this.serially(voter.key, async () => {
      // Deltas as if the vote counts; the statement applies them only if it does (daily cap).
      const scopes = counting ? countedScopes(left, right) : [];
      const before = await Promise.all(
        scopes.flatMap((s) => [this.pool.rating(s, left.id), this.pool.rating(s, right.id)]),
      );
      const changes = scopes.flatMap((s, i) => {
        const [dl, dr] = eloChanges(before[2 * i]!, before[2 * i + 1]!, input.outcome as CountedOutcome);
        return [
          { scope: s, jerseyId: left.id, delta: dl },
          { scope: s, jerseyId: right.id, delta: dr },
        ];
      });

      const stored = await this.store({
        claims,
        outcome: input.outcome,
        skipReason: input.outcome === 'skip' ? (input.skipReason ?? null) : null,
        voter,
        fast: counting && decisionMs < FLAG_FAST_MS,
        dayStart: new Date(new Date(now).toISOString().slice(0, 10)),
        // The clock that judged the decision, so the row's answered_at − issued_at is that decision time.
        answeredAt: now,
        changes,
        left,
        right,
      });
      for (const r of stored?.ratings ?? []) this.pool.setRating(r.scope, r.jersey_id, r);
      return { stored, changes };
    });
    if (!stored) throw new AppError(409, 'DUEL_ALREADY_ANSWERED');
    const counted = counting && stored.valid;

    this.answered.add(voter.key, left.id, right.id);

    const duelScope = claims.scope;
    const rated = (id: string): { id: string; rating: number; change: number } => {
      const after = stored.ratings.find((r) => r.scope === duelScope && r.jersey_id === id);
      const change = counted ? (changes.find((c) => c.scope === duelScope && c.jerseyId === id)?.delta ?? 0) : 0;
      return { id, rating: round(after?.rating ?? ELO_START), change: round(change) };
    };
    const leftRating = stored.ratings.length > 0 ? rated(left.id) : await this.unchanged(duelScope, left.id);
    const rightRating = stored.ratings.length > 0 ? rated(right.id) : await this.unchanged(duelScope, right.id);
    const lowIsLeft = left.id < right.id;
    const crowd = {
      leftWins: lowIsLeft ? stored.pair.low_wins : stored.pair.high_wins,
      rightWins: lowIsLeft ? stored.pair.high_wins : stored.pair.low_wins,
      ties: stored.pair.ties,
    };
    const next = await this.next(await this.scopeFromKey(duelScope), voter);
    const result: VoteResult = { outcome: input.outcome, counted, left: leftRating, right: rightRating, crowd, next };
    return result;
  }

  private readonly queues = new Map<string, Promise<unknown>>();

  private serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  private async unchanged(scope: string, id: string) {
    const r = await this.pool.rating(scope, id);
    return { id, rating: round(r.rating), change: 0 };
  }

  private async scopeFromKey(key: string): Promise<Scope> {
    const { teamId, modelId } = parseScope(key);
    const team = teamId ? await this.pool.teamById(teamId) : null;
    const model = modelId ? await this.pool.modelById(modelId) : null;
    return { key, team, model };
  }

  /** Per voter and per IP, shared across processes when Redis is configured. */
  private async limit(voter: Voter): Promise<void> {
    const rate = this.settings.ratePerMinute;
    const [byVoter, byIp] = await Promise.all([
      this.counters.hit(`rate:voter:${voter.key}`, MINUTE_MS),
      this.counters.hit(`rate:ip:${this.hashIp(voter.ip)}`, MINUTE_MS),
    ]);
    if (byVoter > rate || byIp > rate * IP_FACTOR) throw new AppError(429, 'TOO_MANY_REQUESTS', { seconds: 60 });
  }

  private hashIp(ip: string): string {
    return createHmac('sha256', this.ipSalt).update(ip).digest('base64url');
  }

  /**
   * One statement, so one round trip and atomic: insert the vote — valid unless the voter already has
   * VOTE_DAILY_CAP counted votes today (read through the voter index) — and, only if it was inserted
   * and counts, add the Elo changes to every scope it counts in and the outcome to the pair's tally.
   * The unique duel id makes a replay insert nothing (and spend nothing). Changes are added to the
   * stored ratings, not overwritten, so concurrent votes on one jersey never lose an update.
   */
  private async store(v: {
    claims: { duelId: string; scope: string; issuedAt: number };
    outcome: VoteOutcome;
    skipReason: string | null;
    voter: Voter;
    fast: boolean;
    dayStart: Date;
    answeredAt: number;
    changes: { scope: string; jerseyId: string; delta: number }[];
    left: CatalogueJersey;
    right: CatalogueJersey;
  }): Promise<{ valid: boolean; ratings: RatingRow[]; pair: PairRow } | null> {
    const [low, high] = v.left.id < v.right.id ? [v.left, v.right] : [v.right, v.left];
    const winner = v.outcome === 'left' ? v.left.id : v.outcome === 'right' ? v.right.id : null;
    const tie = v.outcome === 'tie' || v.outcome === 'both_bad' ? 1 : 0;
    const lowWins = winner === low.id ? 1 : 0;
    const highWins = winner !== null && winner !== low.id ? 1 : 0;
    const skip = v.outcome === 'skip';

    // Every vote counts in the global ranking, so the cap per scope is in effect a cap per voter per day.
    // The day's counter moves only when this duel was never answered: a replay spends nothing.
    const day = skip
      ? sql`select null::int as counted`
      : sql`insert into voter_days as vd (voter_key, day, counted)
          select ${v.voter.key}, ${v.dayStart.toISOString().slice(0, 10)}, 1
           where not exists (select 1 from votes where duel_id = ${v.claims.duelId})
          on conflict (voter_key, day) do update set counted = vd.counted + 1
          returning counted`;
    const valid = skip ? sql`true` : sql`coalesce((select counted from d), 0) <= ${this.settings.dailyCap}`;
    const counts = sql`exists (select 1 from v where v.valid)`;
    const values = sql.join(
      v.changes.map((c) => sql`(${c.scope}, ${c.jerseyId}::uuid, ${c.delta}::double precision)`),
      sql`, `,
    );
    const ratings = skip
      ? sql`select 1 where false`
      : sql`insert into live_ratings as lr (scope, jersey_id, rating, games)
          select x.scope, x.jersey_id, ${ELO_START} + x.delta, 1
            from (values ${values}) as x(scope, jersey_id, delta)
           where ${counts}
          -- One lock order for every vote, so two votes on one pair (sides swapped) cannot deadlock.
           order by x.scope, x.jersey_id
          -- excluded.rating is start + delta: add only the delta to the stored rating.
          on conflict (scope, jersey_id) do update
            set rating = lr.rating + (excluded.rating - ${ELO_START}), games = lr.games + 1
          returning scope, jersey_id, rating, games`;
    const tally = skip
      ? sql`select 1 where false`
      : sql`insert into pair_stats as ps (low_id, high_id, low_wins, high_wins, ties)
          select ${low.id}, ${high.id}, ${lowWins}, ${highWins}, ${tie} where ${counts}
          on conflict (low_id, high_id) do update
            set low_wins = ps.low_wins + excluded.low_wins, high_wins = ps.high_wins + excluded.high_wins,
                ties = ps.ties + excluded.ties
          returning low_wins, high_wins, ties`;
    let rows: { vote_id: string | null; valid: boolean | null; ratings: RatingRow[] | null; pair: PairRow | null }[];
    try {
      rows = await queryRows(
        this.db,
        sql`with d as (${day}),
          v as (
            insert into votes (duel_id, scope, left_id, right_id, outcome, skip_reason, voter_key, user_id, ip_hash,
              user_agent, issued_at, answered_at, fast, valid, invalid_reason)
            select ${v.claims.duelId}, ${v.claims.scope}, ${v.left.id}, ${v.right.id}, ${v.outcome}, ${v.skipReason},
              ${v.voter.key}, ${v.voter.userId}, ${this.hashIp(v.voter.ip)}, ${v.voter.userAgent},
              ${new Date(v.claims.issuedAt).toISOString()}, ${new Date(v.answeredAt).toISOString()}, ${v.fast}, ok,
              case when ok then null else 'daily_cap' end
            from (select ${valid} as ok) c
            on conflict (duel_id) do nothing
            returning id, valid
          ),
          r as (${ratings}),
          p as (${tally})
          select (select id from v) as vote_id, (select valid from v) as valid,
            (select json_agg(r) from r) as ratings,
            coalesce((select row_to_json(p) from p), (select row_to_json(q) from (
              select low_wins, high_wins, ties from pair_stats where low_id = ${low.id} and high_id = ${high.id}) q)
            ) as pair`,
      );
    } catch (error) {
      // A jersey deleted by another process since this one last loaded the catalogue.
      if (isForeignKeyViolation(error)) throw new AppError(410, 'DUEL_EXPIRED');
      throw error;
    }
    const row = rows[0];
    if (!row?.vote_id) return null;
    return {
      valid: row.valid === true,
      ratings: (row.ratings ?? []).map((r) => ({ ...r, rating: Number(r.rating), games: Number(r.games) })),
      pair: row.pair ?? { low_wins: 0, high_wins: 0, ties: 0 },
    };
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  // Drivers and Drizzle wrap the database error; look a few causes deep.
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === '23503') return true;
  return false;
}

interface RatingRow {
  scope: string;
  jersey_id: string;
  rating: number;
  games: number;
}
interface PairRow {
  low_wins: number;
  high_wins: number;
  ties: number;
}

const round = (x: number) => Math.round(x * 10) / 10;

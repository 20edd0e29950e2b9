import { sql } from 'drizzle-orm';
import type {
  JerseyRating,
  MyVotes,
  NamedRef,
  Ranking,
  RankingRow,
  SkipReason,
  Standing,
  TeamRankings,
  VoteOutcome,
  VoterFlag,
} from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import { notFound } from '#lib/app-error.ts';
import { pageOffset } from '#lib/search.ts';
import { type DuelPool, summary } from '#modules/duels/pool.ts';
import type { TeamService } from '#modules/teams/service.ts';
import { GLOBAL, parseScope, teamScope } from '#lib/scopes.ts';

/** Snapshots change every few minutes at most: readers share an assembled copy this long. */
const CACHE_MS = 5_000;
const PAGE_CACHE_SIZE = 500;

interface Snapshot {
  fitId: number;
  fittedAt: string;
  votes: number;
  rows: RankingRow[];
}

interface EntryRow {
  jersey_id: string;
  rank: number;
  rank_ub: number;
  score: number;
  lower: number;
  upper: number;
  wins: number;
  losses: number;
  ties: number;
  provisional: boolean;
  previous_rank: number | null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Reads the snapshots the ranking job writes; never fits anything itself (readers never wait for a fit). */
export class RankingService {
  private readonly cache = new Map<string, { at: number; value: Promise<Snapshot | null> }>();
  /** Serialized ranking pages by query: the same first pages are asked for over and over. */
  private readonly pages = new Map<string, { at: number; json: string }>();

  constructor(
    private readonly db: Db,
    private readonly pool: DuelPool,
    private readonly teams: TeamService,
    private readonly now: () => number = Date.now,
  ) {}

  /** After a fit in this process; other processes' fits show within CACHE_MS. */
  invalidate(): void {
    this.cache.clear();
    this.pages.clear();
  }

  snapshot(scope: string): Promise<Snapshot | null> {
    const hit = this.cache.get(scope);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value;
    const value = this.load(scope);
    this.cache.set(scope, { at: this.now(), value });
    value.catch(() => this.cache.delete(scope));
    return value;
  }

  private async load(scope: string): Promise<Snapshot | null> {
    const [fit] = await queryRows<{ id: number; fitted_at: Date | string; votes: number }>(
      this.db,
      sql`select id, fitted_at, votes from ranking_fits where scope = ${scope} order by id desc limit 1`,
    );
    if (!fit) return null;
    const [entries, catalogue] = await Promise.all([
      queryRows<EntryRow>(this.db, sql`select * from ranking_entries where fit_id = ${fit.id} order by rank`),
      this.pool.catalogue(),
    ]);
    const rows: RankingRow[] = [];
    for (const e of entries) {
      const jersey = catalogue.get(e.jersey_id);
      // Deactivated since the fit: out of the ranking at once, not at the next fit.
      if (!jersey?.active) continue;
      const votes = e.wins + e.losses + e.ties;
      rows.push({
        rank: e.rank,
        rankUb: e.rank_ub,
        jersey: summary(jersey),
        score: round1(Number(e.score)),
        lower: round1(Number(e.lower)),
        upper: round1(Number(e.upper)),
        votes,
        wins: e.wins,
        losses: e.losses,
        ties: e.ties,
        winRate: votes > 0 ? Math.round(((e.wins + e.ties / 2) / votes) * 1e4) / 1e4 : null,
        provisional: e.provisional,
        previousRank: e.previous_rank,
      });
    }
    return { fitId: fit.id, fittedAt: new Date(fit.fitted_at).toISOString(), votes: fit.votes, rows };
  }

  private async teamScopeOf(slug: string | undefined) {
    if (!slug) return { scope: GLOBAL, team: null };
    const team = await this.teams.bySlug(slug);
    return { scope: teamScope(team.id), team };
  }

  async ranking(q: {
    team?: string;
    seasonFrom?: number;
    seasonTo?: number;
    model?: string;
    supplier?: string;
    page: number;
    pageSize: number;
  }): Promise<Ranking> {
    const { scope, team } = await this.teamScopeOf(q.team);
    const snap = await this.snapshot(scope);
    const all = snap?.rows ?? [];
    const rows = all.filter(
      (r) =>
        (q.seasonFrom === undefined || r.jersey.season >= q.seasonFrom) &&
        (q.seasonTo === undefined || r.jersey.season <= q.seasonTo) &&
        (!q.model || r.jersey.model.slug === q.model) &&
        (!q.supplier || r.jersey.supplier.slug === q.supplier),
    );
    const start = pageOffset(q.page, q.pageSize);
    const seasons = all.map((r) => r.jersey.season);
    return {
      items: rows.slice(start, start + q.pageSize),
      total: rows.length,
      page: q.page,
      pageSize: q.pageSize,
      team,
      fittedAt: snap?.fittedAt ?? null,
      votes: snap?.votes ?? 0,
      axis:
        all.length > 0
          ? { min: Math.min(...all.map((r) => r.lower)), max: Math.max(...all.map((r) => r.upper)) }
          : null,
      models: distinct(all.map((r) => r.jersey.model)),
      suppliers: distinct(all.map((r) => r.jersey.supplier)),
      seasons: seasons.length > 0 ? { min: Math.min(...seasons), max: Math.max(...seasons) } : null,
    };
  }

  /** `ranking(q)` as JSON, kept as long as the snapshot it was made from (at most CACHE_MS). */
  async rankingJson(q: Parameters<RankingService['ranking']>[0]): Promise<string> {
    const key = JSON.stringify(q);
    const hit = this.pages.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.json;
    const json = JSON.stringify(await this.ranking(q));
    this.pages.set(key, { at: this.now(), json });
    // Bounded: drop the oldest entry (Maps iterate in insertion order).
    if (this.pages.size > PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value!);
    return json;
  }

  /** Every team with active jerseys, its leader and votes in its latest snapshot. */
  async teamRankings(q: { search?: string; page: number; pageSize: number }): Promise<TeamRankings> {
    const list = await this.teams.listPublic(q);
    const items = await Promise.all(
      list.items.map(async (team) => {
        const snap = await this.snapshot(teamScope(team.id));
        const top = snap?.rows[0];
        return { team, leader: top ? { jersey: top.jersey, score: top.score } : null, votes: snap?.votes ?? 0 };
      }),
    );
    return { ...list, items };
  }

  async jerseyRating(id: string): Promise<JerseyRating> {
    const jersey = (await this.pool.catalogue()).get(id);
    if (!jersey) throw notFound();
    const standingIn = async (scope: string): Promise<Standing | null> => {
      const snap = await this.snapshot(scope);
      const row = snap?.rows.find((r) => r.jersey.id === id);
      if (!snap || !row) return null;
      const { rank, rankUb, score, lower, upper, votes, wins, losses, ties, provisional } = row;
      const of = snap.rows.length;
      return { rank, rankUb, of, score, lower, upper, votes, wins, losses, ties, provisional, fittedAt: snap.fittedAt };
    };
    const [global, team, history] = await Promise.all([
      standingIn(GLOBAL),
      standingIn(teamScope(jersey.teamId)),
      queryRows<{ at: Date | string; score: number; lower: number; upper: number }>(
        this.db,
        sql`select f.fitted_at as at, e.score, e.lower, e.upper from ranking_entries e
            join ranking_fits f on f.id = e.fit_id
            where f.scope = ${GLOBAL} and e.jersey_id = ${id} order by f.fitted_at desc limit 60`,
      ),
    ]);
    return {
      global,
      team,
      history: history.reverse().map((h) => ({
        at: new Date(h.at).toISOString(),
        score: round1(Number(h.score)),
        lower: round1(Number(h.lower)),
        upper: round1(Number(h.upper)),
      })),
    };
  }

  /** The whole snapshot of a scope, for the open-data download. */
  async exportRows(teamSlug: string | undefined) {
    const { scope } = await this.teamScopeOf(teamSlug);
    const snap = await this.snapshot(scope);
    return {
      fittedAt: snap?.fittedAt ?? null,
      rows: (snap?.rows ?? []).map((r) => ({
        rank: r.rank,
        rank_ub: r.rankUb,
        jersey_id: r.jersey.id,
        team: r.jersey.team.name,
        model: r.jersey.model.name,
        supplier: r.jersey.supplier.name,
        season: r.jersey.modelYear,
        score: r.score,
        lower: r.lower,
        upper: r.upper,
        votes: r.votes,
        wins: r.wins,
        losses: r.losses,
        ties: r.ties,
        provisional: r.provisional,
      })),
    };
  }

  /** Anonymised votes after `afterId`, in id order: no voter, user, IP or user agent leaves the server. */
  async votesBatch(afterId: number, limit: number) {
    const rows = await queryRows<Record<string, unknown> & { id: number; answered_at: Date | string }>(
      this.db,
      sql`select id, scope, left_id, right_id, outcome, skip_reason, answered_at, valid
          from votes where id > ${afterId} order by id limit ${limit}`,
    );
    return rows.map((r): Record<string, unknown> & { id: number } => ({
      ...r,
      id: Number(r.id),
      answered_at: new Date(r.answered_at).toISOString(),
    }));
  }

  /** A member's votes, newest first, each judged against the latest global ranking. */
  async myVotes(userId: string, q: { page: number; pageSize: number }): Promise<MyVotes> {
    const judged = sql`with f as (select id from ranking_fits where scope = ${GLOBAL} order by id desc limit 1)
      select v.id, v.answered_at, v.outcome, v.skip_reason, v.scope, v.left_id, v.right_id, v.valid,
        case when v.outcome not in ('left', 'right') or l.score is null or r.score is null then null
             when v.outcome = 'left' then l.score > r.score else r.score > l.score end as agreed
      from votes v
      left join ranking_entries l on l.fit_id = (select id from f) and l.jersey_id = v.left_id
      left join ranking_entries r on r.fit_id = (select id from f) and r.jersey_id = v.right_id
      where v.user_id = ${userId}`;
    const [rows, [totals], catalogue] = await Promise.all([
      queryRows<{
        id: number;
        answered_at: Date | string;
        outcome: VoteOutcome;
        skip_reason: SkipReason | null;
        scope: string;
        left_id: string;
        right_id: string;
        valid: boolean;
        agreed: boolean | null;
      }>(this.db, sql`${judged} order by v.id desc limit ${q.pageSize} offset ${pageOffset(q.page, q.pageSize)}`),
      queryRows<{ votes: number; judged: number; agreed: number }>(
        this.db,
        sql`select count(*)::int as votes, count(agreed)::int as judged,
                   count(*) filter (where agreed)::int as agreed from (${judged}) j`,
      ),
      this.pool.catalogue(),
    ]);
    const items = await Promise.all(
      rows.map(async (r) => {
        const { teamId, modelId } = parseScope(r.scope);
        const [team, model] = await Promise.all([
          teamId ? this.pool.teamById(teamId) : null,
          modelId ? this.pool.modelById(modelId) : null,
        ]);
        return {
          id: String(r.id),
          answeredAt: new Date(r.answered_at).toISOString(),
          outcome: r.outcome,
          skipReason: r.skip_reason,
          scope: { team: team && named(team), model: model && named(model) },
          left: summary(catalogue.get(r.left_id)!),
          right: summary(catalogue.get(r.right_id)!),
          agreed: r.agreed,
          counted: r.valid && r.outcome !== 'skip',
        };
      }),
    );
    return {
      items,
      total: totals?.votes ?? 0,
      page: q.page,
      pageSize: q.pageSize,
      summary: { votes: totals?.votes ?? 0, judged: totals?.judged ?? 0, agreed: totals?.agreed ?? 0 },
    };
  }

  async flags(): Promise<VoterFlag[]> {
    const rows = await queryRows<{
      id: string;
      voter_key: string;
      user_name: string | null;
      reason: string;
      votes: number;
      z_score: number | null;
      flagged_at: Date | string;
      restored_at: Date | string | null;
    }>(
      this.db,
      sql`select f.*, u.name as user_name from voter_flags f
          left join users u on f.voter_key = 'u:' || u.id::text
          order by f.restored_at is not null, f.flagged_at desc limit 500`,
    );
    return rows.map((r) => ({
      id: r.id,
      voter: pseudonym(r.voter_key),
      userName: r.user_name,
      reason: r.reason,
      votes: r.votes,
      zScore: r.z_score === null ? null : round1(Number(r.z_score)),
      flaggedAt: new Date(r.flagged_at).toISOString(),
      restoredAt: r.restored_at ? new Date(r.restored_at).toISOString() : null,
    }));
  }
}

const named = (x: NamedRef) => ({ slug: x.slug, name: x.name });

function distinct(list: NamedRef[]): NamedRef[] {
  const seen = new Map(list.map((x) => [x.slug, x]));
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Moderators see who is who only as far as they need: a member's name, or a visitor's short tag. */
function pseudonym(voterKey: string): string {
  const [kind, id] = voterKey.split(':');
  return `${kind === 'u' ? 'member' : 'visitor'}-${(id ?? '').slice(0, 8)}`;
}

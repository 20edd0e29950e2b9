import {
  BR_STATES,
  type CollectionStanding,
  type JerseyRating,
  type NamedRef,
  type Ranking,
  type RankingRow,
  type RankingSegment,
  type Segments,
  type Standing,
  type TeamRankings,
} from '@manto/contracts';
import { fieldError, notFound } from '#lib/app-error.ts';
import { GLOBAL, teamScope } from '#lib/scopes.ts';
import { pageOffset } from '#lib/search.ts';
import { type CatalogueCache, summary } from '#modules/jerseys/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import type { RankingRepository } from './repository.ts';
import { NEUTRAL, countryCodes, countrySegment, fansSegment, isPeopleSegment, stateSegment } from './segments.ts';

/** Snapshots change every few minutes at most: readers share an assembled copy this long. */
const CACHE_MS = 5_000;
const PAGE_CACHE_SIZE = 500;
/** Points in a jersey's score-over-time chart. */
const HISTORY_POINTS = 60;

interface Snapshot {
  fitId: number;
  fittedAt: string;
  votes: number;
  /** Distinct voters of a segment of people; null for the other scopes. */
  voters: number | null;
  /** The newest vote the fit counted (docs/ranking.md §7); null for a replayed fit of history. */
  lastVoteId: number | null;
  rows: RankingRow[];
}

/** What a segment query resolved to: its scope key and the answer's `segment` before availability. */
type ResolvedSegment = Omit<RankingSegment, 'voters' | 'available'>;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Reads the snapshots the ranking job writes; never fits anything itself (readers never wait for a fit). */
export class RankingService {
  private readonly cache = new Map<string, { at: number; value: Promise<Snapshot | null> }>();
  /** Serialized ranking pages by query: the same first pages are asked for over and over. */
  private readonly pages = new Map<string, { at: number; json: string }>();
  private segmentsCache: { at: number; value: Promise<Segments> } | null = null;
  /** The catalogue copy each snapshot's rows were drawn from (see load). */
  private readonly builtFrom = new WeakMap<Snapshot, ReadonlyMap<string, unknown>>();
  /** Each segment snapshot as published, without its counts (withoutCounts), made once per snapshot. */
  private readonly published = new WeakMap<Snapshot, Snapshot>();

  constructor(
    private readonly repository: RankingRepository,
    private readonly catalogue: CatalogueCache,
    private readonly teams: TeamService,
    private readonly segments: { enabled: boolean; minVoters: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** After a fit in this process; other processes' fits show within CACHE_MS. */
  invalidate(): void {
    this.cache.clear();
    this.pages.clear();
    this.segmentsCache = null;
  }

  snapshot(scope: string): Promise<Snapshot | null> {
    const hit = this.cache.get(scope);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value;
    const value = this.load(scope, hit?.value);
    this.cache.set(scope, { at: this.now(), value });
    value.catch(() => this.cache.delete(scope));
    return value;
  }

  /**
   * The scope's latest fit as rows; `previous` (the expired copy) is kept when neither the fit nor the
   * catalogue copy changed, so a ranking being viewed costs one small query every CACHE_MS rather than
   * reading and rebuilding its 2 000 rows (and their garbage) each time.
   */
  private async load(scope: string, previous?: Promise<Snapshot | null>): Promise<Snapshot | null> {
    const fit = await this.repository.latestFit(scope);
    if (!fit) return null;
    const catalogue = await this.catalogue.jerseys();
    const last = await previous?.catch(() => null);
    if (last && last.fitId === fit.id && this.builtFrom.get(last) === catalogue) return last;
    const entries = await this.repository.entries(fit.id);
    const rows: RankingRow[] = [];
    for (const e of entries) {
      const jersey = catalogue.get(e.jerseyId);
      // Deactivated since the fit: out of the ranking at once, not at the next fit.
      if (!jersey?.active) continue;
      const votes = e.wins + e.losses + e.ties;
      rows.push({
        rank: e.rank,
        rankUb: e.rankUb,
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
        previousRank: e.previousRank,
      });
    }
    const snapshot: Snapshot = {
      fitId: fit.id,
      fittedAt: new Date(fit.fittedAt).toISOString(),
      votes: fit.votes,
      voters: fit.voters,
      lastVoteId: fit.lastVoteId === null ? null : Number(fit.lastVoteId),
      rows,
    };
    this.builtFrom.set(snapshot, catalogue);
    return snapshot;
  }

  /**
   * A segment's snapshot when it may be shown (docs/segments.md): segments on, and for a segment of people
   * at least minVoters voters in its fit; otherwise null, and nothing of it is given.
   */
  private async segmentSnapshot(scope: string): Promise<Snapshot | null> {
    if (!this.segments.enabled) return null;
    const snap = await this.snapshot(scope);
    if (!snap || (isPeopleSegment(scope) && (snap.voters ?? 0) < this.segments.minVoters)) return null;
    let published = this.published.get(snap);
    if (!published) this.published.set(snap, (published = withoutCounts(snap)));
    return published;
  }

  /** The scope of a segment key ('neutral', 'fans:<slug>', 'country:<ISO>', 'state:<UF>'); 404 when unknown. */
  private async resolveSegment(key: string): Promise<ResolvedSegment> {
    const minVoters = this.segments.minVoters;
    if (key === NEUTRAL) return { key: NEUTRAL, kind: 'neutral', team: null, region: null, minVoters };
    const [kind, value = ''] = key.split(':') as [string, string];
    if (kind === 'fans') {
      const team = await this.teams.bySlug(value);
      return { key: fansSegment(team.id), kind: 'fans', team, region: null, minVoters };
    }
    if (kind === 'country' && countryCodes.has(value))
      return { key: countrySegment(value), kind: 'country', team: null, region: value, minVoters };
    if (kind === 'state' && value in BR_STATES)
      return { key: stateSegment(value), kind: 'state', team: null, region: value, minVoters };
    throw notFound();
  }

  /** The segments shown now, each with its voters, for the pickers; shared like the snapshots. */
  segmentList(): Promise<Segments> {
    if (this.segmentsCache && this.now() - this.segmentsCache.at < CACHE_MS) return this.segmentsCache.value;
    const value = this.loadSegmentList();
    this.segmentsCache = { at: this.now(), value };
    value.catch(() => (this.segmentsCache = null));
    return value;
  }

  private async loadSegmentList(): Promise<Segments> {
    const out: Segments = { minVoters: this.segments.minVoters, fans: [], countries: [], states: [] };
    if (!this.segments.enabled) return out;
    const fits = (await this.repository.segmentFits()).filter((f) => f.voters >= this.segments.minVoters);
    for (const { scope, voters } of fits) {
      const [kind, value = ''] = scope.split(':') as [string, string];
      const team = kind === 'fans' ? await this.teams.summaryById(value) : null;
      if (team) out.fans.push({ team, voters });
      else if (kind === 'country') out.countries.push({ code: value, voters });
      else if (kind === 'state') out.states.push({ code: value, voters });
    }
    out.fans.sort((a, b) => b.voters - a.voters || a.team.name.localeCompare(b.team.name));
    out.countries.sort((a, b) => b.voters - a.voters || a.code.localeCompare(b.code));
    out.states.sort((a, b) => b.voters - a.voters || a.code.localeCompare(b.code));
    return out;
  }

  private async teamScopeOf(slug: string | undefined) {
    if (!slug) return { scope: GLOBAL, team: null };
    const team = await this.teams.bySlug(slug);
    return { scope: teamScope(team.id), team };
  }

  async ranking(q: {
    team?: string;
    segment?: string;
    seasonFrom?: number;
    seasonTo?: number;
    model?: string;
    supplier?: string;
    page: number;
    pageSize: number;
  }): Promise<Ranking> {
    // Segments are rankings of the global scope: a team's ranking by segment is not offered.
    if (q.team && q.segment) throw fieldError('segment', 'invalidValue');
    const { scope, team } = await this.teamScopeOf(q.team);
    const segment = q.segment ? await this.resolveSegment(q.segment) : null;
    const snap = segment ? await this.segmentSnapshot(segment.key) : await this.snapshot(scope);
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
      votes: segment ? null : (snap?.votes ?? 0),
      axis:
        all.length > 0
          ? { min: Math.min(...all.map((r) => r.lower)), max: Math.max(...all.map((r) => r.upper)) }
          : null,
      models: distinct(all.map((r) => r.jersey.model)),
      suppliers: distinct(all.map((r) => r.jersey.supplier)),
      seasons: seasons.length > 0 ? { min: Math.min(...seasons), max: Math.max(...seasons) } : null,
      segment: segment && {
        ...segment,
        voters: isPeopleSegment(segment.key) ? (snap?.voters ?? null) : null,
        available: segment.kind === 'neutral' ? this.segments.enabled : snap !== null,
      },
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

  /** Each listed jersey's place in the latest global snapshot (a member's collection shows it); unranked ones are left out. */
  async globalStandings(ids: readonly string[]): Promise<Map<string, NonNullable<CollectionStanding>>> {
    const snap = await this.snapshot(GLOBAL);
    const wanted = new Set(ids);
    const out = new Map<string, NonNullable<CollectionStanding>>();
    for (const row of snap?.rows ?? [])
      if (wanted.has(row.jersey.id))
        out.set(row.jersey.id, {
          rank: row.rank,
          of: snap!.rows.length,
          score: row.score,
          provisional: row.provisional,
        });
    return out;
  }

  async jerseyRating(id: string): Promise<JerseyRating> {
    const jersey = (await this.catalogue.jerseys()).get(id);
    if (!jersey) throw notFound();
    const standingIn = async (snapshot: Promise<Snapshot | null>): Promise<Standing | null> => {
      const snap = await snapshot;
      const row = snap?.rows.find((r) => r.jersey.id === id);
      if (!snap || !row) return null;
      const { rank, rankUb, score, lower, upper, votes, wins, losses, ties, provisional } = row;
      const of = snap.rows.length;
      return { rank, rankUb, of, score, lower, upper, votes, wins, losses, ties, provisional, fittedAt: snap.fittedAt };
    };
    const [global, team, neutral, ownFans, history] = await Promise.all([
      standingIn(this.snapshot(GLOBAL)),
      standingIn(this.snapshot(teamScope(jersey.teamId))),
      standingIn(this.segmentSnapshot(NEUTRAL)),
      standingIn(this.segmentSnapshot(fansSegment(jersey.teamId))),
      this.repository.history(GLOBAL, id, HISTORY_POINTS),
    ]);
    return {
      global,
      team,
      neutral,
      ownFans,
      history: history.reverse().map((h) => ({
        at: new Date(h.at).toISOString(),
        score: round1(Number(h.score)),
        lower: round1(Number(h.lower)),
        upper: round1(Number(h.upper)),
      })),
    };
  }

  /**
   * The whole snapshot of a scope, for the open-data download. The global and team snapshots name the
   * votes they count (docs/ranking.md §7): every valid, non-skip vote with an id up to `lastVoteId`, `votes`
   * of them on the listed jerseys' pairs, so a refit of the votes export up to it gives the same scores.
   */
  async exportRows(teamSlug: string | undefined, segmentKey?: string) {
    if (teamSlug && segmentKey) throw fieldError('segment', 'invalidValue');
    const { scope } = await this.teamScopeOf(teamSlug);
    const segment = segmentKey ? await this.resolveSegment(segmentKey) : null;
    const snap = segment ? await this.segmentSnapshot(segment.key) : await this.snapshot(scope);
    const rows = (snap?.rows ?? []).map((r) => ({
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
    }));
    // A segment's file has no count columns at all (docs/segments.md, "Threat model").
    return {
      fittedAt: snap?.fittedAt ?? null,
      // Segments are fitted from their own tallies, not read up to the watermark, and carry no counts.
      lastVoteId: segment ? null : (snap?.lastVoteId ?? null),
      votes: segment ? null : (snap?.votes ?? 0),
      rows: segment ? rows.map(({ votes: _v, wins: _w, losses: _l, ties: _t, ...rest }) => rest) : rows,
    };
  }
}

/**
 * A segment's snapshot as it may be published: scores, intervals and ranks, no vote counts. Exact counts of
 * two segments, or of one segment before and after a member leaves it, subtract to a few people's votes; the
 * neutral ranking's subtract from the (exact, public) global ones to the own-team votes of small fanbases.
 * The cached snapshot keeps its counts (the job's own numbers); this is a copy without them.
 */
function withoutCounts(snap: Snapshot): Snapshot {
  return {
    ...snap,
    votes: 0,
    rows: snap.rows.map((r) => ({ ...r, votes: null, wins: null, losses: null, ties: null, winRate: null })),
  };
}

function distinct<T extends NamedRef>(list: T[]): T[] {
  const seen = new Map(list.map((x) => [x.slug, x]));
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

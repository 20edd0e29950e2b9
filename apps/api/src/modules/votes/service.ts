import {
  MY_RANKING_MIN_VOTES,
  type MyRanking,
  type MyRankingRow,
  type MyVotes,
  type VoterFlag,
} from '@manto/contracts';
import { GLOBAL, parseScope, tournamentOf } from '#lib/scopes.ts';
import { pageOffset } from '#lib/search.ts';
import { type CatalogueCache, bilingual, summary } from '#modules/jerseys/index.ts';
import { type RankingService, fitVotes } from '#modules/rankings/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import type { VoteRepository, Voter } from './repository.ts';

const round1 = (x: number) => Math.round(x * 10) / 10;

/** How the votes export reads the table (app.ts picks them per database). */
export interface ExportOptions {
  /** Votes per chunk: one chunk is one query. */
  chunkRows: number;
  /** Chunk queries running at once in this process, across all exports. */
  concurrency: number;
}

/** Reading votes back: the open-data export, a member's own votes, and the moderators' voter flags. */
export class VoteService {
  private readonly exportTurns: Turns;

  constructor(
    private readonly repository: VoteRepository,
    private readonly catalogue: CatalogueCache,
    private readonly tournaments: Pick<TournamentService, 'scopeById'>,
    private readonly crowd: Pick<RankingService, 'snapshot'>,
    private readonly exportOptions: ExportOptions = { chunkRows: 1_000, concurrency: 2 },
  ) {
    this.exportTurns = new Turns(exportOptions.concurrency);
  }

  /**
   * The export's next votes after `afterId`, in id order, as text: no voter, user, IP or user agent
   * leaves the server. However many exports run, at most `export.concurrency` chunks are being read at
   * once in this process, each after a turn of the event loop (docs/perf/votes-export.md).
   */
  exportChunk(afterId: number, format: 'csv' | 'json') {
    return this.exportTurns.run(() => this.repository.exportChunk(afterId, this.exportOptions.chunkRows, format));
  }

  /** A member's votes, newest first, each judged against the latest global ranking. */
  async myVotes(userId: string, q: { page: number; pageSize: number }): Promise<MyVotes> {
    const [{ rows, totals }, catalogue] = await Promise.all([
      this.repository.judgedVotes(userId, GLOBAL, { limit: q.pageSize, offset: pageOffset(q.page, q.pageSize) }),
      this.catalogue.jerseys(),
    ]);
    const items = await Promise.all(
      rows.map(async (r) => {
        const { teamId, modelId } = parseScope(r.scope);
        const tournamentId = tournamentOf(r.scope);
        const [team, model, tournament] = await Promise.all([
          teamId ? this.catalogue.teamById(teamId) : null,
          modelId ? this.catalogue.modelById(modelId) : null,
          tournamentId ? this.tournaments.scopeById(tournamentId) : null,
        ]);
        return {
          id: String(r.id),
          answeredAt: new Date(r.answered_at).toISOString(),
          outcome: r.outcome,
          skipReason: r.skip_reason,
          scope: {
            team: team && bilingual(team),
            model: model && bilingual(model),
            tournament: tournament && { slug: tournament.slug, namePt: tournament.namePt, nameEn: tournament.nameEn },
          },
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

  /**
   * A voter's own ranking (docs/ranking.md §9): once they have answered MY_RANKING_MIN_VOTES duels, the
   * official fit of their votes alone over the jerseys they saw (jerseys never seen are absent, not last),
   * beside the crowd's global ranking: their agreement with it, the pick furthest from it, and a member's
   * favourite team's jersey they rank highest.
   */
  async myRanking(who: Voter): Promise<MyRanking> {
    const [answered, totals, snapshot, catalogue, favouriteTeam] = await Promise.all([
      this.repository.answeredVotes(who),
      this.repository.judgedTotals(who, GLOBAL),
      this.crowd.snapshot(GLOBAL),
      this.catalogue.jerseys(),
      'userId' in who ? this.repository.favouriteTeamOf(who.userId) : null,
    ]);
    const agreement = { judged: totals?.judged ?? 0, agreed: totals?.agreed ?? 0 };
    const base = { votes: answered.length, required: MY_RANKING_MIN_VOTES, agreement };
    if (answered.length < MY_RANKING_MIN_VOTES) return { ...base, items: [], contrarian: null, favourite: null };

    const index = new Map<string, number>();
    const ids: string[] = [];
    const numbered = (id: string) => {
      let i = index.get(id);
      if (i === undefined) {
        i = ids.push(id) - 1;
        index.set(id, i);
      }
      return i;
    };
    const record = new Map<string, { wins: number; losses: number; ties: number }>();
    const tally = (id: string) => {
      let r = record.get(id);
      if (!r) record.set(id, (r = { wins: 0, losses: 0, ties: 0 }));
      return r;
    };
    const fitted = answered.map((v) => {
      const [left, right] = [numbered(v.left_id), numbered(v.right_id)];
      if (v.outcome === 'left' || v.outcome === 'right') {
        const [winner, loser] = v.outcome === 'left' ? [v.left_id, v.right_id] : [v.right_id, v.left_id];
        tally(winner).wins++;
        tally(loser).losses++;
      } else {
        tally(v.left_id).ties++;
        tally(v.right_id).ties++;
      }
      return { left, right, outcome: v.outcome };
    });
    const score = fitVotes(ids.length, fitted);

    const crowdRows = new Map((snapshot?.rows ?? []).map((row) => [row.jersey.id, row]));
    // Shown: the jerseys still in the catalogue, best first. Scores are compared as shown (to a tenth): equal
    // records give equal scores only up to rounding, which would order them differently from one read to the
    // next; equal ones go by id, so the order is the same for the same votes.
    const shown = ids
      .map((id, i) => ({ id, score: Math.round(score[i]! * 10) / 10, jersey: catalogue.get(id) }))
      .filter((x) => x.jersey?.active)
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const items: MyRankingRow[] = shown.map((x, i) => ({
      rank: i + 1,
      jersey: summary(x.jersey!),
      score: x.score,
      ...record.get(x.id)!,
      crowdRank: crowdRows.get(x.id)?.rank ?? null,
    }));
    const rankOf = new Map(items.map((row) => [row.jersey.id, row.rank]));

    // The pick furthest from the crowd: the largest crowd score the chosen jersey was behind by.
    let contrarian: MyRanking['contrarian'] = null;
    for (const v of answered) {
      if (v.outcome !== 'left' && v.outcome !== 'right') continue;
      const [pickedId, overId] = v.outcome === 'left' ? [v.left_id, v.right_id] : [v.right_id, v.left_id];
      const [picked, over] = [crowdRows.get(pickedId), crowdRows.get(overId)];
      if (!picked || !over || !rankOf.has(pickedId) || !rankOf.has(overId)) continue;
      const gap = Math.round((over.score - picked.score) * 10) / 10;
      if (gap > 0 && gap > (contrarian?.gap ?? 0))
        contrarian = {
          picked: picked.jersey,
          over: over.jersey,
          gap,
          pickedRank: rankOf.get(pickedId)!,
          overRank: rankOf.get(overId)!,
        };
    }
    const best = favouriteTeam ? shown.find((x) => x.jersey!.teamId === favouriteTeam) : undefined;
    const favourite = best ? { jersey: summary(best.jersey!), rank: rankOf.get(best.id)! } : null;
    return { ...base, items, contrarian, favourite };
  }

  /** How many of a visitor id's votes signing in could keep: those in no account yet. */
  unattachedVotes(voterKey: string): Promise<number> {
    return this.repository.unattachedVotes(voterKey);
  }

  /**
   * Keeps a visitor's votes in the member's account, at the member's request, from the browser that holds the
   * visitor's signed id (docs/ranking.md §9). Votes already in an account stay where they are, so a second
   * call keeps nothing.
   */
  attachVotes(voterKey: string, userId: string): Promise<number> {
    return this.repository.attachVotes(voterKey, userId);
  }

  async flags(): Promise<VoterFlag[]> {
    const rows = await this.repository.flags();
    return rows.map((r) => ({
      id: r.id,
      voter: pseudonym(r.voterKey),
      userName: r.userName,
      reason: r.reason,
      votes: r.votes,
      zScore: r.zScore === null ? null : round1(Number(r.zScore)),
      flaggedAt: new Date(r.flaggedAt).toISOString(),
      restoredAt: r.restoredAt ? new Date(r.restoredAt).toISOString() : null,
    }));
  }

  /** A moderator's restore: how many votes count again, or null when there is no such open flag. */
  restoreFlag(flagId: string, moderatorId: string): Promise<number | null> {
    return this.repository.restoreFlag(flagId, moderatorId);
  }
}

/** Moderators see who is who only as far as they need: a member's name, or a visitor's or network's short tag. */
function pseudonym(voterKey: string): string {
  const [kind, id] = voterKey.split(':');
  return `${kind === 'u' ? 'member' : kind === 'n' ? 'network' : 'visitor'}-${(id ?? '').slice(0, 8)}`;
}

/**
 * At most `limit` jobs at once, first come first served, each started after a turn of the event loop so
 * the requests waiting on I/O are answered between two chunks. Embedded PGlite runs queries on the
 * event loop itself and starts its next queued query at once, so without this 8 exports' chunks would
 * run back to back and nothing else would answer meanwhile.
 */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

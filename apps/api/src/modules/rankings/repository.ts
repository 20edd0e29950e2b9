import { and, desc, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#db/client.ts';
import { acquireLease, releaseLease } from '#db/leases.ts';
import { changeVoteValidity, TALLY } from '#db/pair-stats.ts';
import {
  jerseys,
  pairStats,
  rankingEntries,
  rankingFits,
  segmentMembers,
  segmentPairStats,
  segmentPending,
  users,
  voterFlags,
  votes,
} from '#db/schema/index.ts';
import { col, cols } from '#db/sql-names.ts';
import { GLOBAL } from '#lib/scopes.ts';
import { OWN, type SegmentMember } from './segments.ts';
import { type PairTallies, TallyBuilder } from './tallies.ts';

export type FitRow = typeof rankingFits.$inferInsert;
export type EntryRow = Omit<typeof rankingEntries.$inferSelect, 'fitId'>;

/** Counted votes collapsed by pair and outcome, as the fits read them. */
export interface CountedVotes {
  left_id: string;
  right_id: string;
  outcome: string;
  n: number;
}

/** A voter whose picks fit the ranking too badly (outliers.ts). */
export interface OutlierSuspect {
  voter_key: string;
  n: number;
  z: number;
}

/** One page of pair tallies: its size, its last key, and its pairs in the index as five int32 each. */
interface TallyPage {
  rows: number;
  last_low: string | null;
  last_high: string | null;
  pairs: Uint8Array | null;
}

/**
 * The rankings module's SQL: the snapshots readers are served from and everything the ranking job
 * reads and writes (state, lease, votes, snapshots, pruning, outlier flags).
 */
export class RankingRepository {
  /** `jobs` serves the job's statements (the background pool, client.ts); `db` the readers'. */
  constructor(
    private readonly db: Db,
    private readonly jobs: Db = db,
  ) {}

  // ——— snapshots, for readers ———

  async latestFit(scope: string): Promise<{
    id: number;
    fittedAt: Date;
    votes: number;
    voters: number | null;
    lastVoteId: number | null;
  } | null> {
    const [fit] = await this.db
      .select({
        id: rankingFits.id,
        fittedAt: rankingFits.fittedAt,
        votes: rankingFits.votes,
        voters: rankingFits.voters,
        lastVoteId: rankingFits.lastVoteId,
      })
      .from(rankingFits)
      .where(eq(rankingFits.scope, scope))
      .orderBy(desc(rankingFits.id))
      .limit(1);
    return fit ?? null;
  }

  /** The latest fit's voters of every segment of people (docs/segments.md). */
  async segmentFits(): Promise<{ scope: string; voters: number }[]> {
    const rows = await this.db
      .selectDistinctOn([rankingFits.scope], { scope: rankingFits.scope, voters: rankingFits.voters })
      .from(rankingFits)
      .where(sql`${rankingFits.scope} ~ '^(fans|country|state):'`)
      .orderBy(rankingFits.scope, desc(rankingFits.id));
    return rows.map((r) => ({ scope: r.scope, voters: r.voters ?? 0 }));
  }

  /** A fit's rows in rank order. */
  entries(fitId: number): Promise<EntryRow[]> {
    const { fitId: _f, ...columns } = getTableColumns(rankingEntries);
    return this.db
      .select(columns)
      .from(rankingEntries)
      .where(eq(rankingEntries.fitId, fitId))
      .orderBy(rankingEntries.rank);
  }

  /** A jersey's latest `limit` scores in a scope, newest first. */
  history(scope: string, jerseyId: string, limit: number) {
    return this.db
      .select({
        at: rankingFits.fittedAt,
        score: rankingEntries.score,
        lower: rankingEntries.lower,
        upper: rankingEntries.upper,
      })
      .from(rankingEntries)
      .innerJoin(rankingFits, eq(rankingFits.id, rankingEntries.fitId))
      .where(and(eq(rankingFits.scope, scope), eq(rankingEntries.jerseyId, jerseyId)))
      .orderBy(desc(rankingFits.fittedAt))
      .limit(limit);
  }

  /**
   * Seconds by which the newest vote (highest id) was answered after the latest global snapshot was
   * written; 0 when the snapshot is newer or there are no votes (the ranking lag metric).
   */
  async lagSeconds(): Promise<number> {
    const [row] = await queryRows<{ lag: number | string | null }>(
      this.db,
      sql`select greatest(0, extract(epoch from
            (select ${votes.answeredAt} from ${votes} order by ${votes.id} desc limit 1)
            - coalesce((select max(${rankingFits.fittedAt}) from ${rankingFits} where ${rankingFits.scope} = ${GLOBAL}),
                       '-infinity'::timestamptz))) as lag`,
    );
    return Number(row?.lag ?? 0);
  }

  // ——— the job ———

  /**
   * A cheap fingerprint of everything a fit depends on, to skip idle runs: the newest vote, the flags
   * (the only way a stored vote's validity changes), the catalogue and the members' profiles (segments
   * follow them, docs/segments.md). Index lookups and small tables only: no count over the votes.
   */
  async state(): Promise<string> {
    const [row] = await queryRows<Record<string, unknown>>(
      this.jobs,
      sql`select (select max(${votes.id}) from ${votes}) as votes,
                 (select count(*) || '/' || count(${voterFlags.restoredAt}) from ${voterFlags}) as flags,
                 (select max(${jerseys.updatedAt}) from ${jerseys}) as jerseys, (select count(*) from ${jerseys}) as n,
                 (select max(${users.updatedAt}) || '/' || count(*) from ${users}) as users`,
    );
    return JSON.stringify(row);
  }

  /** Rows of the global pair tallies: the size to read them into (pairTallies' `expected`). */
  async pairCount(): Promise<number> {
    const [row] = await queryRows<{ n: number | string }>(this.jobs, sql`select count(*) as n from ${pairStats}`);
    return Number(row?.n ?? 0);
  }

  /**
   * The vote watermark of a live fit (docs/ranking.md §7): the newest vote's id (0 when there is none), read
   * once no vote that could have a lower id is still being written. Vote ids come from a sequence, so a vote
   * statement still running when the newest vote committed may hold a lower id and commit after it; the
   * share lock waits for every statement writing votes to finish (new ones wait the moment it takes) and is
   * let go at once. From then on the votes with an id up to the watermark are settled: the fit's tallies,
   * read up to it (pairTallies' `upTo`), are exactly those votes.
   */
  voteWatermark(): Promise<number> {
    return this.jobs.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '10s'`);
      await tx.execute(sql`lock table ${votes} in share mode`);
      const [row] = await queryRows<{ id: number | string | null }>(
        tx,
        sql`select max(${votes.id}) as id from ${votes}`,
      );
      return Number(row?.id ?? 0);
    });
  }

  /**
   * The pair tallies (every valid, non-skip vote, kept by the vote statement and by flag changes) as
   * typed arrays over `index` (jersey id → position; pairs with another jersey are left out), read in
   * pages along the primary key so memory stays flat whatever the number of pairs, and each page is a short
   * task on the event loop (requests are served between them). The database turns the ids into positions
   * and packs a page into one value, 20 bytes a pair: read as rows, the ten thousand row objects of a page
   * piled up over the socket reads that bring it, outlived young collections, and at ten million votes (eight
   * million rows with the segments') filled the main heap (docs/perf/ranking-job.md). With `segment`, that
   * segment's tallies (segment_pair_stats, as the last rebuildSegmentTallies left them). With `upTo` (the
   * global tallies of a live fit), only the votes with an id up to that watermark: each page takes out, in
   * the same statement (so from the same snapshot of the tallies), the counted votes above it on its
   * pairs, and leaves out a pair left with no vote, so the fit is exactly a refit of the votes export up to
   * the watermark (docs/ranking.md §7).
   */
  async pairTallies(
    index: ReadonlyMap<string, number>,
    segment?: string,
    expected?: number,
    pageSize = 10_000,
    upTo?: number,
  ): Promise<PairTallies> {
    const t = segment === undefined ? pairStats : segmentPairStats;
    const only = segment === undefined ? sql`true` : sql`${segmentPairStats.segment} = ${segment}`;
    const ids: string[] = [];
    for (const [id, at] of index) ids[at] = id;
    const positions = JSON.stringify(ids);
    const out = new TallyBuilder(expected);
    let after: { low: string; high: string } | null = null;
    for (;;) {
      // The page is cut along the key first (so the index gives it in order), then given positions: a pair
      // with a jersey outside `index` has none and is left out, and the next page starts after the last key.
      const result: TallyPage[] = await queryRows<TallyPage>(
        this.jobs,
        sql`with p as (select e.id::uuid as id, (e.at - 1)::int as at
                         from json_array_elements_text(${positions}::json) with ordinality as e(id, at)),
                 page as (select ${col(t.lowId)} as low_id, ${col(t.highId)} as high_id, ${col(t.lowWins)} as low_wins,
                                 ${col(t.highWins)} as high_wins, ${col(t.ties)} as ties
                            from ${t}
                           where ${only}
                             ${after ? sql`and (${t.lowId}, ${t.highId}) > (${after.low}::uuid, ${after.high}::uuid)` : sql``}
                           order by ${t.lowId}, ${t.highId} limit ${pageSize}),
                 counted as (${
                   upTo === undefined
                     ? sql`select * from page`
                     : sql`select page.low_id, page.high_id, page.low_wins - coalesce(late.low_wins, 0) as low_wins,
                                  page.high_wins - coalesce(late.high_wins, 0) as high_wins,
                                  page.ties - coalesce(late.ties, 0) as ties
                             from page left join (
                               select least(left_id, right_id) as low_id, greatest(left_id, right_id) as high_id, ${TALLY}
                                 from ${votes} where ${votes.id} > ${upTo} and ${votes.valid} and ${votes.outcome} <> 'skip'
                                group by 1, 2) late using (low_id, high_id)
                            where page.low_wins + page.high_wins + page.ties
                                  > coalesce(late.low_wins + late.high_wins + late.ties, 0)`
                 }),
                 last as (select low_id, high_id from page order by low_id desc, high_id desc limit 1)
            select (select count(*)::int from page) as rows,
                   (select low_id::text from last) as last_low,
                   (select high_id::text from last) as last_high,
                   (select string_agg(int4send(l.at) || int4send(h.at) || int4send(c.low_wins) ||
                                      int4send(c.high_wins) || int4send(c.ties), ''::bytea
                                      order by c.low_id, c.high_id)
                      from counted c join p l on l.id = c.low_id join p h on h.id = c.high_id) as pairs`,
      );
      const page = result[0]!;
      if (page.pairs) {
        // int4send writes big-endian, DataView's default.
        const view = new DataView(page.pairs.buffer, page.pairs.byteOffset, page.pairs.byteLength);
        for (let at = 0; at < view.byteLength; at += 20)
          out.add(
            view.getInt32(at),
            view.getInt32(at + 4),
            view.getInt32(at + 8),
            view.getInt32(at + 12),
            view.getInt32(at + 16),
          );
      }
      if (page.rows < pageSize) return out.build();
      after = { low: page.last_low!, high: page.last_high! };
    }
  }

  // ——— segments (docs/segments.md) ———

  /** Members whose profile segments may use: not opted out, with a favourite team or a country. */
  segmentMembers(): Promise<SegmentMember[]> {
    return this.jobs
      .select({ id: users.id, favouriteTeamId: users.favouriteTeamId, country: users.country, state: users.state })
      .from(users)
      .where(
        sql`not ${users.segmentOptOut} and (${users.favouriteTeamId} is not null or ${users.country} is not null)`,
      );
  }

  /** Which of these members have at least one counted vote (one index probe each, through the voter index). */
  async votingMembers(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      this.jobs,
      sql`select m.id from json_to_recordset(${JSON.stringify(ids.map((id) => ({ id })))}::json) as m(id uuid)
           where exists (select 1 from ${votes} where ${votes.userId} = m.id and ${votes.valid} and ${votes.outcome} <> 'skip')`,
    );
    return new Set(rows.map((r) => r.id));
  }

  /** The applied segment membership (segment_members): who each segment is fitted from. */
  async appliedMembership(): Promise<Map<string, Set<string>>> {
    const rows = await this.jobs
      .select({ segment: segmentMembers.segment, userId: segmentMembers.userId })
      .from(segmentMembers);
    const out = new Map<string, Set<string>>();
    for (const r of rows) {
      let set = out.get(r.segment);
      if (!set) out.set(r.segment, (set = new Set()));
      set.add(r.userId);
    }
    return out;
  }

  /** Since when each segment with changes waiting for their batch has had them. */
  async pendingSince(): Promise<Map<string, Date>> {
    const rows = await this.jobs.select().from(segmentPending);
    return new Map(rows.map((r) => [r.segment, new Date(r.since)]));
  }

  /**
   * In one transaction: each listed segment's applied membership replaced by its new member list, and the
   * segments' waiting marks set (`waiting`, kept when already there) or cleared (`settled`).
   */
  async saveMembership(
    members: Map<string, string[]>,
    waiting: { segment: string; since: Date }[],
    settled: string[],
  ): Promise<void> {
    const rows = [...members].flatMap(([segment, ids]) => ids.map((id) => ({ segment, id })));
    const m = segmentMembers;
    await this.jobs.transaction(async (tx) => {
      if (members.size > 0) {
        await tx.delete(m).where(inArray(m.segment, [...members.keys()]));
        if (rows.length > 0)
          await tx.execute(sql`insert into ${m} (${cols(m.segment, m.userId)})
            select x.segment, x.id from json_to_recordset(${JSON.stringify(rows)}::json) as x(segment text, id uuid)
              join ${users} u on u.id = x.id`);
      }
      if (settled.length > 0) await tx.delete(segmentPending).where(inArray(segmentPending.segment, settled));
      if (waiting.length > 0)
        await tx
          .insert(segmentPending)
          .values(waiting.map((w) => ({ segment: w.segment, since: w.since })))
          .onConflictDoNothing();
    });
  }

  /**
   * Replaces segment_pair_stats, in one transaction, with the counted votes of the applied members
   * (segment_members) per segment and pair, for the segments listed in `segments`; and 'own': a vote by a
   * member of a fanbase on a duel with a jersey of that team, which the neutral ranking leaves out (counted
   * once even while a member who changed team is, for a batch's time, in two fanbases).
   */
  async rebuildSegmentTallies(segments: string[]): Promise<void> {
    const s = segmentPairStats;
    const m = segmentMembers;
    const pair = sql`least(v.${col(votes.leftId)}, v.${col(votes.rightId)}), greatest(v.${col(votes.leftId)}, v.${col(votes.rightId)})`;
    const counted = sql`v.${col(votes.valid)} and v.${col(votes.outcome)} <> 'skip'`;
    await this.jobs.transaction(async (tx) => {
      await tx.delete(s);
      await tx.execute(
        sql`insert into ${s} (${cols(s.segment, s.lowId, s.highId, s.lowWins, s.highWins, s.ties)})
        select m.${col(m.segment)}, ${pair}, ${TALLY}
          from ${votes} v join ${m} m on m.${col(m.userId)} = v.${col(votes.userId)}
         where ${counted}
           and m.${col(m.segment)} in (select value from json_array_elements_text(${JSON.stringify(segments)}::json))
           -- A state's members only as far as they are in Brazil's segment too (effectiveMembership).
           and (m.${col(m.segment)} not like 'state:%' or exists (select 1 from ${m} b where b.${col(m.segment)} = 'country:BR'
                                                               and b.${col(m.userId)} = m.${col(m.userId)}))
         group by 1, 2, 3
        union all
        select ${OWN}::text, ${pair}, ${TALLY}
          from ${votes} v
          join ${jerseys} l on l.${col(jerseys.id)} = v.${col(votes.leftId)}
          join ${jerseys} r on r.${col(jerseys.id)} = v.${col(votes.rightId)}
         where ${counted} and v.${col(votes.userId)} is not null
           and exists (select 1 from ${m} m where m.${col(m.userId)} = v.${col(votes.userId)}
                          and m.${col(m.segment)} in ('fans:' || l.${col(jerseys.teamId)}, 'fans:' || r.${col(jerseys.teamId)}))
         group by 2, 3`,
      );
    });
  }

  /**
   * Per segment in segment_pair_stats: an order-independent digest of its rows (a sum of row hashes) and
   * its counted votes, computed in the database so an unchanged segment is not read at all.
   */
  async segmentDigests(): Promise<Map<string, { digest: string; votes: number; pairs: number }>> {
    const s = segmentPairStats;
    const rows = await queryRows<{ segment: string; digest: string; votes: number; pairs: number }>(
      this.jobs,
      sql`select ${col(s.segment)} as segment, count(*)::int as pairs,
                 (count(*) || ':' || sum(hashtextextended(${col(s.lowId)}::text || ${col(s.highId)}::text || ':' ||
                   ${col(s.lowWins)} || ':' || ${col(s.highWins)} || ':' || ${col(s.ties)}, 0)::numeric)) as digest,
                 sum(${col(s.lowWins)} + ${col(s.highWins)} + ${col(s.ties)})::int as votes
            from ${s} group by 1`,
    );
    return new Map(rows.map((r) => [r.segment, { digest: r.digest, votes: Number(r.votes), pairs: Number(r.pairs) }]));
  }

  /** Drops every fit of these scopes (segments that fell below the voter threshold). */
  async deleteFits(scopes: string[]): Promise<void> {
    if (scopes.length === 0) return;
    await this.jobs.delete(rankingFits).where(inArray(rankingFits.scope, scopes));
  }

  /** Takes or renews the named lease for `holder`; false while another holder's lease runs. */
  acquireLease(name: string, holder: string, seconds: number): Promise<boolean> {
    return acquireLease(this.jobs, name, holder, seconds);
  }

  releaseLease(name: string, holder: string): Promise<void> {
    return releaseLease(this.jobs, name, holder);
  }

  /** Valid, non-skip votes by pair and outcome; with `until`, only those answered by then. */
  countedVotes(until: Date | null): Promise<CountedVotes[]> {
    return queryRows<CountedVotes>(
      this.jobs,
      sql`select ${col(votes.leftId)} as left_id, ${col(votes.rightId)} as right_id, ${col(votes.outcome)} as outcome,
                 count(*)::int as n
            from ${votes}
           where ${votes.valid} and ${votes.outcome} <> 'skip'
                 ${until ? sql`and ${votes.answeredAt} <= ${until.toISOString()}` : sql``}
           group by ${votes.leftId}, ${votes.rightId}, ${votes.outcome}`,
    );
  }

  /** Each scope's latest fit. */
  latestFits(): Promise<{ id: number; scope: string; digest: string; lastVoteId: number | null }[]> {
    return this.jobs
      .selectDistinctOn([rankingFits.scope], {
        id: rankingFits.id,
        scope: rankingFits.scope,
        digest: rankingFits.digest,
        lastVoteId: rankingFits.lastVoteId,
      })
      .from(rankingFits)
      .orderBy(rankingFits.scope, desc(rankingFits.id));
  }

  /**
   * jersey id → place in a fit by score, ties by id: the order the job ranks by (job.ts, write), so a new
   * fit's movement compares like with like, also against a fit stored under an older order (ADR 0034).
   */
  async ranks(fitId: number): Promise<Map<string, number>> {
    const e = rankingEntries;
    const rows = await queryRows<{ jersey_id: string; rank: number }>(
      this.jobs,
      sql`select ${col(e.jerseyId)} as jersey_id,
                 (row_number() over (order by ${col(e.score)} desc, ${col(e.jerseyId)}))::int as rank
            from ${e} where ${e.fitId} = ${fitId}`,
    );
    return new Map(rows.map((r) => [r.jersey_id, Number(r.rank)]));
  }

  /**
   * Writes a snapshot in one transaction and prunes the scope's fits to the latest `keepRecent` plus
   * the last of each day (the score-over-time chart). Returns the new fit's id.
   */
  writeFit(fit: FitRow, entries: EntryRow[], keepRecent: number): Promise<number> {
    return this.jobs.transaction(async (tx) => {
      const [row] = await tx.insert(rankingFits).values(fit).returning({ id: rankingFits.id });
      const fitId = row!.id;
      // All rows as one JSON parameter: a few thousand rows cost one statement and no per-row query
      // building on the event loop (a fit's write happens while requests are served).
      const e = rankingEntries;
      await tx.execute(sql`insert into ${e} (${cols(e.fitId, e.jerseyId, e.rank, e.rankUb, e.score, e.lower, e.upper, e.wins, e.losses, e.ties, e.provisional, e.previousRank)})
        select ${fitId}, x.* from json_to_recordset(${JSON.stringify(entries)}::json) as x(
          "jerseyId" uuid, rank int, "rankUb" int, score float8, lower float8, upper float8, wins int, losses int,
          ties int, provisional boolean, "previousRank" int)`);
      const scope = fit.scope;
      await tx.execute(sql`delete from ${rankingFits} where ${rankingFits.scope} = ${scope} and ${rankingFits.id} not in (
          select ${rankingFits.id} from ${rankingFits} where ${rankingFits.scope} = ${scope}
           order by ${rankingFits.id} desc limit ${keepRecent})
        and ${rankingFits.id} not in (
          select max(${rankingFits.id}) from ${rankingFits} where ${rankingFits.scope} = ${scope}
           group by date_trunc('day', ${rankingFits.fittedAt}))`);
      return fitId;
    });
  }

  // ——— outliers (outliers.ts holds the test and its thresholds) ———

  /**
   * Voters — or, `by: 'network'`, visitors' networks (all visitor votes from one /24 or /64 judged as one
   * voter) — whose valid decisive votes score z < maxZ under the global fit, with at least `minVotes` of them
   * (outliers.ts). A network's key comes back as `n:<network key>`. Voters and networks a moderator restored
   * are never judged again. Votes stored before networks were recorded have none and are judged per voter only.
   */
  outlierSuspects(
    globalFitId: number,
    minVotes: number,
    maxZ: number,
    by: 'voter' | 'network' = 'voter',
    sinceVoteId: number | null = null,
  ): Promise<OutlierSuspect[]> {
    const v = {
      voterKey: col(votes.voterKey),
      networkKey: col(votes.networkKey),
      outcome: col(votes.outcome),
      leftId: col(votes.leftId),
      rightId: col(votes.rightId),
      valid: col(votes.valid),
    };
    const restored = sql`select ${voterFlags.voterKey} from ${voterFlags} where ${voterFlags.restoredAt} is not null`;
    const who = by === 'voter' ? sql`v.${v.voterKey} as voter_key` : sql`'n:' || v.${v.networkKey} as voter_key`;
    const which =
      by === 'voter'
        ? sql`v.${v.voterKey} not in (${restored})`
        : sql`v.${v.networkKey} is not null and v.${v.voterKey} like 'v:%' and 'n:' || v.${v.networkKey} not in (${restored})`;
    // Only those who voted since the last judgement (read through the primary key), on all their votes.
    const key = by === 'voter' ? v.voterKey : v.networkKey;
    const recent =
      sinceVoteId === null
        ? sql``
        : sql`and v.${key} in (select ${key} from ${votes} where ${votes.id} > ${sinceVoteId})`;
    return queryRows<OutlierSuspect>(
      this.jobs,
      sql`with s as (
          select ${col(rankingEntries.jerseyId)} as jersey_id, ${col(rankingEntries.score)} as score
            from ${rankingEntries} where ${rankingEntries.fitId} = ${globalFitId}),
      p as (
        select ${who}, v.${v.outcome} as outcome,
               least(greatest(1 / (1 + exp(-(l.score - r.score) * ln(10) / 400)), 1e-9), 1 - 1e-9) as pl
          from ${votes} v
          join s l on l.jersey_id = v.${v.leftId}
          join s r on r.jersey_id = v.${v.rightId}
         where v.${v.valid} and v.${v.outcome} in ('left', 'right') and ${which} ${recent}
      ),
      t as (
        select voter_key, count(*)::int as n,
               sum(ln(case when outcome = 'left' then pl else 1 - pl end)) as ll,
               sum(pl * ln(pl) + (1 - pl) * ln(1 - pl)) as e,
               sum(pl * (1 - pl) * power(ln(pl / (1 - pl)), 2)) as var
          from p group by voter_key having count(*) >= ${minVotes}
      )
      select voter_key, n, (ll - e) / sqrt(var) as z from t where var > 0 and (ll - e) / sqrt(var) < ${maxZ}`,
    );
  }

  /**
   * Flags each suspect and sets their valid votes aside (never deleted), in one transaction: a voter's votes
   * as 'outlier'; a network's (`n:<key>`) visitor votes as 'network_outlier', so a restore can tell them apart.
   */
  async flagOutliers(suspects: OutlierSuspect[]): Promise<void> {
    await this.jobs.transaction(async (tx) => {
      for (const s of suspects) {
        const network = s.voter_key.startsWith('n:') ? s.voter_key.slice(2) : null;
        const reason = network ? 'network_outlier' : 'outlier';
        await tx.insert(voterFlags).values({ voterKey: s.voter_key, reason, votes: s.n, zScore: Number(s.z) });
        const changed = tx
          .update(votes)
          .set({ valid: false, invalidReason: reason })
          .where(
            network
              ? and(eq(votes.networkKey, network), like(votes.voterKey, 'v:%'), eq(votes.valid, true))
              : and(eq(votes.voterKey, s.voter_key), eq(votes.valid, true)),
          )
          .returning({ left_id: votes.leftId, right_id: votes.rightId, outcome: votes.outcome });
        await changeVoteValidity(tx, changed.getSQL(), -1);
      }
    });
  }
}

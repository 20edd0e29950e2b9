import { eq, type SQL, sql } from 'drizzle-orm';
import type { VoteOutcome } from '@manto/contracts';
import { prepared, queryRows, type Db } from '#db/client.ts';
import { liveRatings, pairStats, tournamentMatches, voterDays, votes } from '#db/schema/index.ts';
import { constraintViolation } from '#db/errors.ts';
import { col, cols } from '#db/sql-names.ts';
import { ELO_START } from './elo.ts';

/** The Elo start written into the statements' text: the batch statement's only parameters are its votes. */
const ELO = sql.raw(String(ELO_START));

/** The columns both vote statements (one vote, a batch) insert, in the order their selects give them. */
const VOTE_COLUMNS = cols(
  votes.duelId,
  votes.scope,
  votes.leftId,
  votes.rightId,
  votes.outcome,
  votes.skipReason,
  votes.voterKey,
  votes.userId,
  votes.ipHash,
  votes.networkKey,
  votes.userAgent,
  votes.issuedAt,
  votes.answeredAt,
  votes.fast,
  votes.valid,
  votes.invalidReason,
);

/** A vote as the one-statement insert takes it. */
export interface VoteToStore {
  duelId: string;
  /** The scope the duel was drawn in. */
  scope: string;
  leftId: string;
  rightId: string;
  outcome: VoteOutcome;
  skipReason: string | null;
  voterKey: string;
  userId: string | null;
  ipHash: string;
  /** Keyed hash of the client's /24 or /64. */
  networkKey: string;
  userAgent: string | null;
  issuedAt: Date;
  /** From the clock that judged the decision time, so answered_at − issued_at is that time. */
  answeredAt: Date;
  fast: boolean;
  /** The voter's UTC day, YYYY-MM-DD, for the daily cap. */
  day: string;
  dailyCap: number;
  /**
   * For visitors: the keyed address and network hashes and their daily caps, which the vote also has to fit
   * under to count; null for members.
   */
  placeCaps: { address: string; addressCap: number; network: string; networkCap: number } | null;
  /** Elo changes as if the vote counts, per scope it counts in; applied only if it does. */
  changes: { scope: string; jerseyId: string; delta: number }[];
  /**
   * A tournament match's vote: stored only while the match is undecided and before its planned end (`at` is
   * the vote's time), read with a share lock so a round's close either counts it or refuses it.
   */
  match: { id: string; at: Date } | null;
}

export interface RatingRow {
  scope: string;
  jersey_id: string;
  rating: number;
  games: number;
}

export interface PairRow {
  low_wins: number;
  high_wins: number;
  ties: number;
}

export type StoreResult =
  | { status: 'stored'; valid: boolean; ratings: RatingRow[]; pair: PairRow }
  /** The duel id was already answered, or the voter already answered this tournament match: nothing was written. */
  | { status: 'replayed' }
  /** The tournament match was decided (or its round's time was up) before the vote: nothing was written. */
  | { status: 'match-closed' }
  /** One of the jerseys was deleted (by another process since this one loaded the catalogue). */
  | { status: 'jersey-deleted' };

/**
 * The batch statement (DuelRepository.storeVotes, docs/decisions/0019-vote-path.md): the votes and their
 * rating changes are its only parameters, JSON texts, so its text is the same for every batch and is prepared.
 */
const voteBatch = prepared<
  {
    votes: { duel_id: string; id: string; valid: boolean }[] | null;
    ratings: RatingRow[] | null;
    pairs: ({ low_id: string; high_id: string } & PairRow)[] | null;
  },
  [votesJson: string, changesJson: string]
>('manto_vote_batch', (votesJson, changesJson) => {
  const [vk, vday, vcounted] = [col(voterDays.voterKey), col(voterDays.day), col(voterDays.counted)];
  /** Adds to each counter row (key, day) the k votes of `from` that spend from it. */
  const spend = (from: 'ae' | 'ne') => sql`insert into ${voterDays} as vd (${vk}, ${vday}, ${vcounted})
        select key, day, max(k) from ${sql.raw(from)} group by key, day order by key, day
        on conflict (${vk}, ${vday}) do update set ${vcounted} = vd.${vcounted} + excluded.${vcounted}
        returning ${vk} as key, ${vday} as day, ${vcounted} as counted`;
  const rating = col(liveRatings.rating);
  const games = col(liveRatings.games);
  const [lw, hw, ties] = [col(pairStats.lowWins), col(pairStats.highWins), col(pairStats.ties)];
  return sql`with x as materialized (
      select * from json_to_recordset(${votesJson}::json) as x(
        i int, duel_id uuid, scope text, left_id uuid, right_id uuid, outcome text, skip_reason text,
        voter_key text, user_id uuid, ip_hash text, network_key text, user_agent text,
        issued_at timestamptz, answered_at timestamptz, fast boolean, day date, counts boolean,
        daily_cap int, address text, address_cap int, network text, network_cap int,
        low_id uuid, high_id uuid, low_wins int, high_wins int, ties int)
    ),
    -- The voter's counter, only for a duel never answered: a replay spends nothing. "offset 0" keeps the
    -- check one index probe per vote: as a join, the plan kept for this prepared statement hashed the
    -- whole votes table on every batch (ADR 0019, second addendum).
    d as (
      insert into ${voterDays} as vd (${vk}, ${vday}, ${vcounted})
      select x.voter_key, x.day, 1 from x
       where x.counts and not exists (select 1 from ${votes} where ${votes.duelId} = x.duel_id offset 0)
       order by x.voter_key, x.day
      on conflict (${vk}, ${vday}) do update set ${vcounted} = vd.${vcounted} + 1
      returning ${vk} as key, ${vday} as day, ${vcounted} as counted
    ),
    xd as (select x.*, d.counted as voter_n from x left join d on d.key = x.voter_key and d.day = x.day),
    -- The address: the votes that fit their voter's cap, ranked in batch order per address and day.
    ae as (
      select i, address as key, day, row_number() over w as rank, count(*) over w as k
        from xd where address is not null and voter_n <= daily_cap
      window w as (partition by address, day order by i rows between unbounded preceding and unbounded following)
    ),
    a as (${spend('ae')}),
    xa as (select ae.i, a.counted - ae.k + ae.rank as address_n from ae join a on a.key = ae.key and a.day = ae.day),
    -- The network: the votes that also fit their address's cap.
    ne as (
      select xd.i, xd.network as key, xd.day, row_number() over w as rank, count(*) over w as k
        from xd join xa on xa.i = xd.i where xa.address_n <= xd.address_cap
      window w as (partition by xd.network, xd.day order by xd.i rows between unbounded preceding and unbounded following)
    ),
    n as (${spend('ne')}),
    xn as (select ne.i, n.counted - ne.k + ne.rank as network_n from ne join n on n.key = ne.key and n.day = ne.day),
    ok as (
      select xd.*, case
          when not xd.counts then true
          when xd.address is null then coalesce(xd.voter_n, 0) <= xd.daily_cap
          else coalesce(xd.voter_n, 0) <= xd.daily_cap
            and coalesce(xa.address_n, xd.address_cap + 1) <= xd.address_cap
            and coalesce(xn.network_n, xd.network_cap + 1) <= xd.network_cap
        end as valid
        from xd left join xa on xa.i = xd.i left join xn on xn.i = xd.i
    ),
    v as (
      insert into ${votes} (${VOTE_COLUMNS})
      select duel_id, scope, left_id, right_id, outcome, skip_reason, voter_key, user_id, ip_hash, network_key,
        user_agent, issued_at, answered_at, fast, valid, case when valid then null else 'daily_cap' end
        from ok order by i
      on conflict (${col(votes.duelId)}) do nothing
      returning ${col(votes.id)} as id, ${col(votes.duelId)} as duel_id, ${col(votes.valid)} as valid
    ),
    -- The votes stored that count.
    c as (select ok.* from ok join v on v.duel_id = ok.duel_id where v.valid and ok.counts),
    y as (
      select * from json_to_recordset(${changesJson}::json) as y(i int, scope text, jersey_id uuid, delta double precision)
    ),
    r as (
      insert into ${liveRatings} as lr (${cols(liveRatings.scope, liveRatings.jerseyId, liveRatings.rating, liveRatings.games)})
      select y.scope, y.jersey_id, ${ELO} + sum(y.delta), count(*) from y join c on c.i = y.i
       group by y.scope, y.jersey_id
      -- One lock order for every statement, so two on one pair (sides swapped) cannot deadlock.
       order by y.scope, y.jersey_id
      -- excluded.rating is start + the deltas: add only those to the stored rating.
      on conflict (${cols(liveRatings.scope, liveRatings.jerseyId)}) do update
        set ${rating} = lr.${rating} + (excluded.${rating} - ${ELO}), ${games} = lr.${games} + excluded.${games}
      returning ${col(liveRatings.scope)} as scope, ${col(liveRatings.jerseyId)} as jersey_id,
        ${rating} as rating, ${games} as games
    ),
    p as (
      insert into ${pairStats} as ps (${cols(pairStats.lowId, pairStats.highId, pairStats.lowWins, pairStats.highWins, pairStats.ties)})
      select low_id, high_id, sum(low_wins), sum(high_wins), sum(ties) from c group by low_id, high_id order by low_id, high_id
      on conflict (${cols(pairStats.lowId, pairStats.highId)}) do update
        set ${lw} = ps.${lw} + excluded.${lw}, ${hw} = ps.${hw} + excluded.${hw},
            ${ties} = ps.${ties} + excluded.${ties}
      returning ${col(pairStats.lowId)} as low_id, ${col(pairStats.highId)} as high_id,
        ${lw} as low_wins, ${hw} as high_wins, ${ties} as ties
    )
    select (select json_agg(v) from v) as votes, (select json_agg(r) from r) as ratings,
      (select json_agg(q) from (
        -- A pair the batch did not count in (skips, votes past a cap, replays) is read by its key, one
        -- index probe each, and only then: joined as a table, the planner, which guesses 100 rows for the
        -- JSON, scanned every pair_stats row on each batch (docs/decisions/0019-vote-path.md, addendum).
        select xp.low_id, xp.high_id,
          coalesce(p.low_wins, (s.t).${lw}, 0) as low_wins, coalesce(p.high_wins, (s.t).${hw}, 0) as high_wins,
          coalesce(p.ties, (s.t).${ties}, 0) as ties
          from (select distinct low_id, high_id from x) xp
          left join p on p.low_id = xp.low_id and p.high_id = xp.high_id
          cross join lateral (
            select case when p.low_id is null then (
              select ps from ${pairStats} ps
               where ps.${col(pairStats.lowId)} = xp.low_id and ps.${col(pairStats.highId)} = xp.high_id)
            end as t
          ) s
      ) q) as pairs`;
});

/** The duels module's SQL: the vote statement, the voters' answered pairs and the live ratings. */
export class DuelRepository {
  constructor(private readonly db: Db) {}

  /** Every live rating, for the in-memory copy (live-ratings.ts). */
  liveRatings(): Promise<RatingRow[]> {
    return this.db
      .select({
        scope: liveRatings.scope,
        jersey_id: liveRatings.jerseyId,
        rating: liveRatings.rating,
        games: liveRatings.games,
      })
      .from(liveRatings);
  }

  /** The pairs a voter has answered, read through the votes table's voter index. */
  answeredPairs(voterKey: string): Promise<{ leftId: string; rightId: string }[]> {
    return this.db
      .select({ leftId: votes.leftId, rightId: votes.rightId })
      .from(votes)
      .where(eq(votes.voterKey, voterKey));
  }

  /**
   * Several votes in one statement, so one round trip, one plan and one commit (group commit, vote-batch.ts).
   * Each vote gets its own result, as if they had been stored one after another in the batch's order:
   * - replays (duel id already answered) write nothing and spend nothing, as in storeVote;
   * - the daily counters move once per counter row by the number of votes that spend from it, and each vote
   *   reads its own position in that run (`counted before the batch + its rank`), so every cap stays exact:
   *   a visitor's vote spends from the address only if it fits the voter's cap, from the network only if it
   *   also fits the address's;
   * - ratings and pair tallies get the sum of the counting votes' changes (still added, never overwritten),
   *   locked in one order, and each vote is answered with the rows after the batch.
   * Tournament votes are not batched (their match lock and one-answer index stay with storeVote). The
   * caller guarantees distinct voter keys (DuelService stores one voter's votes one after another); a
   * batch that breaks that fails as a whole and nothing is written.
   */
  async storeVotes(batch: VoteToStore[]): Promise<StoreResult[]> {
    const items = batch.map((v, i) => {
      if (v.match) throw new Error('storeVotes takes no tournament votes');
      const [lowId, highId] = v.leftId < v.rightId ? [v.leftId, v.rightId] : [v.rightId, v.leftId];
      const winner = v.outcome === 'left' ? v.leftId : v.outcome === 'right' ? v.rightId : null;
      const counts = v.outcome !== 'skip';
      return {
        i,
        duel_id: v.duelId,
        scope: v.scope,
        left_id: v.leftId,
        right_id: v.rightId,
        outcome: v.outcome,
        skip_reason: v.skipReason,
        voter_key: v.voterKey,
        user_id: v.userId,
        ip_hash: v.ipHash,
        network_key: v.networkKey,
        user_agent: v.userAgent,
        issued_at: v.issuedAt.toISOString(),
        answered_at: v.answeredAt.toISOString(),
        fast: v.fast,
        day: v.day,
        counts,
        daily_cap: v.dailyCap,
        address: counts && v.placeCaps ? `ip:${v.placeCaps.address}` : null,
        address_cap: v.placeCaps?.addressCap ?? null,
        network: counts && v.placeCaps ? `net:${v.placeCaps.network}` : null,
        network_cap: v.placeCaps?.networkCap ?? null,
        low_id: lowId,
        high_id: highId,
        low_wins: winner === lowId ? 1 : 0,
        high_wins: winner !== null && winner !== lowId ? 1 : 0,
        ties: v.outcome === 'tie' || v.outcome === 'both_bad' ? 1 : 0,
      };
    });
    const changes = batch.flatMap((v, i) =>
      v.outcome === 'skip' ? [] : v.changes.map((c) => ({ i, scope: c.scope, jersey_id: c.jerseyId, delta: c.delta })),
    );
    const [rows] = await voteBatch(this.db, JSON.stringify(items), JSON.stringify(changes));
    const stored = new Map((rows?.votes ?? []).map((r) => [r.duel_id, r]));
    const ratings = new Map(
      (rows?.ratings ?? []).map((r) => [
        `${r.scope}|${r.jersey_id}`,
        { ...r, rating: Number(r.rating), games: Number(r.games) },
      ]),
    );
    const pairs = new Map((rows?.pairs ?? []).map((p) => [`${p.low_id}|${p.high_id}`, p]));
    return batch.map((v, i) => {
      const row = stored.get(v.duelId);
      if (!row) return { status: 'replayed' };
      const item = items[i]!;
      const counts = row.valid && item.counts;
      const pair = pairs.get(`${item.low_id}|${item.high_id}`);
      return {
        status: 'stored',
        valid: row.valid === true,
        ratings: counts ? v.changes.flatMap((c) => ratings.get(`${c.scope}|${c.jerseyId}`) ?? []) : [],
        pair: pair
          ? { low_wins: Number(pair.low_wins), high_wins: Number(pair.high_wins), ties: Number(pair.ties) }
          : { low_wins: 0, high_wins: 0, ties: 0 },
      };
    });
  }

  /**
   * One statement, so one round trip and atomic: insert the vote — valid unless the voter already has
   * `dailyCap` counted votes today (read through the voter index) — and, only if it was inserted and
   * counts, add the Elo changes to every scope it counts in and the outcome to the pair's tally.
   * The unique duel id makes a replay insert nothing (and spend nothing). Changes are added to the
   * stored ratings, not overwritten, so concurrent votes on one jersey never lose an update.
   * Tables and columns are named through the schema (see db/sql-names.ts).
   */
  async storeVote(v: VoteToStore): Promise<StoreResult> {
    const [lowId, highId] = v.leftId < v.rightId ? [v.leftId, v.rightId] : [v.rightId, v.leftId];
    const winner = v.outcome === 'left' ? v.leftId : v.outcome === 'right' ? v.rightId : null;
    const tie = v.outcome === 'tie' || v.outcome === 'both_bad' ? 1 : 0;
    const lowWins = winner === lowId ? 1 : 0;
    const highWins = winner !== null && winner !== lowId ? 1 : 0;
    const skip = v.outcome === 'skip';

    // Every vote counts in the global ranking, so the cap per scope is in effect a cap per voter per day.
    // The day's counter moves only when this duel was never answered: a replay spends nothing.
    // A visitor's vote then spends from the address's budget only if it fits the voter's cap, and from the
    // network's only if it also fits the address's, so a capped voter does not eat the household's budget.
    // Each counter is one row incremented in this statement, so a cap holds exactly under concurrent votes,
    // from any process (docs/ranking.md §6).
    const dayCounter = (key: string, after: SQL) =>
      sql`insert into ${voterDays} as vd (${cols(voterDays.voterKey, voterDays.day, voterDays.counted)})
          select ${key}, ${v.day}, 1 ${after}
          on conflict (${cols(voterDays.voterKey, voterDays.day)})
            do update set ${col(voterDays.counted)} = vd.${col(voterDays.counted)} + 1
          returning ${col(voterDays.counted)} as counted`;
    const none = sql`select null::int as counted where false`;
    // The tournament match, share-locked while this statement runs; always one row outside tournaments.
    const match = v.match
      ? sql`select 1 as open from ${tournamentMatches}
             where ${tournamentMatches.id} = ${v.match.id} and ${tournamentMatches.closedAt} is null
               and ${tournamentMatches.closesAt} > ${v.match.at.toISOString()}
             for share`
      : sql`select 1 as open`;
    const place = skip ? null : v.placeCaps;
    const day = skip
      ? sql`select null::int as counted`
      : dayCounter(
          v.voterKey,
          sql`where not exists (select 1 from ${votes} where ${votes.duelId} = ${v.duelId}) and exists (select 1 from m)`,
        );
    const address = place ? dayCounter(`ip:${place.address}`, sql`from d where d.counted <= ${v.dailyCap}`) : none;
    const network = place
      ? dayCounter(`net:${place.network}`, sql`from a where a.counted <= ${place.addressCap}`)
      : none;
    const valid = skip
      ? sql`true`
      : place
        ? sql`coalesce((select counted from d), 0) <= ${v.dailyCap}
            and coalesce((select counted from a), ${place.addressCap + 1}) <= ${place.addressCap}
            and coalesce((select counted from n), ${place.networkCap + 1}) <= ${place.networkCap}`
        : sql`coalesce((select counted from d), 0) <= ${v.dailyCap}`;
    const counts = sql`exists (select 1 from v where v.valid)`;
    const values = sql.join(
      v.changes.map((c) => sql`(${c.scope}, ${c.jerseyId}::uuid, ${c.delta}::double precision)`),
      sql`, `,
    );
    const rating = col(liveRatings.rating);
    const games = col(liveRatings.games);
    const ratings = skip
      ? sql`select 1 where false`
      : sql`insert into ${liveRatings} as lr (${cols(liveRatings.scope, liveRatings.jerseyId, liveRatings.rating, liveRatings.games)})
          select x.scope, x.jersey_id, ${ELO} + x.delta, 1
            from (values ${values}) as x(scope, jersey_id, delta)
           where ${counts}
          -- One lock order for every vote, so two votes on one pair (sides swapped) cannot deadlock.
           order by x.scope, x.jersey_id
          -- excluded.rating is start + delta: add only the delta to the stored rating.
          on conflict (${cols(liveRatings.scope, liveRatings.jerseyId)}) do update
            set ${rating} = lr.${rating} + (excluded.${rating} - ${ELO}), ${games} = lr.${games} + 1
          returning ${col(liveRatings.scope)} as scope, ${col(liveRatings.jerseyId)} as jersey_id,
            ${rating} as rating, ${games} as games`;
    const [lw, hw, ties] = [col(pairStats.lowWins), col(pairStats.highWins), col(pairStats.ties)];
    const tally = skip
      ? sql`select 1 where false`
      : sql`insert into ${pairStats} as ps (${cols(pairStats.lowId, pairStats.highId, pairStats.lowWins, pairStats.highWins, pairStats.ties)})
          select ${lowId}, ${highId}, ${lowWins}, ${highWins}, ${tie} where ${counts}
          on conflict (${cols(pairStats.lowId, pairStats.highId)}) do update
            set ${lw} = ps.${lw} + excluded.${lw}, ${hw} = ps.${hw} + excluded.${hw},
                ${ties} = ps.${ties} + excluded.${ties}
          returning ${lw} as low_wins, ${hw} as high_wins, ${ties} as ties`;
    let rows: {
      vote_id: string | null;
      valid: boolean | null;
      open: boolean;
      ratings: RatingRow[] | null;
      pair: PairRow | null;
    }[];
    try {
      rows = await queryRows(
        this.db,
        sql`with m as (${match}), d as (${day}), a as (${address}), n as (${network}),
          v as (
            insert into ${votes} (${VOTE_COLUMNS})
            select ${v.duelId}, ${v.scope}, ${v.leftId}, ${v.rightId}, ${v.outcome}, ${v.skipReason},
              ${v.voterKey}, ${v.userId}, ${v.ipHash}, ${v.networkKey}, ${v.userAgent},
              ${v.issuedAt.toISOString()}, ${v.answeredAt.toISOString()}, ${v.fast}, ok,
              case when ok then null else 'daily_cap' end
            from (select ${valid} as ok) c
            where exists (select 1 from m)
            on conflict (${col(votes.duelId)}) do nothing
            returning ${col(votes.id)} as id, ${col(votes.valid)} as valid
          ),
          r as (${ratings}),
          p as (${tally})
          select (select id from v) as vote_id, (select valid from v) as valid, exists (select 1 from m) as open,
            (select json_agg(r) from r) as ratings,
            coalesce((select row_to_json(p) from p), (select row_to_json(q) from (
              select ${lw} as low_wins, ${hw} as high_wins, ${ties} as ties from ${pairStats}
               where ${pairStats.lowId} = ${lowId} and ${pairStats.highId} = ${highId}) q)
            ) as pair`,
      );
    } catch (error) {
      const violation = constraintViolation(error)?.kind;
      if (violation === 'foreign_key') return { status: 'jersey-deleted' };
      // Only the one-answer-per-tournament-match index can clash here (the duel id is "do nothing").
      if (violation === 'unique') return { status: 'replayed' };
      throw error;
    }
    const row = rows[0];
    if (row && !row.open) return { status: 'match-closed' };
    if (!row?.vote_id) return { status: 'replayed' };
    return {
      status: 'stored',
      valid: row.valid === true,
      ratings: (row.ratings ?? []).map((r) => ({ ...r, rating: Number(r.rating), games: Number(r.games) })),
      pair: row.pair ?? { low_wins: 0, high_wins: 0, ties: 0 },
    };
  }
}

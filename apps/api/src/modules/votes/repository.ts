import { type SQL, and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SkipReason, VoteOutcome } from '@manto/contracts';
import { queryRows, type Db } from '#db/client.ts';
import { changeVoteValidity } from '#db/pair-stats.ts';
import { rankingEntries, rankingFits, users, voterDays, voterFlags, votes } from '#db/schema/index.ts';
import { col } from '#db/sql-names.ts';

export interface JudgedVote {
  id: number;
  answered_at: Date | string;
  outcome: VoteOutcome;
  skip_reason: SkipReason | null;
  scope: string;
  left_id: string;
  right_id: string;
  valid: boolean;
  /** Whether the pick agrees with the ranking's order; null when there is nothing to judge. */
  agreed: boolean | null;
}

/** Whose votes: a member's (theirs and the visitor votes they kept), or a visitor id's. */
export type Voter = { userId: string } | { voterKey: string };

const voterIs = (who: Voter) =>
  'userId' in who ? sql`${votes.userId} = ${who.userId}` : sql`${votes.voterKey} = ${who.voterKey}`;

/** A voter's votes, each judged against the latest fit of `scope` (`agreed` null when it cannot be). */
function judgedQuery(who: Voter, scope: string) {
  const v = (column: Parameters<typeof col>[0]) => sql`v.${col(column)}`;
  const [fitId, jerseyId, score] = [col(rankingEntries.fitId), col(rankingEntries.jerseyId), col(rankingEntries.score)];
  const whose = 'userId' in who ? sql`${v(votes.userId)} = ${who.userId}` : sql`${v(votes.voterKey)} = ${who.voterKey}`;
  return sql`with f as (
      select ${rankingFits.id} from ${rankingFits} where ${rankingFits.scope} = ${scope}
       order by ${rankingFits.id} desc limit 1)
    select ${v(votes.id)} as id, ${v(votes.answeredAt)} as answered_at, ${v(votes.outcome)} as outcome,
      ${v(votes.skipReason)} as skip_reason, ${v(votes.scope)} as scope, ${v(votes.leftId)} as left_id,
      ${v(votes.rightId)} as right_id, ${v(votes.valid)} as valid,
      case when ${v(votes.outcome)} not in ('left', 'right') or l.${score} is null or r.${score} is null then null
           when ${v(votes.outcome)} = 'left' then l.${score} > r.${score} else r.${score} > l.${score} end as agreed
    from ${votes} v
    left join ${rankingEntries} l on l.${fitId} = (select id from f) and l.${jerseyId} = ${v(votes.leftId)}
    left join ${rankingEntries} r on r.${fitId} = (select id from f) and r.${jerseyId} = ${v(votes.rightId)}
    where ${whose}`;
}

/** The votes module's SQL: the open-data export, a member's votes and the moderators' flags. */
export class VoteRepository {
  constructor(private readonly db: Db) {}

  /**
   * The export's next `limit` votes after `afterId`, already written as CSV records or JSON lines by the
   * database, so Node passes one string on and a large export costs the event loop next to nothing
   * (docs/perf/votes-export.md). Without voter, user, IP or user agent; `text` is null past the last vote.
   */
  async exportChunk(
    afterId: number,
    limit: number,
    format: 'csv' | 'json',
  ): Promise<{ lastId: number; text: string | null }> {
    const r = (column: PgColumn) => sql`r.${col(column)}`;
    // The columns, their order and their text are those of JSON.stringify and lib/downloads.ts csvLine
    // applied to the rows (the JSON keys come from the aliases, the ISO time from to_char).
    const line = format === 'json' ? sql`row_to_json(r)::text` : csvRecord(r);
    const [chunk] = await queryRows<{ last_id: number | string | null; text: string | null }>(
      this.db,
      sql`select max(id) as last_id, string_agg(line, ${format === 'json' ? ',\n' : ''} order by id) as text
            from (select ${r(votes.id)} as id, ${line} as line
                    from (select ${col(votes.id)} as id, ${col(votes.scope)} as scope,
                                 ${col(votes.leftId)} as left_id, ${col(votes.rightId)} as right_id,
                                 ${col(votes.outcome)} as outcome, ${col(votes.skipReason)} as skip_reason,
                                 to_char(${col(votes.answeredAt)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                                   as answered_at,
                                 ${col(votes.valid)} as valid
                            from ${votes} where ${votes.id} > ${afterId} order by ${votes.id} limit ${limit}) r) b`,
    );
    return { lastId: Number(chunk?.last_id ?? afterId), text: chunk?.text ?? null };
  }

  /** A member's votes, newest first, each judged against the latest fit of `scope`, and their totals. */
  async judgedVotes(userId: string, scope: string, page: { limit: number; offset: number }) {
    const judged = judgedQuery({ userId }, scope);
    const v = (column: Parameters<typeof col>[0]) => sql`v.${col(column)}`;
    const [rows, totals] = await Promise.all([
      queryRows<JudgedVote>(
        this.db,
        sql`${judged} order by ${v(votes.id)} desc limit ${page.limit} offset ${page.offset}`,
      ),
      this.judgedTotals({ userId }, scope),
    ]);
    return { rows, totals };
  }

  /** How many of a voter's votes there are, how many the latest fit of `scope` can judge, and how many agree. */
  async judgedTotals(who: Voter, scope: string) {
    const [totals] = await queryRows<{ votes: number; judged: number; agreed: number }>(
      this.db,
      sql`select count(*)::int as votes, count(agreed)::int as judged,
                 count(*) filter (where agreed)::int as agreed from (${judgedQuery(who, scope)}) j`,
    );
    return totals;
  }

  /** A voter's answered duels (skips aside), whether or not they count for the crowd: their own preferences. */
  answeredVotes(who: Voter) {
    return queryRows<{ left_id: string; right_id: string; outcome: 'left' | 'right' | 'tie' | 'both_bad' }>(
      this.db,
      sql`select ${col(votes.leftId)} as left_id, ${col(votes.rightId)} as right_id, ${col(votes.outcome)} as outcome
            from ${votes} where ${voterIs(who)} and ${votes.outcome} <> 'skip' order by ${votes.id}`,
    );
  }

  async favouriteTeamOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ teamId: users.favouriteTeamId })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.teamId ?? null;
  }

  /** A visitor id's votes that are in no account yet. */
  async unattachedVotes(voterKey: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${votes} where ${votes.voterKey} = ${voterKey} and ${votes.userId} is null`,
    );
    return row?.n ?? 0;
  }

  /**
   * Puts a visitor id's votes that are in no account yet into the member's account, and says how many. The
   * voter key stays the visitor's: the caps and checks those votes were counted under stay as they were.
   */
  async attachVotes(voterKey: string, userId: string): Promise<number> {
    const rows = await this.db
      .update(votes)
      .set({ userId })
      .where(and(eq(votes.voterKey, voterKey), isNull(votes.userId)))
      .returning({ id: votes.id });
    return rows.length;
  }

  /** Voter flags, open ones first, newest first, with the member's name when the voter is a member. */
  flags() {
    return this.db
      .select({
        id: voterFlags.id,
        voterKey: voterFlags.voterKey,
        userName: users.name,
        reason: voterFlags.reason,
        votes: voterFlags.votes,
        zScore: voterFlags.zScore,
        flaggedAt: voterFlags.flaggedAt,
        restoredAt: voterFlags.restoredAt,
      })
      .from(voterFlags)
      .leftJoin(users, sql`${voterFlags.voterKey} = 'u:' || ${users.id}::text`)
      .orderBy(sql`${voterFlags.restoredAt} is not null`, desc(voterFlags.flaggedAt))
      .limit(500);
  }

  /**
   * Closes an open flag and makes the voter's (or the network's) outlier votes count again, in one transaction.
   * Returns how many votes were restored, or null when there is no such open flag.
   */
  restoreFlag(flagId: string, moderatorId: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [flag] = await tx
        .update(voterFlags)
        .set({ restoredAt: sql`now()`, restoredBy: moderatorId })
        .where(and(eq(voterFlags.id, flagId), isNull(voterFlags.restoredAt)))
        .returning({ voterKey: voterFlags.voterKey });
      if (!flag) return null;
      // A network's flag (`n:<network key>`) set its visitors' votes aside as 'network_outlier'.
      const network = flag.voterKey.startsWith('n:') ? flag.voterKey.slice(2) : null;
      const restored = tx
        .update(votes)
        .set({ valid: true, invalidReason: null })
        .where(
          network
            ? and(eq(votes.networkKey, network), eq(votes.invalidReason, 'network_outlier'))
            : and(eq(votes.voterKey, flag.voterKey), eq(votes.invalidReason, 'outlier')),
        )
        .returning({ left_id: votes.leftId, right_id: votes.rightId, outcome: votes.outcome });
      return changeVoteValidity(tx, restored.getSQL(), 1);
    });
  }

  // ——— retention of where votes came from (ADR 0031, docs/security.md item 34) ———

  /**
   * Forgets where up to `limit` votes answered before `before` came from: the address hash and the user agent,
   * and the network hash too, except on visitor votes a network flag set aside ('network_outlier'), which a
   * moderator's restore finds by it (restoreFlag). Returns how many votes it changed; the oldest go first.
   */
  async forgetVoteTraces(before: Date, limit: number): Promise<number> {
    const kept = sql`${votes.invalidReason} = 'network_outlier'`;
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${votes} set ${col(votes.ipHash)} = null, ${col(votes.userAgent)} = null,
            ${col(votes.networkKey)} = case when ${kept} then ${votes.networkKey} end
           where ${votes.id} in (
             select ${votes.id} from ${votes}
              where ${votes.answeredAt} < ${before.toISOString()}
                and (${votes.ipHash} is not null or ${votes.userAgent} is not null
                     or (${votes.networkKey} is not null and not coalesce(${kept}, false)))
              order by ${votes.answeredAt} limit ${limit})
          returning ${votes.id}`,
    );
    return rows.length;
  }

  /** Drops the daily vote counts (per voter, address hash, network hash) of UTC days before `before`. */
  async forgetVoterDays(before: Date): Promise<number> {
    const day = before.toISOString().slice(0, 10);
    const rows = await this.db
      .delete(voterDays)
      .where(sql`${voterDays.day} < ${day}`)
      .returning({ day: voterDays.day });
    return rows.length;
  }
}

/**
 * One export row as lib/downloads.ts csvLine writes it: every text field quoted (ids and the fixed-format
 * time included). Ids and the time never hold a quote or a formula character; the three vocabulary fields
 * almost never do, so one test per row picks the plain line and only a row that needs it pays for the
 * field-by-field rules (half the time on PGlite).
 */
function csvRecord(r: (column: PgColumn) => SQL): SQL {
  const [scope, outcome, skip] = [r(votes.scope), r(votes.outcome), r(votes.skipReason)];
  const quoted = (value: SQL) => sql`'"' || ${value}::text || '"'`;
  const record = (field: (value: SQL) => SQL) =>
    sql`concat_ws(',', ${r(votes.id)}, ${field(scope)}, ${quoted(r(votes.leftId))}, ${quoted(r(votes.rightId))},
          ${field(outcome)}, ${field(skip)}, ${quoted(r(votes.answeredAt))},
          case when ${r(votes.valid)} then 'true' else 'false' end)`;
  // null || text is null: an empty field.
  const plain = (value: SQL) => sql`coalesce('"' || ${value}::text || '"', '')`;
  return sql`case when concat_ws(',', ${scope}, ${outcome}, ${skip}) ~ ${'"|(^|[,;\t\r\n])[=+@\t\r-]'}
    then ${record(csvField)} else ${record(plain)} end || ${'\r\n'}`;
}

/**
 * A text value as lib/downloads.ts csvField writes it: an apostrophe before a formula character wherever a
 * cell could begin under any separator (the same pattern), quoted with its quotes doubled; null is empty.
 */
function csvField(value: SQL): SQL {
  const text = sql`regexp_replace(${value}::text, ${'(?<=(?:^|[,;\t\r\n])"*)(?=[=+@\t\r-])'}, chr(39), 'g')`;
  return sql`coalesce('"' || replace(${text}, '"', '""') || '"', '')`;
}

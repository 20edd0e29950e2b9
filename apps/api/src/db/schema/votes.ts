// Votes (append-only), the daily cap, live Elo ratings, pair tallies and voter flags.
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { jerseys } from './catalogue.ts';
import { users } from './users.ts';

/**
 * Every answered duel, append-only with its raw signals. Invalid votes are flagged, never deleted, so a
 * moderator can restore them and any ranking can be recomputed from this table. `scope` is where the duel
 * was drawn ('global', 'team:<id>' or 'team:<id>:model:<id>'); which rankings a vote counts in follows
 * from its two jerseys.
 */
export const votes = pgTable(
  'votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    duelId: uuid('duel_id').notNull().unique(),
    scope: text('scope').notNull(),
    leftId: uuid('left_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'restrict' }),
    rightId: uuid('right_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'restrict' }),
    outcome: text('outcome').notNull(),
    skipReason: text('skip_reason'),
    voterKey: text('voter_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Keyed hash (HMAC) of the client's address: an IPv4 address, or an IPv6 /64 (docs/ranking.md §2). */
    ipHash: text('ip_hash'),
    /**
     * Keyed hash (HMAC) of the client's network, the IPv4 /24 or IPv6 /64, so outlier checks can group votes by
     * network without keeping where anyone voted from; null on votes stored before it existed.
     */
    networkKey: text('network_key'),
    userAgent: text('user_agent'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Answered in under 2 s: kept and counted, but visible to moderators. */
    fast: boolean('fast').notNull().default(false),
    valid: boolean('valid').notNull().default(true),
    invalidReason: text('invalid_reason'),
  },
  (t) => [
    index('votes_voter_idx').on(t.voterKey, t.answeredAt),
    index('votes_user_idx').on(t.userId, t.answeredAt),
    index('votes_left_idx').on(t.leftId),
    index('votes_right_idx').on(t.rightId),
    // The retention sweep (modules/votes/traces.ts) finds the votes still carrying where they came from;
    // only the last VOTE_TRACE_RETENTION_DAYS are in it, so it stays small whatever the table's size.
    index('votes_traces_idx')
      .on(t.answeredAt)
      .where(sql`${t.ipHash} is not null or ${t.networkKey} is not null or ${t.userAgent} is not null`),
    // One answer per voter per tournament match (a match is its scope and unordered pair), and the round
    // close's count reads a tournament's votes through it (docs/tournaments.md §4–5).
    uniqueIndex('votes_tournament_match_voter_idx')
      .on(t.scope, sql`least(${t.leftId}, ${t.rightId})`, sql`greatest(${t.leftId}, ${t.rightId})`, t.voterKey)
      .where(sql`${t.scope} like 'tournament:%'`),
  ],
);

/**
 * Votes cast on a UTC day that could count, per voter key (`u:…`, `v:…`) and, for visitors, per address
 * (`ip:<hash>`) and per network (`net:<hash>`): each daily cap reads one row, not the votes (docs/ranking.md §6).
 */
export const voterDays = pgTable(
  'voter_days',
  {
    voterKey: text('voter_key').notNull(),
    day: date('day').notNull(),
    counted: integer('counted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.voterKey, t.day] })],
);

/** Live Elo per scope and jersey, updated in the vote's statement (feedback and pair selection only). */
export const liveRatings = pgTable(
  'live_ratings',
  {
    scope: text('scope').notNull(),
    jerseyId: uuid('jersey_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'cascade' }),
    rating: doublePrecision('rating').notNull(),
    /** Counted duels (skips excluded). */
    games: integer('games').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.jerseyId] })],
);

/** Tally per unordered pair (low id < high id): "how the crowd voted on this pair". */
export const pairStats = pgTable(
  'pair_stats',
  {
    lowId: uuid('low_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'cascade' }),
    highId: uuid('high_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'cascade' }),
    lowWins: integer('low_wins').notNull(),
    highWins: integer('high_wins').notNull(),
    ties: integer('ties').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lowId, t.highId] })],
);

/** A voter whose votes were set aside as outliers; restoring clears the flag for good. */
export const voterFlags = pgTable(
  'voter_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voterKey: text('voter_key').notNull(),
    reason: text('reason').notNull(),
    votes: integer('votes').notNull(),
    zScore: doublePrecision('z_score'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredBy: uuid('restored_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('voter_flags_voter_idx').on(t.voterKey)],
);

// Official ranking snapshots written by the ranking job, and the job lease.
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { jerseys } from './catalogue.ts';
import { users } from './users.ts';

/** One Bradley-Terry fit of one scope: the snapshot readers are served from. */
export const rankingFits = pgTable(
  'ranking_fits',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull(),
    /** Counted votes in the fit. */
    votes: integer('votes').notNull(),
    /** Digest of the pair counts and jersey set, to skip refitting an unchanged scope. */
    digest: text('digest').notNull(),
    rounds: integer('rounds').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /**
     * The newest vote id when the fit began (live fits only): the next global fit judges for outliers only the
     * voters who voted after it (docs/ranking.md §6).
     */
    lastVoteId: bigint('last_vote_id', { mode: 'number' }),
    /** Distinct voters in a segment's fit (docs/segments.md); null for the other scopes. */
    voters: integer('voters'),
  },
  (t) => [index('ranking_fits_scope_idx').on(t.scope, t.fittedAt)],
);

export const rankingEntries = pgTable(
  'ranking_entries',
  {
    fitId: integer('fit_id')
      .notNull()
      .references(() => rankingFits.id, { onDelete: 'cascade' }),
    jerseyId: uuid('jersey_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    rankUb: integer('rank_ub').notNull(),
    score: doublePrecision('score').notNull(),
    lower: doublePrecision('lower').notNull(),
    upper: doublePrecision('upper').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    ties: integer('ties').notNull(),
    provisional: boolean('provisional').notNull(),
    previousRank: integer('previous_rank'),
  },
  (t) => [primaryKey({ columns: [t.fitId, t.jerseyId] }), index('ranking_entries_rank_idx').on(t.fitId, t.rank)],
);

/** A lease so only one process runs a background job at a time (works on PGlite and PostgreSQL). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * The counted votes of members per segment and unordered pair (docs/segments.md), rewritten by the ranking
 * job from the votes and the members' current profiles whenever it runs; never written per vote. No
 * foreign keys: the whole table is replaced in one statement, and the job skips ids it does not rank.
 */
export const segmentPairStats = pgTable(
  'segment_pair_stats',
  {
    segment: text('segment').notNull(),
    lowId: uuid('low_id').notNull(),
    highId: uuid('high_id').notNull(),
    lowWins: integer('low_wins').notNull(),
    highWins: integer('high_wins').notNull(),
    ties: integer('ties').notNull(),
  },
  (t) => [primaryKey({ columns: [t.segment, t.lowId, t.highId] })],
);

/**
 * The segment membership the segment rankings are fitted from, per segment (docs/segments.md, "Changes in
 * batches"): a member's profile change or opt-out reaches a shown segment only together with enough other
 * changes, or after the longest wait. Rows go with the account (an erased member's votes have no user).
 */
export const segmentMembers = pgTable(
  'segment_members',
  {
    segment: text('segment').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.segment, t.userId] }), index('segment_members_user_idx').on(t.userId)],
);

/** Since when a segment has membership changes waiting for their batch (docs/segments.md). */
export const segmentPending = pgTable('segment_pending', {
  segment: text('segment').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

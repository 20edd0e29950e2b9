// Jersey knockout tournaments: the tournament, its seeded entrants and its matches (docs/tournaments.md).
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { images, jerseys } from './catalogue.ts';

/** Who may enter, as saved: hand-picked jersey ids, or a rule evaluated at the draw. */
export type StoredPool =
  | { kind: 'hand'; jerseyIds: string[] }
  | {
      kind: 'rule';
      teamIds: string[];
      modelIds: string[];
      supplierIds: string[];
      seasonFrom: number | null;
      seasonTo: number | null;
      category: 'club' | 'national' | null;
    };

/**
 * A tournament. Its status is never stored: it follows from `starts_at` and `completed_at`, which the round
 * job sets when it decides the final (docs/tournaments.md §2).
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    namePt: text('name_pt').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionPt: text('description_pt'),
    descriptionEn: text('description_en'),
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** Entrants; may shrink at the draw when jerseys left the pool (docs/tournaments.md §3). */
    size: integer('size').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    roundHours: integer('round_hours').notNull(),
    pool: jsonb('pool').$type<StoredPool>().notNull(),
    /** When the bracket was drawn (at the start); null before. */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** When the final was decided; null until then. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('tournaments_starts_at_idx').on(t.startsAt)],
);

/** The drawn entrants with their seeds; a jersey that played cannot be deleted (restrict). */
export const tournamentEntrants = pgTable(
  'tournament_entrants',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    jerseyId: uuid('jersey_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'restrict' }),
    seed: integer('seed').notNull(),
    /** Its global Bradley–Terry score at the draw; null when it was unranked. */
    score: doublePrecision('score'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.seed] }),
    unique('tournament_entrants_jersey_key').on(t.tournamentId, t.jerseyId),
    index('tournament_entrants_jersey_idx').on(t.jerseyId),
  ],
);

/**
 * One match: side a is the better seed. Created when its round opens; decided by the round job, which
 * fills the points, the votes, the winner and how it was decided (docs/tournaments.md §5).
 */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    slot: integer('slot').notNull(),
    aId: uuid('a_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'restrict' }),
    bId: uuid('b_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'restrict' }),
    aSeed: integer('a_seed').notNull(),
    bSeed: integer('b_seed').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** The planned end; closedAt is the actual one (earlier when closed early). */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winnerId: uuid('winner_id'),
    decidedBy: text('decided_by'),
    aPoints: doublePrecision('a_points'),
    bPoints: doublePrecision('b_points'),
    votes: integer('votes'),
  },
  (t) => [unique('tournament_matches_slot_key').on(t.tournamentId, t.round, t.slot)],
);

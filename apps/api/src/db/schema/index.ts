import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** An uploaded or generated image; its WebP variants live in storage under its id. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Widths of the stored WebP variants, e.g. {320,640,1200}. */
  variants: integer('variants').array().notNull(),
  originalType: text('original_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  country: text('country').notNull(),
  state: text('state'),
  city: text('city').notNull(),
  baseColor: text('base_color').notNull(),
  category: text('category').notNull(),
  crestImageId: uuid('crest_image_id').references(() => images.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const models = pgTable('models', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  ...timestamps,
});

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logoImageId: uuid('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const jerseys = pgTable(
  'jerseys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    season: integer('season').notNull(),
    modelYear: text('model_year').notNull(),
    description: text('description'),
    masterSponsor: text('master_sponsor'),
    mainColor: text('main_color').notNull(),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    imageSourceText: text('image_source_text').notNull(),
    imageSourceUrl: text('image_source_url'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('jerseys_team_slug_idx').on(t.teamId, t.slug),
    index('jerseys_team_season_idx').on(t.teamId, t.season),
    index('jerseys_model_idx').on(t.modelId),
    index('jerseys_supplier_idx').on(t.supplierId),
  ],
);

export const terms = pgTable('terms', {
  version: integer('version').primaryKey(),
  titlePt: text('title_pt').notNull(),
  titleEn: text('title_en').notNull(),
  bodyPt: text('body_pt').notNull(),
  bodyEn: text('body_en').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    gender: text('gender'),
    favouriteTeamId: uuid('favourite_team_id').references(() => teams.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('pt'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    termsVersion: integer('terms_version').references(() => terms.version),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A refresh-token family: one sign-in on one device. Revoking it ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Email confirmation, password reset and social sign-in hand-off codes; stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/** An authorization request in flight to a social provider (state, PKCE verifier, nonce). */
export const socialStates = pgTable('social_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ———————————————————————————————————— duels and rankings (ranking.md) ————————————————————————————————————

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
    /** SHA-256 of the client IP with a server salt. */
    ipHash: text('ip_hash'),
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
  ],
);

/** Votes a voter cast on a UTC day that could count: the daily cap reads one row, not the votes. */
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

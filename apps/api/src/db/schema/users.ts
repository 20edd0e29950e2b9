// Members, their sessions and refresh tokens, one-time tokens and social identities.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './catalogue.ts';
import { currentTermsVersion, terms } from './terms.ts';
import { timestamps } from './columns.ts';

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
    /** Keeps the favourite team and region out of the segment rankings (docs/segments.md). */
    segmentOptOut: boolean('segment_opt_out').notNull().default(false),
    language: text('language').notNull().default('pt'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    termsVersion: integer('terms_version').references(() => terms.version),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** When a session last started (password, mailed link or social sign-in); Admins see it in Sistema. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The member's collection is shown to anyone with its link (ADR 0042); off by default. */
    collectionPublic: boolean('collection_public').notNull().default(false),
    /** The public link's random id while the collection is public; a new one each time it is made public. */
    collectionShareId: text('collection_share_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_collection_share_idx').on(t.collectionShareId),
    check('users_collection_share_check', sql`${t.collectionPublic} = (${t.collectionShareId} is not null)`),
  ],
);

/** True when a newer terms version is published than the one the user accepted (SQL, per row of users). */
export const termsPending = () =>
  sql<boolean>`coalesce(${currentTermsVersion} > coalesce(${users.termsVersion}, 0), false)`;

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

// ———————————————————————————————————— duels and rankings (docs/ranking.md) ————————————————————————————————————

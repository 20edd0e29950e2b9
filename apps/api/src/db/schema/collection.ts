// "Minha coleção" (docs/decisions/0042-collection-and-wishlist.md): the jerseys a member has and wants.
// The member's public flag and link id live on users.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jerseys } from './catalogue.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

export const collectionItems = pgTable(
  'collection_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A jersey deleted from the catalogue (never voted on, so never ranked) leaves the lists with it.
    jerseyId: uuid('jersey_id')
      .notNull()
      .references(() => jerseys.id, { onDelete: 'cascade' }),
    /** owned ("Tenho") | wanted ("Quero"): contracts' COLLECTION_KINDS. */
    kind: text('kind').notNull(),
    /** PP | P | M | G | GG | XGG (contracts' JERSEY_SIZES), or none given. */
    size: text('size'),
    /** Wanted only: a partner offer at or below it is a price crossing (cents, BRL). */
    targetPriceCents: integer('target_price_cents'),
    /**
     * Set when the price detector recorded a crossing (the best offer at or below the target), cleared
     * when the offer goes back above, the target changes or the offer goes away: one alert per crossing.
     */
    belowSince: timestamp('below_since', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('collection_items_user_jersey_kind_idx').on(t.userId, t.jerseyId, t.kind),
    // A jersey's deletion finds its rows (cascade).
    index('collection_items_jersey_idx').on(t.jerseyId),
    check('collection_items_kind_check', sql`${t.kind} in ('owned', 'wanted')`),
    check('collection_items_size_check', sql`${t.size} in ('PP', 'P', 'M', 'G', 'GG', 'XGG')`),
    check(
      'collection_items_target_check',
      sql`${t.targetPriceCents} is null or (${t.targetPriceCents} between 0 and 10000000 and ${t.kind} = 'wanted')`,
    ),
  ],
);

// The jersey catalogue: images, teams, models, suppliers and jerseys.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import type { TeamArticle } from '@manto/contracts';

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
  /** The English name where it differs ("Germany" for "Alemanha"); English pages fall back to `name`. */
  nameEn: text('name_en'),
  slug: text('slug').notNull().unique(),
  country: text('country').notNull(),
  state: text('state'),
  city: text('city').notNull(),
  baseColor: text('base_color').notNull(),
  category: text('category').notNull(),
  /** o, a, os or as (TEAM_ARTICLES): how Portuguese texts contract a preposition with the name. */
  article: text('article').$type<TeamArticle>().notNull().default('o'),
  crestImageId: uuid('crest_image_id').references(() => images.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const models = pgTable('models', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The English name ("Away" for "Reserva"); English pages fall back to `name`. */
  nameEn: text('name_en'),
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
    /** The description in English; English pages fall back to the Portuguese one. */
    descriptionEn: text('description_en'),
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

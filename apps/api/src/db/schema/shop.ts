// The shop (docs/decisions/0018-shop.md): products, their partner offers and stock per size.
// Money is integer cents throughout; the rating is kept in tenths so no float reaches SQL.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { images, jerseys } from './catalogue.ts';
import { timestamps } from './columns.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The words a language's search matches: the name weighs most, then the team, then the description. */
const searchable = (language: 'portuguese' | 'english', name: string, description: string) =>
  sql.raw(
    `setweight(to_tsvector('${language}', ${name}), 'A') || ` +
      `setweight(to_tsvector('${language}', coalesce(team, '')), 'B') || ` +
      `setweight(to_tsvector('${language}', ${description}), 'C')`,
  );

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    /** jerseys | balls | accessories (contracts' PRODUCT_CATEGORIES). */
    category: text('category').notNull(),
    namePt: text('name_pt').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionPt: text('description_pt').notNull(),
    descriptionEn: text('description_en').notNull(),
    team: text('team'),
    season: text('season'),
    /** The catalogue jersey this product is; its page then shows where to buy it. */
    jerseyId: uuid('jersey_id').references(() => jerseys.id, { onDelete: 'set null' }),
    colours: text('colours').array().notNull(),
    sizes: text('sizes').array().notNull(),
    priceCents: integer('price_cents').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /**
     * The price after the discount, rounded half up in integer arithmetic (contracts' discountedCents):
     * what filters and sorts read.
     */
    finalPriceCents: integer('final_price_cents')
      .notNull()
      .generatedAlwaysAs(sql.raw('(price_cents * (100 - discount_percent) + 50) / 100')),
    /** 0–50: the partners' 0–5 rating with its one decimal. */
    ratingTenths: smallint('rating_tenths').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** null: new for NEW_PRODUCT_DAYS after created_at; true/false: set by hand. */
    isNew: boolean('is_new'),
    featured: boolean('featured').notNull().default(false),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    searchPt: tsvector('search_pt')
      .notNull()
      .generatedAlwaysAs(searchable('portuguese', 'name_pt', 'description_pt')),
    searchEn: tsvector('search_en')
      .notNull()
      .generatedAlwaysAs(searchable('english', 'name_en', 'description_en')),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.category),
    index('products_final_price_idx').on(t.finalPriceCents),
    index('products_jersey_idx').on(t.jerseyId),
    index('products_search_pt_idx').using('gin', t.searchPt),
    index('products_search_en_idx').using('gin', t.searchEn),
    check('products_category_check', sql`${t.category} in ('jerseys', 'balls', 'accessories')`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check('products_discount_check', sql`${t.discountPercent} between 0 and 90`),
    check('products_rating_check', sql`${t.ratingTenths} between 0 and 50`),
    check('products_reviews_check', sql`${t.reviewsCount} >= 0`),
    check('products_low_stock_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/** A product's pictures, in the order the form lists them (the first is the card's). */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), index('product_images_image_idx').on(t.imageId)],
);

/** Where a partner store sells the product, at what price. */
export const productOffers = pgTable(
  'product_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeName: text('store_name').notNull(),
    url: text('url').notNull(),
    priceCents: integer('price_cents').notNull(),
    shippingNote: text('shipping_note').notNull().default(''),
    inStock: boolean('in_stock').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_offers_product_idx').on(t.productId, t.priceCents),
    // Only web links: no javascript: or data: URL can reach a page, whatever wrote the row.
    check('product_offers_url_check', sql`${t.url} ~* '^https?://'`),
    check('product_offers_price_check', sql`${t.priceCents} > 0`),
  ],
);

/** Units per size. */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

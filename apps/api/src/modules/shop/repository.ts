import { type SQL, and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { type SelectedFields, alias } from 'drizzle-orm/pg-core';
import type { Language, ProductManageSort, ProductSort, StockFilter } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import {
  images,
  jerseys,
  models,
  productImages,
  productOffers,
  productStock,
  products,
  teams,
} from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';
import type { ImageRow } from '#modules/images/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'finalPriceCents' | 'searchPt' | 'searchEn' | 'createdAt' | 'updatedAt'
>;
export type OfferRow = typeof productOffers.$inferSelect;
export type OfferValues = Omit<typeof productOffers.$inferInsert, 'productId'>;
export type BestOffer = { storeName: string; priceCents: number; url: string };

/** What one product write replaces: the row, its pictures, offers and units per size. */
export interface ProductWrite {
  product: ProductValues;
  imageIds: string[];
  offers: OfferValues[];
  stock: { size: string; quantity: number }[];
  at: Date;
}

export interface ShopListQuery extends PageRequest {
  category?: string | undefined;
  team?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  onSale?: boolean | undefined;
  isNew?: boolean | undefined;
  q?: string | undefined;
  sort: ProductSort;
}

export interface ManageListQuery extends PageRequest {
  search?: string | undefined;
  category?: string | undefined;
  stock?: StockFilter | undefined;
  sort?: ProductManageSort | undefined;
}

const cardImage = alias(images, 'product_card_image');
const cardImageLink = alias(productImages, 'product_card_image_link');

const imageColumns = {
  id: cardImage.id,
  width: cardImage.width,
  height: cardImage.height,
  variants: cardImage.variants,
};

const config = (language: Language) => (language === 'en' ? 'english' : 'portuguese');
const nameOf = (language: Language) => (language === 'en' ? products.nameEn : products.namePt);
const searchOf = (language: Language) => (language === 'en' ? products.searchEn : products.searchPt);

/** Units over every size. */
const units = sql<number>`(select coalesce(sum(${productStock.quantity}), 0)::int from ${productStock} where ${productStock.productId} = ${products.id})`;
const inStock = sql<boolean>`exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${productStock.quantity} > 0)`;
const offersCount = sql<number>`(select count(*)::int from ${productOffers} where ${productOffers.productId} = ${products.id})`;
/** The cheapest partner offer in stock (ties: the older offer row first, by id), as JSON. */
const bestOffer = sql<BestOffer | null>`(
  select json_build_object('storeName', o.store_name, 'priceCents', o.price_cents, 'url', o.url)
  from ${productOffers} o where o.product_id = ${products.id} and o.in_stock
  order by o.price_cents, o.id limit 1)`;

/** in: above the threshold; low: 0 < units ≤ threshold; out: none (docs/decisions/0018-shop.md). */
const STOCK_WHERE: Record<StockFilter, SQL> = {
  in: sql`${units} > ${products.lowStockThreshold}`,
  low: sql`${units} > 0 and ${units} <= ${products.lowStockThreshold}`,
  out: sql`${units} = 0`,
};

/** Sistema's orders: names in the screen's language, prices as shown (after the discount). */
const manageSorts = (language: Language): Record<ProductManageSort, SQL[]> => {
  const name = nameOf(language);
  return {
    name: [asc(name)],
    '-name': [desc(name)],
    price: [asc(products.finalPriceCents), asc(name)],
    '-price': [desc(products.finalPriceCents), asc(name)],
    stock: [asc(units), asc(name)],
    '-stock': [desc(units), asc(name)],
    '-updated': [desc(products.updatedAt)],
  };
};

export class ShopRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: ShopRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ShopRepository(tx)));
  }

  /** Products with their first picture (position 0), for cards and the management list. */
  private withImage<Fields extends SelectedFields>(fields: Fields) {
    return this.db
      .select({ ...fields, image: imageColumns })
      .from(products)
      .leftJoin(cardImageLink, and(eq(cardImageLink.productId, products.id), eq(cardImageLink.position, 0)))
      .leftJoin(cardImage, eq(cardImage.id, cardImageLink.imageId))
      .$dynamic();
  }

  /** The public list: filters on the final price and full text in the request's language; stable pages. */
  async list(q: ShopListQuery, language: Language, newSince: Date) {
    const text = q.q?.trim() || undefined;
    const query = text ? sql`websearch_to_tsquery(${config(language)}::regconfig, ${text})` : undefined;
    const isNew = sql<boolean>`coalesce(${products.isNew}, ${products.createdAt} >= ${newSince})`;
    const where = and(
      q.category ? eq(products.category, q.category) : undefined,
      q.team ? sql`lower(${products.team}) = lower(${q.team})` : undefined,
      q.minPrice !== undefined ? gte(products.finalPriceCents, q.minPrice) : undefined,
      q.maxPrice !== undefined ? lte(products.finalPriceCents, q.maxPrice) : undefined,
      q.onSale === undefined ? undefined : q.onSale ? gt(products.discountPercent, 0) : eq(products.discountPercent, 0),
      q.isNew === undefined ? undefined : q.isNew ? isNew : sql`not ${isNew}`,
      query ? sql`${searchOf(language)} @@ ${query}` : undefined,
    );
    const name = nameOf(language);
    const featured = [desc(products.featured), desc(products.ratingTenths), asc(name)];
    const sorts: Record<ProductSort, SQL[]> = {
      featured,
      'price-asc': [asc(products.finalPriceCents), asc(name)],
      'price-desc': [desc(products.finalPriceCents), asc(name)],
      rating: [desc(products.ratingTenths), desc(products.reviewsCount)],
      relevance: query ? [desc(sql`ts_rank(${searchOf(language)}, ${query})`)] : featured,
      newest: [desc(products.createdAt)],
    };
    return selectPage(
      this.withImage({ product: products, name, isNew, inStock, bestOffer })
        .where(where)
        .orderBy(...sortOrder(sorts, q.sort, 'featured', products.id)),
      this.db.select({ n: count() }).from(products).where(where),
      q,
    );
  }

  /** The teams products carry and the range of their final prices. */
  async filters() {
    const [teamRows, [range]] = await Promise.all([
      this.db
        .selectDistinct({ team: products.team })
        .from(products)
        .where(sql`${products.team} is not null`)
        .orderBy(asc(products.team)),
      this.db
        .select({
          min: sql<number>`coalesce(min(${products.finalPriceCents}), 0)::int`,
          max: sql<number>`coalesce(max(${products.finalPriceCents}), 0)::int`,
        })
        .from(products),
    ]);
    return { teams: teamRows.map((r) => r.team!), minPriceCents: range?.min ?? 0, maxPriceCents: range?.max ?? 0 };
  }

  async bySlug(slug: string, language: Language, newSince: Date) {
    const isNew = sql<boolean>`coalesce(${products.isNew}, ${products.createdAt} >= ${newSince})`;
    const [row] = await this.withImage({ product: products, name: nameOf(language), isNew, inStock, bestOffer }).where(
      eq(products.slug, slug),
    );
    return row ?? null;
  }

  async byId(id: string): Promise<ProductRow | null> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id));
    return row ?? null;
  }

  /** A product's pictures, offers (cheapest first), units per size and the jersey it is, if any. */
  async parts(product: { id: string; jerseyId: string | null }) {
    const [imageRows, offers, stock, [jersey]] = await Promise.all([
      this.db
        .select({ id: images.id, width: images.width, height: images.height, variants: images.variants })
        .from(productImages)
        .innerJoin(images, eq(images.id, productImages.imageId))
        .where(eq(productImages.productId, product.id))
        .orderBy(asc(productImages.position)),
      this.db
        .select()
        .from(productOffers)
        .where(eq(productOffers.productId, product.id))
        .orderBy(asc(productOffers.priceCents), asc(productOffers.storeName), asc(productOffers.id)),
      this.db
        .select({ size: productStock.size, quantity: productStock.quantity })
        .from(productStock)
        .where(eq(productStock.productId, product.id)),
      product.jerseyId
        ? this.db
            .select({
              id: jerseys.id,
              slug: jerseys.slug,
              team: teams.name,
              teamSlug: teams.slug,
              modelYear: jerseys.modelYear,
              model: models.name,
            })
            .from(jerseys)
            .innerJoin(teams, eq(teams.id, jerseys.teamId))
            .innerJoin(models, eq(models.id, jerseys.modelId))
            .where(eq(jerseys.id, product.jerseyId))
        : Promise.resolve([]),
    ]);
    return { images: imageRows as ImageRow[], offers, stock, jersey: jersey ?? null };
  }

  /** The cheapest in-stock offer of any product that is this jersey. */
  async jerseyOffer(jerseyId: string, language: Language) {
    const [row] = await this.db
      .select({
        productSlug: products.slug,
        productName: nameOf(language),
        storeName: productOffers.storeName,
        priceCents: productOffers.priceCents,
        url: productOffers.url,
      })
      .from(products)
      .innerJoin(productOffers, eq(productOffers.productId, products.id))
      .where(and(eq(products.jerseyId, jerseyId), eq(productOffers.inStock, true)))
      .orderBy(asc(productOffers.priceCents), asc(productOffers.id))
      .limit(1);
    return row ?? null;
  }

  async listManage(q: ManageListQuery, language: Language): Promise<RowsPage<ManageRow>> {
    const search = q.search?.trim();
    const where = and(
      q.category ? eq(products.category, q.category) : undefined,
      q.stock ? STOCK_WHERE[q.stock] : undefined,
      search
        ? or(
            containsFolded(products.namePt, search),
            containsFolded(products.nameEn, search),
            containsFolded(sql`coalesce(${products.team}, '')`, search),
          )
        : undefined,
    );
    return selectPage(
      this.withImage({ product: products, units, offersCount })
        .where(where)
        .orderBy(...sortOrder(manageSorts(language), q.sort, 'name', products.id)),
      this.db.select({ n: count() }).from(products).where(where),
      q,
    );
  }

  /** Slugs equal to `base` or starting with it, other than the product's own. */
  async slugsStartingWith(base: string, exceptId?: string): Promise<string[]> {
    const rows = await this.db
      .select({ slug: products.slug })
      .from(products)
      .where(
        and(
          sql`${products.slug} like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
        ),
      );
    return rows.map((r) => r.slug);
  }

  async jerseyExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: jerseys.id }).from(jerseys).where(eq(jerseys.id, id));
    return Boolean(row);
  }

  /** How many of these (distinct) image ids exist. */
  async existingImages(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await this.db.select({ n: count() }).from(images).where(inArray(images.id, ids));
    return row?.n ?? 0;
  }

  async insert(write: ProductWrite): Promise<string> {
    const [row] = await this.db
      .insert(products)
      .values({ ...write.product, createdAt: write.at, updatedAt: write.at })
      .returning({ id: products.id });
    await this.replaceParts(row!.id, write);
    return row!.id;
  }

  /** Replaces the row and every part of it; false when there is no such product. */
  async replace(id: string, write: ProductWrite): Promise<boolean> {
    const rows = await this.db
      .update(products)
      .set({ ...write.product, updatedAt: write.at })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (rows.length === 0) return false;
    await this.replaceParts(id, write);
    return true;
  }

  private async replaceParts(productId: string, write: ProductWrite) {
    const { db } = this;
    await db.delete(productImages).where(eq(productImages.productId, productId));
    await db.delete(productStock).where(eq(productStock.productId, productId));
    await db.delete(productOffers).where(eq(productOffers.productId, productId));
    if (write.imageIds.length > 0)
      await db
        .insert(productImages)
        .values(write.imageIds.map((imageId, position) => ({ productId, imageId, position })));
    if (write.stock.length > 0) await db.insert(productStock).values(write.stock.map((s) => ({ productId, ...s })));
    if (write.offers.length > 0) await db.insert(productOffers).values(write.offers.map((o) => ({ productId, ...o })));
  }

  async offersOf(productId: string): Promise<OfferRow[]> {
    return this.db.select().from(productOffers).where(eq(productOffers.productId, productId));
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(products);
    return row?.n ?? 0;
  }
}

export type ManageRow = { product: ProductRow; units: number; offersCount: number; image: ImageRow | null };

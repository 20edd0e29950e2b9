import {
  CURRENCY,
  type JerseyOffer,
  type Language,
  type ManageProduct,
  type ManageProductDetail,
  type ManageProductList,
  NEW_PRODUCT_DAYS,
  type ProductCard,
  type ProductDetail,
  type ProductList,
  type ShopFilters,
  type StockFilter,
  type productInput,
  type manageProductQuery,
  type productListQuery,
} from '@manto/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '#lib/app-error.ts';
import { pageOf } from '#lib/paging.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/index.ts';
import type { ImageRow } from '#modules/images/index.ts';
import {
  type BestOffer,
  type ManageRow,
  type OfferRow,
  type OfferValues,
  type ProductRow,
  type ProductWrite,
  ShopRepository,
} from './repository.ts';

type ParsedInput = z.output<typeof productInput>;
type ParsedListQuery = z.output<typeof productListQuery>;
type ParsedManageQuery = z.output<typeof manageProductQuery>;

const DAY_MS = 86_400_000;
/** A slug for a name with no letters or digits at all. */
const FALLBACK_SLUG = 'produto';

const unique = (list: string[]) => [...new Set(list)];
const missingReference = (field: string) => new AppError(422, 'VALIDATION_FAILED', {}, { [field]: 'missingReference' });

function stockStatus(units: number, threshold: number): StockFilter {
  if (units === 0) return 'out';
  return units <= threshold ? 'low' : 'in';
}

function offerOut(o: OfferRow) {
  return {
    id: o.id,
    storeName: o.storeName,
    url: o.url,
    priceCents: o.priceCents,
    shippingNote: o.shippingNote,
    inStock: o.inStock,
    updatedAt: o.updatedAt.toISOString(),
  };
}

function card(row: {
  product: ProductRow;
  name: string;
  isNew: boolean;
  inStock: boolean;
  bestOffer: BestOffer | null;
  image: ImageRow | null;
}): ProductCard {
  const p = row.product;
  return {
    slug: p.slug,
    category: p.category as ProductCard['category'],
    name: row.name,
    team: p.team,
    image: imageRef(row.image),
    priceCents: p.priceCents,
    discountPercent: p.discountPercent,
    finalPriceCents: p.finalPriceCents,
    currency: CURRENCY,
    rating: p.ratingTenths / 10,
    reviewsCount: p.reviewsCount,
    isNew: row.isNew,
    inStock: row.inStock,
    bestOffer: row.bestOffer,
  };
}

function manageItem(row: ManageRow): ManageProduct {
  const p = row.product;
  return {
    id: p.id,
    slug: p.slug,
    category: p.category as ManageProduct['category'],
    namePt: p.namePt,
    nameEn: p.nameEn,
    image: imageRef(row.image),
    priceCents: p.priceCents,
    discountPercent: p.discountPercent,
    featured: p.featured,
    units: row.units,
    lowStockThreshold: p.lowStockThreshold,
    stockStatus: stockStatus(row.units, p.lowStockThreshold),
    offersCount: row.offersCount,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * The shop (docs/decisions/0018-shop.md): the public catalogue of products in the request's language,
 * and the management writes, each replacing a product with its pictures, offers and stock at once.
 */
export class ShopService {
  constructor(
    private readonly repository: ShopRepository,
    private readonly now: () => number,
  ) {}

  /** Products added since this instant are new unless set by hand. */
  private newSince() {
    return new Date(this.now() - NEW_PRODUCT_DAYS * DAY_MS);
  }

  async list(q: ParsedListQuery, language: Language): Promise<ProductList> {
    return pageOf(q, await this.repository.list(q, language, this.newSince()), card);
  }

  filters(): Promise<ShopFilters> {
    return this.repository.filters();
  }

  async detail(slug: string, language: Language): Promise<ProductDetail> {
    const row = await this.repository.bySlug(slug, language, this.newSince());
    if (!row) throw notFound();
    const p = row.product;
    const parts = await this.repository.parts(p);
    const units = new Map(parts.stock.map((s) => [s.size, s.quantity]));
    const { jersey } = parts;
    return {
      ...card(row),
      description: language === 'en' ? p.descriptionEn : p.descriptionPt,
      season: p.season,
      images: parts.images.map((i) => imageRef(i)!),
      colours: p.colours,
      sizes: p.sizes.map((size) => ({ size, inStock: (units.get(size) ?? 0) > 0 })),
      offers: parts.offers.map(offerOut),
      // Labelled as the rest of the app names a jersey: "Flamengo 2024 · Titular"; the slugs make its page's path.
      jersey: jersey
        ? {
            id: jersey.id,
            label: `${jersey.team} ${jersey.modelYear} · ${jersey.model}`,
            teamSlug: jersey.teamSlug,
            slug: jersey.slug,
          }
        : null,
    };
  }

  async jerseyOffer(jerseyId: string, language: Language): Promise<JerseyOffer | null> {
    const row = await this.repository.jerseyOffer(jerseyId, language);
    if (!row) return null;
    return {
      productSlug: row.productSlug,
      productName: row.productName,
      offer: { storeName: row.storeName, priceCents: row.priceCents, url: row.url },
    };
  }

  /** Names sort in the screen's language: the one the list shows. */
  async listManage(q: ParsedManageQuery, language: Language): Promise<ManageProductList> {
    return pageOf(q, await this.repository.listManage(q, language), manageItem);
  }

  async manageDetail(id: string, repository = this.repository): Promise<ManageProductDetail> {
    const p = await repository.byId(id);
    if (!p) throw notFound();
    const parts = await repository.parts(p);
    return {
      id: p.id,
      slug: p.slug,
      category: p.category as ManageProductDetail['category'],
      namePt: p.namePt,
      nameEn: p.nameEn,
      descriptionPt: p.descriptionPt,
      descriptionEn: p.descriptionEn,
      team: p.team,
      season: p.season,
      jerseyId: p.jerseyId,
      images: parts.images.map((i) => imageRef(i)!),
      colours: p.colours,
      sizes: p.sizes,
      priceCents: p.priceCents,
      discountPercent: p.discountPercent,
      rating: p.ratingTenths / 10,
      reviewsCount: p.reviewsCount,
      isNew: p.isNew,
      featured: p.featured,
      lowStockThreshold: p.lowStockThreshold,
      stock: Object.fromEntries(p.sizes.map((size) => [size, parts.stock.find((s) => s.size === size)?.quantity ?? 0])),
      offers: parts.offers.map(offerOut),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  /** "camisa-flamengo-2024", then "camisa-flamengo-2024-2"… unique across products. */
  private async slugFor(repository: ShopRepository, namePt: string, exceptId?: string): Promise<string> {
    const base = slugify(namePt).slice(0, 100).replace(/-+$/, '') || FALLBACK_SLUG;
    const taken = new Set(await repository.slugsStartingWith(base, exceptId));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  private async checkReferences(repository: ShopRepository, input: ParsedInput) {
    if (input.jerseyId && !(await repository.jerseyExists(input.jerseyId))) throw missingReference('jerseyId');
    const imageIds = unique(input.imageIds);
    if ((await repository.existingImages(imageIds)) !== imageIds.length) throw missingReference('imageIds');
  }

  /**
   * The rows one form submission writes. An offer identical to one the product had keeps its id and
   * its updated_at, so "price checked on" stays true and the audit trail shows only real changes.
   */
  private write(input: ParsedInput, slug: string, previous: OfferRow[]): ProductWrite {
    const at = new Date(this.now());
    const sizes = unique(input.sizes);
    const key = (o: { storeName: string; url: string; priceCents: number; shippingNote: string; inStock: boolean }) =>
      JSON.stringify([o.storeName, o.url, o.priceCents, o.shippingNote, o.inStock]);
    const kept = new Map(previous.map((o) => [key(o), o]));
    const offers = input.offers.map((o): OfferValues => {
      const same = kept.get(key(o));
      if (same) kept.delete(key(o));
      return { ...o, ...(same ? { id: same.id, updatedAt: same.updatedAt } : { updatedAt: at }) };
    });
    return {
      product: {
        slug,
        category: input.category,
        namePt: input.namePt,
        nameEn: input.nameEn,
        descriptionPt: input.descriptionPt,
        descriptionEn: input.descriptionEn,
        team: input.team ?? null,
        season: input.season ?? null,
        jerseyId: input.jerseyId ?? null,
        colours: unique(input.colours),
        sizes,
        priceCents: input.priceCents,
        discountPercent: input.discountPercent,
        // Tenths, rounded: 4.7 arrives as 4.7000000000000002 at worst.
        ratingTenths: Math.round(input.rating * 10),
        reviewsCount: input.reviewsCount,
        isNew: input.isNew,
        featured: input.featured,
        lowStockThreshold: input.lowStockThreshold,
      },
      // One picture once, whatever the form sent.
      imageIds: [...new Set(input.imageIds)],
      offers,
      // Own keys only: a size named "constructor" must not read Object's method.
      stock: sizes.map((size) => ({ size, quantity: Object.hasOwn(input.stock, size) ? input.stock[size]! : 0 })),
      at,
    };
  }

  async create(input: ParsedInput): Promise<ManageProductDetail> {
    return this.repository.transaction(async (repository) => {
      await this.checkReferences(repository, input);
      const id = await repository.insert(this.write(input, await this.slugFor(repository, input.namePt), []));
      return this.manageDetail(id, repository);
    });
  }

  /** Replaces the product with the form's whole content (offers, stock and pictures too), in one transaction. */
  async update(id: string, input: ParsedInput): Promise<ManageProductDetail> {
    return this.repository.transaction(async (repository) => {
      const current = await repository.byId(id);
      if (!current) throw notFound();
      await this.checkReferences(repository, input);
      const slug =
        current.namePt === input.namePt ? current.slug : await this.slugFor(repository, input.namePt, current.id);
      await repository.replace(id, this.write(input, slug, await repository.offersOf(id)));
      return this.manageDetail(id, repository);
    });
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.delete(id))) throw notFound();
  }

  /** For other modules' seeding: how many products there are. */
  count(): Promise<number> {
    return this.repository.count();
  }
}

import { z } from 'zod';
import { CURRENCY } from './constants.ts';
import { PAGE_SIZE_MAX, imageRef, paged } from './catalogue.ts';
import { httpUrl } from './validation.ts';

/**
 * The shop (docs/decisions/0018-shop.md): products compared across partner stores, who sell and ship
 * them. Behind the `SHOP_ENABLED` flag (off: no route in the web, 404 from the public API). Money is
 * always integer cents (BRL), never a float.
 */

export const PRODUCT_CATEGORIES = ['jerseys', 'balls', 'accessories'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The six orders of the product list; `relevance` ranks by full-text match when there is a text. */
export const PRODUCT_SORTS = ['featured', 'price-asc', 'price-desc', 'rating', 'relevance', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export { CURRENCY } from './constants.ts';
/** A product counts as new for this many days after it was added, unless `isNew` is set by hand. */
export const NEW_PRODUCT_DAYS = 30;
export const DISCOUNT_MAX = 90;
export const PRICE_MAX_CENTS = 10_000_000; // R$ 100 000: anything above is a typo.
export const STOCK_MAX = 100_000;
export const LOW_STOCK_DEFAULT = 5;
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_OFFERS_MAX = 20;

/** The price after the discount, rounded to the cent (half up). */
export const discountedCents = (priceCents: number, discountPercent: number) =>
  Math.round((priceCents * (100 - discountPercent)) / 100);

// ---- the product form: the legacy jersey rule set (name ≥ 3, team ≥ 2, season ≥ 2, price > 0,
// description ≥ 10, stock not negative, at least one colour and one size), same rules on the server ----

// JSON numbers only (no coercion): `true`, '' or '1e3' as a price is a client mistake, not 1 cent or 0.
const atLeast = (min: number, key: string, max: number) =>
  z.string({ error: 'required' }).trim().min(1, 'required').min(min, key).max(max);
const cents = (key: string) => z.number({ error: key }).int(key).min(1, key).max(PRICE_MAX_CENTS, 'priceTooHigh');
const optionalOf = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** An outbound link: only http(s), so no `javascript:` or `data:` link can reach a page. */
export const offerUrl = httpUrl(1000);

export const offerInput = z.strictObject({
  storeName: atLeast(2, 'storeNameMin', 80),
  url: offerUrl,
  priceCents: cents('offerPricePositive'),
  shippingNote: z.string().trim().max(200).default(''),
  inStock: z.boolean().default(true),
});
export type OfferInput = z.input<typeof offerInput>;

const sizeName = z.string().trim().min(1).max(20);
const colourName = z.string().trim().min(1).max(40);

export const productInput = z
  .strictObject({
    category: z.enum(PRODUCT_CATEGORIES, { error: 'categoryRequired' }),
    namePt: atLeast(3, 'productNameMin', 120),
    nameEn: atLeast(3, 'productNameMin', 120),
    descriptionPt: atLeast(10, 'productDescriptionMin', 4000),
    descriptionEn: atLeast(10, 'productDescriptionMin', 4000),
    /** Required for jerseys (team ≥ 2, season ≥ 2, e.g. "2024/25"); optional for balls and accessories. */
    team: optionalOf(atLeast(2, 'productTeamMin', 80)),
    season: optionalOf(atLeast(2, 'productSeasonMin', 20)),
    /** The catalogue jersey this product is (its page then shows "Onde comprar"). */
    jerseyId: z.string().uuid().nullable().optional(),
    imageIds: z.array(z.string().uuid()).max(PRODUCT_IMAGES_MAX).default([]),
    colours: z.array(colourName).min(1, 'coloursRequired').max(20),
    sizes: z.array(sizeName).min(1, 'sizesRequired').max(20),
    priceCents: cents('productPricePositive'),
    discountPercent: z.number().int().min(0, 'invalidDiscount').max(DISCOUNT_MAX, 'invalidDiscount').default(0),
    /** As the partners report it: 0–5 with one decimal, and how many reviews it averages. */
    rating: z.number().min(0, 'invalidRating').max(5, 'invalidRating').multipleOf(0.1, 'invalidRating').default(0),
    reviewsCount: z.number().int().min(0).max(10_000_000).default(0),
    /** null: new for NEW_PRODUCT_DAYS after it was added; true/false: set by hand. */
    isNew: z.boolean().nullable().default(null),
    featured: z.boolean().default(false),
    lowStockThreshold: z.number().int().min(0, 'stockNotNegative').max(STOCK_MAX).default(LOW_STOCK_DEFAULT),
    /** Units per size; every key must be one of `sizes`. */
    stock: z.record(sizeName, z.number({ error: 'stockNotNegative' }).int().min(0, 'stockNotNegative').max(STOCK_MAX)),
    offers: z.array(offerInput).max(PRODUCT_OFFERS_MAX).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.category === 'jerseys') {
      if (!p.team) ctx.addIssue({ code: 'custom', path: ['team'], message: 'required' });
      if (!p.season) ctx.addIssue({ code: 'custom', path: ['season'], message: 'required' });
    }
    for (const size of Object.keys(p.stock))
      if (!p.sizes.includes(size)) ctx.addIssue({ code: 'custom', path: ['stock', size], message: 'unknownSize' });
  });
export type ProductInput = z.input<typeof productInput>;

// ---- public ----

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const flag = z.enum(['true', 'false'], { error: 'oneOf' }).transform((v) => v === 'true');

export const productListQuery = z.strictObject({
  category: z.enum(PRODUCT_CATEGORIES, { error: 'oneOf' }).optional(),
  /** A team name as products carry it (the filter offers the teams of the shop, GET /api/shop/filters). */
  team: z.string().trim().max(80).optional(),
  minPrice: z.coerce.number().int().min(0).max(PRICE_MAX_CENTS).optional(),
  maxPrice: z.coerce.number().int().min(0).max(PRICE_MAX_CENTS).optional(),
  onSale: flag.optional(),
  isNew: flag.optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: 'oneOf' }).default('featured'),
  page,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(24),
});
export type ProductListQuery = z.input<typeof productListQuery>;

const money = { priceCents: z.number().int(), discountPercent: z.number().int(), finalPriceCents: z.number().int() };
export const bestOffer = z.object({ storeName: z.string(), priceCents: z.number().int(), url: z.string() });

/** A product card: the price filters and sorts use is `finalPriceCents` (after the discount). */
export const productCard = z.object({
  slug: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  name: z.string(),
  team: z.string().nullable(),
  image: imageRef.nullable(),
  ...money,
  currency: z.literal(CURRENCY),
  rating: z.number(),
  reviewsCount: z.number().int(),
  isNew: z.boolean(),
  inStock: z.boolean(),
  /** The cheapest partner offer in stock, if any. */
  bestOffer: bestOffer.nullable(),
});
export type ProductCard = z.infer<typeof productCard>;
export const productList = paged(productCard);
export type ProductList = z.infer<typeof productList>;

/** What the filters can offer: the teams and the price range of the shop's products. */
export const shopFilters = z.object({
  teams: z.array(z.string()),
  minPriceCents: z.number().int(),
  maxPriceCents: z.number().int(),
});
export type ShopFilters = z.infer<typeof shopFilters>;

export const offer = z.object({
  id: z.string(),
  storeName: z.string(),
  url: z.string(),
  priceCents: z.number().int(),
  shippingNote: z.string(),
  inStock: z.boolean(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offer>;

export const productDetail = productCard.extend({
  description: z.string(),
  season: z.string().nullable(),
  images: z.array(imageRef),
  colours: z.array(z.string()),
  /** Each size with whether it has units. */
  sizes: z.array(z.object({ size: z.string(), inStock: z.boolean() })),
  /** Cheapest first. */
  offers: z.array(offer),
  /** The catalogue jersey this product is; its page is /camisas/time/{teamSlug}/{slug}. */
  jersey: z.object({ id: z.string(), label: z.string(), teamSlug: z.string(), slug: z.string() }).nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** "Onde comprar" on a jersey's page: the product that is this jersey and its cheapest offer. */
export const jerseyOffer = z.object({ productSlug: z.string(), productName: z.string(), offer: bestOffer });
export type JerseyOffer = z.infer<typeof jerseyOffer>;
/** The answer: null when the shop has no product for the jersey (not a 404: every jersey page asks). */
export const jerseyOfferResponse = jerseyOffer.nullable();

// ---- management (Sistema) ----

export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const PRODUCT_MANAGE_SORTS = ['name', '-name', 'price', '-price', 'stock', '-stock', '-updated'] as const;
export type ProductManageSort = (typeof PRODUCT_MANAGE_SORTS)[number];

export const manageProductQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'oneOf' }).optional(),
  /** in: above the low-stock threshold; low: 0 < units ≤ threshold; out: no units. */
  stock: z.enum(STOCK_FILTERS, { error: 'oneOf' }).optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  sort: z.enum(PRODUCT_MANAGE_SORTS, { error: 'oneOf' }).optional(),
});
export type ManageProductQuery = z.input<typeof manageProductQuery>;

export const manageProduct = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  namePt: z.string(),
  nameEn: z.string(),
  image: imageRef.nullable(),
  priceCents: z.number().int(),
  discountPercent: z.number().int(),
  featured: z.boolean(),
  units: z.number().int(),
  lowStockThreshold: z.number().int(),
  stockStatus: z.enum(STOCK_FILTERS),
  offersCount: z.number().int(),
  updatedAt: z.string(),
});
export type ManageProduct = z.infer<typeof manageProduct>;
export const manageProductList = paged(manageProduct);
export type ManageProductList = z.infer<typeof manageProductList>;

/** One product as the form edits it: every input field, plus ids and images to show. */
export const manageProductDetail = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  namePt: z.string(),
  nameEn: z.string(),
  descriptionPt: z.string(),
  descriptionEn: z.string(),
  team: z.string().nullable(),
  season: z.string().nullable(),
  jerseyId: z.string().nullable(),
  images: z.array(imageRef),
  colours: z.array(z.string()),
  sizes: z.array(z.string()),
  priceCents: z.number().int(),
  discountPercent: z.number().int(),
  rating: z.number(),
  reviewsCount: z.number().int(),
  isNew: z.boolean().nullable(),
  featured: z.boolean(),
  lowStockThreshold: z.number().int(),
  stock: z.record(z.string(), z.number().int()),
  offers: z.array(offer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManageProductDetail = z.infer<typeof manageProductDetail>;

import { z } from 'zod';
import { optionalHttpUrl, optionalText } from './validation.ts';

export const TEAM_CATEGORIES = ['club', 'national'] as const;
export type TeamCategory = (typeof TEAM_CATEGORIES)[number];
export const PAGE_SIZE_MAX = 100;
/**
 * The Portuguese definite article a team's name takes (o Flamengo, a Alemanha, os Estados Unidos,
 * as Filipinas): texts that put a preposition before the name contract with it ("do", "da", "dos", "das").
 */
export const TEAM_ARTICLES = ['o', 'a', 'os', 'as'] as const;
export type TeamArticle = (typeof TEAM_ARTICLES)[number];
/** "de" contracted with a team's article, for Portuguese the server writes itself (demo texts). */
export const PT_OF: Record<TeamArticle, string> = { o: 'do', a: 'da', os: 'dos', as: 'das' };
export { GENERATED_IMAGE_SOURCE } from './constants.ts';

/**
 * A name that differs by language: `name` is the Portuguese one, `nameEn` the English one where it differs
 * (null otherwise); English pages fall back to `name` (docs/decisions/0035-catalogue-in-two-languages.md).
 */
const nameEn = z.string().nullable();

/** Every team, for selects (registration's favourite team, jersey form). */
export const teamOption = z.object({ slug: z.string(), name: z.string(), nameEn, category: z.string() });
export type TeamOption = z.infer<typeof teamOption>;
export const teamOptionsResponse = z.array(teamOption);

export const termsResponse = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type Terms = z.infer<typeof termsResponse>;

/**
 * A stored image: WebP variants 320, 640 and 1200 px wide (never wider than the original).
 * `src` is the 640 variant; `srcSet` lists all for the browser to pick; width/height reserve the box.
 */
export const imageRef = z.object({
  id: z.string(),
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRef>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(fallback);
const search = z.string().trim().max(100).optional();
const slug = z.string().trim().min(1).max(120);

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

// ---- public catalogue ----

export const teamSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameEn,
  country: z.string(),
  state: z.string().nullable(),
  city: z.string(),
  baseColor: z.string(),
  category: z.enum(TEAM_CATEGORIES),
  article: z.enum(TEAM_ARTICLES),
  crest: imageRef.nullable(),
  /** Active jerseys, derived. */
  jerseysCount: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamListQuery = z.strictObject({
  search,
  category: z.enum(TEAM_CATEGORIES).optional(),
  page,
  pageSize: pageSize(48),
});
export const teamListResponse = paged(teamSummary);
export type TeamList = z.infer<typeof teamListResponse>;

export const namedRef = z.object({ slug: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;
/** A model, or a team where the article is not needed: its names in both languages. */
export const bilingualRef = namedRef.extend({ nameEn });
export type BilingualRef = z.infer<typeof bilingualRef>;
/** A jersey's team: its names and the article Portuguese texts contract with it. */
export const teamRef = bilingualRef.extend({ article: z.enum(TEAM_ARTICLES) });
export type TeamRef = z.infer<typeof teamRef>;

export const jerseySummary = z.object({
  id: z.string(),
  slug: z.string(),
  team: teamRef,
  model: bilingualRef,
  supplier: namedRef,
  season: z.number().int(),
  modelYear: z.string(),
  mainColor: z.string(),
  image: imageRef.nullable(),
  active: z.boolean(),
});
export type JerseySummary = z.infer<typeof jerseySummary>;

export const JERSEY_SORTS = ['season_desc', 'season_asc'] as const;
export const teamJerseysQuery = z.strictObject({
  seasonFrom: z.coerce.number().int().min(1870).max(2100).optional(),
  seasonTo: z.coerce.number().int().min(1870).max(2100).optional(),
  model: slug.optional(),
  supplier: slug.optional(),
  sort: z.enum(JERSEY_SORTS).default('season_desc'),
  page,
  pageSize: pageSize(24),
});
export const teamJerseysResponse = paged(jerseySummary).extend({
  team: teamSummary,
  /** Filter options present in this team's catalogue. */
  models: z.array(bilingualRef),
  suppliers: z.array(namedRef),
  seasons: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
});
export type TeamJerseys = z.infer<typeof teamJerseysResponse>;

export const jerseyDetail = jerseySummary.extend({
  /** As written by a moderator; when both are null the pages write one from the fields. */
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  masterSponsor: z.string().nullable(),
  imageSource: z.object({ text: z.string(), url: z.string().nullable() }),
  teamInfo: teamSummary,
  otherJerseys: z.array(jerseySummary),
});
export type JerseyDetail = z.infer<typeof jerseyDetail>;

// ---- management (Sistema) ----

const required = (key: string, max = 100) => z.string({ error: key }).trim().min(1, key).max(max);
const hexColor = (key: string) => required(key, 7).regex(/^#[0-9a-fA-F]{6}$/, 'invalidColor');
const id = (key: string) => z.string({ error: key }).uuid(key);
export const teamInput = z.strictObject({
  name: required('teamNameRequired'),
  nameEn: optionalText(100),
  country: required('countryRequired'),
  state: optionalText(100),
  city: required('cityRequired'),
  baseColor: hexColor('baseColorRequired'),
  category: z.enum(TEAM_CATEGORIES, { error: 'categoryRequired' }),
  /** Omitted by older clients: "o", the article most team names take. */
  article: z.enum(TEAM_ARTICLES, { error: 'invalidValue' }).default('o'),
  crestImageId: z.string().uuid().nullable().optional(),
});
export type TeamInput = z.input<typeof teamInput>;

/** A model is a name only: a logo sent for one is refused by name, not dropped (ADR 0032). */
export const modelInput = z.strictObject({ name: required('nameRequired', 60), nameEn: optionalText(60) });
/** A supplier is a name and a logo. */
export const supplierInput = z.strictObject({
  name: required('nameRequired', 60),
  logoImageId: z.string().uuid().nullable().optional(),
});
/** What the shared model and supplier service takes (a model's never has a logo, a supplier's no English name). */
export type NamedInput = z.input<typeof supplierInput> & z.input<typeof modelInput>;

export const jerseyInput = z.strictObject({
  teamId: id('teamRequired'),
  modelId: id('modelRequired'),
  season: z.coerce
    .number({ error: 'seasonRequired' })
    .int('invalidSeason')
    .min(1870, 'invalidSeason')
    .max(2100, 'invalidSeason'),
  modelYear: required('modelYearRequired', 20),
  supplierId: id('supplierRequired'),
  mainColor: hexColor('mainColorRequired'),
  imageId: id('imageRequired'),
  imageSourceText: required('imageSourceRequired', 200),
  imageSourceUrl: optionalHttpUrl(500),
  description: optionalText(2000),
  descriptionEn: optionalText(2000),
  masterSponsor: optionalText(100),
  active: z.boolean().optional(),
});
export type JerseyInput = z.input<typeof jerseyInput>;

export const activeInput = z.strictObject({ active: z.boolean() });

/** The orders each Sistema list offers ('-' first: descending). */
export const TEAM_MANAGE_SORTS = [
  'name',
  '-name',
  'country',
  '-country',
  'jerseys',
  '-jerseys',
  'updated',
  '-updated',
] as const;
export const NAMED_MANAGE_SORTS = ['name', '-name', 'jerseys', '-jerseys'] as const;
export const JERSEY_MANAGE_SORTS = ['season', '-season', 'team', '-team', 'updated', '-updated'] as const;

/** A Sistema list query; an unknown `sort` is a 400 that names the allowed ones ('oneOf'). */
const manageListQuery = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  z.strictObject({
    search,
    page,
    pageSize: pageSize(20),
    sort: z.enum(sorts, { error: 'oneOf' }).optional(),
    team: z.string().uuid().optional(),
  });
export const manageTeamQuery = manageListQuery(TEAM_MANAGE_SORTS);
export const manageNamedQuery = manageListQuery(NAMED_MANAGE_SORTS);
export const manageJerseyQuery = manageListQuery(JERSEY_MANAGE_SORTS).extend({
  /** Comma-separated jersey ids (up to 100): names a saved selection, such as a tournament's hand-picked pool. */
  ids: z
    .string()
    .max(3_700)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.string().uuid()).max(100))
    .optional(),
});

export const manageTeam = teamSummary.extend({ createdAt: z.string(), updatedAt: z.string() });
export type ManageTeam = z.infer<typeof manageTeam>;
export const manageTeamList = paged(manageTeam);

export const manageNamed = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** A model's English name; always null for a supplier (brands keep their name). */
  nameEn,
  logo: imageRef.nullable(),
  jerseysCount: z.number().int(),
});
export type ManageNamed = z.infer<typeof manageNamed>;
export const manageNamedList = paged(manageNamed);

export const manageJersey = jerseySummary.extend({
  teamId: z.string(),
  modelId: z.string(),
  supplierId: z.string(),
  imageId: z.string().nullable(),
  imageSourceText: z.string(),
  imageSourceUrl: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  masterSponsor: z.string().nullable(),
  updatedAt: z.string(),
});
export type ManageJersey = z.infer<typeof manageJersey>;
export const manageJerseyList = paged(manageJersey);

/** Options for the jersey form's selects. */
export const catalogueOptions = z.object({
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  models: z.array(z.object({ id: z.string(), name: z.string() })),
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CatalogueOptions = z.infer<typeof catalogueOptions>;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Counts for the Sistema dashboard; later capabilities add theirs. */
export const dashboardResponse = z.object({
  activeJerseys: z.number().int(),
  inactiveJerseys: z.number().int(),
  teams: z.number().int(),
  models: z.number().int(),
  suppliers: z.number().int(),
  activeUsers: z.number().int(),
  /** Per derived status (docs/tournaments.md §2). */
  tournaments: z.object({ ongoing: z.number().int(), upcoming: z.number().int(), completed: z.number().int() }),
  /** Feedback waiting for a moderator (status pending). */
  pendingFeedbacks: z.number().int(),
  /**
   * The shop's stock (docs/decisions/0018-shop.md), counted whether or not the shop is open: units over
   * every product, products low (0 < units ≤ their threshold) and out (no units).
   */
  inventory: z.object({ totalUnits: z.number().int(), lowStock: z.number().int(), outOfStock: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardResponse>;

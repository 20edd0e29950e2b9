import { z } from 'zod';
import { jerseySummary } from './catalogue.ts';
import { COLLECTION_KINDS, JERSEY_SIZES } from './constants.ts';
import { PRICE_MAX_CENTS } from './shop.ts';

/**
 * "Minha coleção" (docs/decisions/0042-collection-and-wishlist.md): the jerseys a member has ("Tenho") and
 * wants ("Quero"), theirs alone unless they make the collection public. Money is integer cents (BRL), as in
 * the shop.
 */

export { COLLECTION_KINDS, type CollectionKind, JERSEY_SIZES, type JerseySize } from './constants.ts';

export const collectionParams = z.strictObject({
  kind: z.enum(COLLECTION_KINDS, { error: 'oneOf' }),
  jerseyId: z.string().uuid(),
});

/**
 * Adding or changing an entry: both fields optional, null clears them. A target price ("avise-me abaixo de")
 * is for a wanted jersey only (the service refuses it on an owned one); 0 is allowed, R$ 100 000 is the
 * shop's ceiling. JSON numbers only, as in the shop's forms.
 */
export const collectionEntryInput = z.strictObject({
  size: z.enum(JERSEY_SIZES, { error: 'oneOf' }).nullable().optional(),
  targetPriceCents: z
    .number({ error: 'targetPriceRange' })
    .int('targetPriceRange')
    .min(0, 'targetPriceRange')
    .max(PRICE_MAX_CENTS, 'targetPriceRange')
    .nullable()
    .optional(),
});
export type CollectionEntryInput = z.input<typeof collectionEntryInput>;

/** A jersey's place in the global ranking now; null before it is ranked. */
export const collectionStanding = z
  .object({ rank: z.number().int(), of: z.number().int(), score: z.number(), provisional: z.boolean() })
  .nullable();
export type CollectionStanding = z.infer<typeof collectionStanding>;

export const collectionEntry = z.object({
  kind: z.enum(COLLECTION_KINDS),
  jersey: jerseySummary,
  size: z.enum(JERSEY_SIZES).nullable(),
  /** Wanted only: alert when a partner offer is at or below it (with the shop on). */
  targetPriceCents: z.number().int().nullable(),
  addedAt: z.string(),
  updatedAt: z.string(),
  standing: collectionStanding,
});
export type CollectionEntry = z.infer<typeof collectionEntry>;

/** GET /api/me/collection: the member's own lists (newest first) and whether they are public. */
export const myCollection = z.object({
  public: z.boolean(),
  /** The public link's id while the collection is public (/colecao/{shareId}); null otherwise. */
  shareId: z.string().nullable(),
  owned: z.array(collectionEntry),
  wanted: z.array(collectionEntry),
});
export type MyCollection = z.infer<typeof myCollection>;

export const collectionVisibilityInput = z.strictObject({ public: z.boolean() });
export const collectionVisibility = myCollection.pick({ public: true, shareId: true });
export type CollectionVisibility = z.infer<typeof collectionVisibility>;

export const shareIdParams = z.strictObject({ shareId: z.string().min(1).max(64) });

/** What anyone with the link sees: the member's name and their active jerseys with ranks; no sizes or prices. */
const publicEntry = collectionEntry.pick({ jersey: true, standing: true });
export const publicCollection = z.object({
  name: z.string(),
  owned: z.array(publicEntry),
  wanted: z.array(publicEntry),
});
export type PublicCollection = z.infer<typeof publicCollection>;

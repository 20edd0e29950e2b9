// The collection module (docs/decisions/0042-collection-and-wishlist.md) as app.ts and other modules see it.
export { collectionModule } from './module.ts';
export type { PriceCrossing } from './price-crossing.ts';
export { CollectionService } from './service.ts';
export type { Tx } from './repository.ts';

// The jerseys module as other modules and app.ts see it.
// (Minimal on this branch: what duels, rankings and demo seeding use.)
export {
  CatalogueCache,
  type CatalogueRef,
  type CatalogueSnapshot,
  type CatalogueSource,
  summary,
} from './catalogue-cache.ts';
export { catalogueSource } from './catalogue-source.ts';
export { type CatalogueJersey, JerseyService } from './service.ts';

// The jerseys module as the rest of the app sees it.
export { default as jerseyRoutes } from './routes.ts';
export {
  CatalogueCache,
  type CatalogueRef,
  type CatalogueSnapshot,
  type CatalogueSource,
  bilingual,
  summary,
} from './catalogue-cache.ts';
export { catalogueSource } from './catalogue-source.ts';
export { type CatalogueJersey, JerseyService } from './service.ts';

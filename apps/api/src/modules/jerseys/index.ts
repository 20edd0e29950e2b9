// The jerseys module as the rest of the app sees it.
export {
  CatalogueCache,
  type CatalogueRef,
  type CatalogueSnapshot,
  type CatalogueSource,
  bilingual,
  summary,
} from './catalogue-cache.ts';
export { jerseysModule } from './module.ts';
export { type CatalogueJersey, JerseyService } from './service.ts';

// The catalogue module (models and suppliers) as the rest of the app sees it.
export { default as catalogueRoutes } from './routes.ts';
export { CATALOGUE_KINDS } from './repository.ts';
export { CatalogueService } from './service.ts';

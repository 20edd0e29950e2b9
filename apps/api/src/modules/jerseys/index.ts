// The jerseys module as the rest of the app sees it.
export { default as jerseyRoutes } from './routes.ts';
export { type CatalogueJersey, JerseyService } from './service.ts';

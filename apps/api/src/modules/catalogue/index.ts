// The catalogue module (models and suppliers) as the rest of the app sees it.
export { catalogueModule } from './module.ts';

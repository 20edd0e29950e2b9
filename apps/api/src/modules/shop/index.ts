// The shop module (docs/decisions/0018-shop.md) as app.ts and other modules see it.
export { ShopRepository } from './repository.ts';
export { default as shopRoutes } from './routes.ts';
export { ShopService } from './service.ts';

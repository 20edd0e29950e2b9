// The shop module (docs/decisions/0018-shop.md) as app.ts and other modules see it.
export { shopModule } from './module.ts';
export { ShopService } from './service.ts';

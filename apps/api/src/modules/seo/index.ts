// The seo module as app.ts sees it: head tags, share images, robots.txt and the sitemap (ADR 0036).
export { default as seoRoutes } from './routes.ts';
export { type PageSources, PublicPages, routeOf } from './pages.ts';
export { SeoService } from './service.ts';

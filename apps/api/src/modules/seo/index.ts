// The seo module as app.ts sees it: head tags, share images, robots.txt and the sitemap (ADR 0036).
export { seoModule } from './module.ts';
export { type PageSources, routeOf } from './pages.ts';
export { SeoService } from './service.ts';

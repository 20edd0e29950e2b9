import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import type { Metrics } from '#plugins/metrics.ts';
import { PairTallies } from './crowd.ts';
import { type PageSources, PublicPages } from './pages.ts';
import seoRoutes from './routes.ts';
import { SeoService } from './service.ts';

/**
 * What each public URL says about itself to crawlers and link previews, as app.ts wires it: head tags, share
 * images drawn from its data, robots.txt and the sitemap (ADR 0036). Read from the services' own caches,
 * never on the vote path.
 */
export function seoModule({
  db,
  config,
  now,
  log,
  metrics,
  sources,
  images,
}: {
  /** Read for one thing: a shared duel's tally (crowd.ts). */
  db: Db;
  config: Config;
  now: () => number;
  log: Logger;
  metrics: Metrics;
  sources: PageSources;
  /** Where the share images' pictures are read. */
  images: { file(id: string, name: string): Promise<{ data: Buffer } | null> };
}) {
  const publicPages = new PublicPages(
    { ...sources, crowd: new PairTallies(db, now) },
    { origin: config.publicUrl, shop: config.shopEnabled, log, now },
  );
  const service = new SeoService(
    publicPages,
    async (picture) => (await images.file(picture.id, picture.file))?.data ?? null,
    config.publicUrl,
    now,
  );
  metrics.gauge(
    'manto_share_images_drawn',
    'Share images drawn since the process started.',
    () => service.shareImageStats().renders,
  );
  metrics.gauge(
    'manto_share_images_from_memory',
    'Share images answered from the in-memory cache since the process started.',
    () => service.shareImageStats().hits,
  );
  metrics.gauge(
    'manto_share_images_cached_bytes',
    'Bytes of share images held in memory (bounded; least recently used out first).',
    () => service.shareImageStats().bytes,
  );
  return {
    service,
    register: async (app: FastifyInstance) => {
      await app.register(seoRoutes, { seo: service });
      app.addHook('onClose', () => service.close());
    },
  };
}

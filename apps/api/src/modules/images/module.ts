import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '#config.ts';
import type { Db } from '#db/client.ts';
import imageRoutes from './routes.ts';
import { ImageService } from './service.ts';
import { diskStore } from './storage.ts';

/** Uploaded images and their variants, as app.ts wires them. */
export function imagesModule({
  db,
  config,
  log,
  onVariantsAdded,
}: {
  db: Db;
  config: Config;
  log: Logger;
  /** Called when images got a variant they lacked (their addresses changed). */
  onVariantsAdded: () => void;
}) {
  const service = new ImageService(db, diskStore(path.join(config.dataDir, 'images')));
  // Images stored before a variant width was added get it, in the background (ImageService).
  const stopVariants = new AbortController();
  let variantsAdded = Promise.resolve();
  return {
    service,
    variants: {
      start: () => {
        variantsAdded = service
          .addMissingVariants(stopVariants.signal)
          .then((changed) => {
            if (changed === 0) return;
            log.info({ changed }, 'image variants added');
            onVariantsAdded();
          })
          .catch((err) => log.error({ err }, 'adding image variants failed'));
      },
      stop: async () => {
        stopVariants.abort();
        await variantsAdded;
      },
    },
    register: async (app: FastifyInstance) => {
      await app.register(imageRoutes, { images: service });
    },
  };
}

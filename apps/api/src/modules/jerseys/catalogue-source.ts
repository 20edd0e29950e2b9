import type { Db } from '#db/client.ts';
import { models, teams } from '#db/schema/index.ts';
import type { CatalogueSource } from './catalogue-cache.ts';
import type { JerseyService } from './service.ts';

/** The catalogue cache's loads: every jersey through the jersey service, every team and model. */
export function catalogueSource(db: Db, jerseys: JerseyService): CatalogueSource {
  return {
    jerseys: () => jerseys.catalogue(),
    teams: () => db.select({ id: teams.id, slug: teams.slug, name: teams.name }).from(teams),
    models: () => db.select({ id: models.id, slug: models.slug, name: models.name }).from(models),
  };
}

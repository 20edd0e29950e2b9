import type { CatalogueSource } from './catalogue-cache.ts';
import type { JerseyService } from './service.ts';

/** The catalogue cache's loads: its version, every jersey, team and model, through the jersey service. */
export function catalogueSource(jerseys: JerseyService): CatalogueSource {
  return {
    version: () => jerseys.catalogueVersion(),
    jerseys: () => jerseys.catalogue(),
    teams: () => jerseys.refs('teams'),
    models: () => jerseys.refs('models'),
  };
}

import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.ts';
import { jerseys, models, suppliers, teams } from '#db/schema/index.ts';

export interface SeededJersey {
  id: string;
  slug: string;
  teamId: string;
  teamSlug: string;
  modelId: string;
  modelSlug: string;
  season: number;
}

/**
 * A small catalogue written straight to the database (no images): `teams` teams, each with one jersey
 * per season for every model in `models`. Names carry a random suffix so files can share a database.
 */
export async function seedCatalogue(
  db: Db,
  spec: { teams: number; models: string[]; seasons: number[]; inactive?: number },
): Promise<{ jerseys: SeededJersey[]; teams: { id: string; slug: string }[]; models: { id: string; slug: string }[] }> {
  const tag = randomBytes(3).toString('hex');
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: `Fornecedor ${tag}`, slug: `fornecedor-${tag}` })
    .returning();
  const modelRows = await db
    .insert(models)
    .values(spec.models.map((m) => ({ name: `${m} ${tag}`, slug: `${m.toLowerCase()}-${tag}` })))
    .returning();
  const teamRows = await db
    .insert(teams)
    .values(
      Array.from({ length: spec.teams }, (_, i) => ({
        name: `Time ${i} ${tag}`,
        slug: `time-${i}-${tag}`,
        country: 'Brasil',
        city: 'Recife',
        baseColor: '#112233',
        category: 'club',
      })),
    )
    .returning();
  const values = teamRows.flatMap((team) =>
    modelRows.flatMap((model) =>
      spec.seasons.map((season) => ({
        teamId: team.id,
        modelId: model.id,
        supplierId: supplier!.id,
        slug: `${season}-${model.slug}`,
        season,
        modelYear: `${season}/${String(season + 1).slice(2)}`,
        mainColor: '#ffffff',
        imageSourceText: 'Teste',
      })),
    ),
  );
  const rows = await db.insert(jerseys).values(values).returning();
  const out = rows.map((j) => ({
    id: j.id,
    slug: j.slug,
    teamId: j.teamId,
    teamSlug: teamRows.find((t) => t.id === j.teamId)!.slug,
    modelId: j.modelId,
    modelSlug: modelRows.find((m) => m.id === j.modelId)!.slug,
    season: j.season,
  }));
  return { jerseys: out, teams: teamRows, models: modelRows };
}

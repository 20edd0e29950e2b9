import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { slugify } from '#lib/slug.ts';
import type { ImageService } from '#modules/images/service.ts';
import type { JerseyService } from '#modules/jerseys/service.ts';
import type { RankingJob } from '#modules/rankings/job.ts';
import { hiddenStrength, seedDemoVotes } from './demo-votes.ts';
import type { Db } from '../client.ts';
import { jerseys, models, suppliers, teams } from '../schema/index.ts';
import { DEMO_MODELS, DEMO_SUPPLIERS, SEASONS, TEAM_KITS, hash, pick, sponsorFor } from './demo-data.ts';
import { type JerseyDesign, jerseySvg } from './jersey-art.ts';

const GOALKEEPER = ['#84CC16', '#F97316', '#7C3AED', '#0EA5E9', '#EAB308', '#EC4899'];
const THIRD = ['#1B2A4A', '#374151', '#0F766E', '#7F1D1D', '#4C1D95', '#92400E'];
const EUROPE = new Set(['Espanha', 'Inglaterra', 'Itália', 'Alemanha', 'França', 'Holanda']);

interface DemoJersey {
  model: (typeof DEMO_MODELS)[number];
  season: number;
  design: JerseyDesign;
}

/** Seven jerseys per team: four home seasons, two away, and a third, goalkeeper or special kit. */
function jerseysFor(slug: string, kit: (typeof TEAM_KITS)[string]): DemoJersey[] {
  const supplier = kit.supplier.toLowerCase();
  const base = {
    supplier,
    crestInitials: kit.initials,
    crestColor: kit.primary === '#FFFFFF' ? kit.secondary : kit.primary,
  };
  const list: DemoJersey[] = [];
  for (const season of SEASONS.slice(-4)) {
    const key = `${slug}:${season}`;
    list.push({
      model: 'Titular',
      season,
      design: {
        ...base,
        pattern: kit.pattern,
        primary: kit.primary,
        secondary: kit.secondary,
        trim: pick(
          [kit.secondary, '#FFFFFF', '#111111'].filter((c) => c !== kit.primary),
          key,
        ),
        sleeves: hash(key) % 3 === 0 && kit.pattern === 'plain' ? kit.secondary : kit.primary,
        sponsor: sponsorFor(slug, season),
        collar: pick(['round', 'v', 'polo'] as const, key),
        stripeWidth: 30 + (hash(key) % 4) * 8,
      },
    });
  }
  for (const season of SEASONS.slice(-2)) {
    const key = `${slug}:away:${season}`;
    list.push({
      model: 'Reserva',
      season,
      design: {
        ...base,
        pattern: pick(['plain', 'sash', 'chevron', 'pinstripes'] as const, key),
        primary: kit.away,
        secondary: kit.primary === kit.away ? kit.secondary : kit.primary,
        trim: kit.primary === kit.away ? kit.secondary : kit.primary,
        sleeves: kit.away,
        sponsor: sponsorFor(slug, season),
        collar: pick(['round', 'v', 'polo'] as const, key),
        stripeWidth: 34,
      },
    });
  }
  const season = SEASONS.at(-1)!;
  const extra = pick(['Terceira', 'Goleiro', 'Especial'] as const, slug);
  const designs: Record<typeof extra, Partial<JerseyDesign>> = {
    Terceira: {
      pattern: pick(['halves', 'pinstripes', 'quarters', 'plain'] as const, slug),
      primary: pick(THIRD, slug),
      secondary: kit.primary,
      trim: kit.primary,
      sleeves: pick(THIRD, slug),
    },
    Goleiro: {
      pattern: pick(['plain', 'chevron'] as const, slug),
      primary: pick(GOALKEEPER, slug),
      secondary: '#111111',
      trim: '#111111',
      sleeves: '#111111',
    },
    Especial: { pattern: 'pinstripes', primary: '#111111', secondary: '#C9A227', trim: '#C9A227', sleeves: '#111111' },
  };
  list.push({
    model: extra,
    season,
    design: {
      ...base,
      ...designs[extra],
      sponsor: sponsorFor(slug, season),
      collar: 'v',
      stripeWidth: 36,
    } as JerseyDesign,
  });
  return list;
}

/** Runs `task` over `items` with at most `limit` in flight (sharp already uses the thread pool). */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * On an empty catalogue, seeds models, real suppliers and seven illustrated jerseys per seeded team
 * (≈230), each drawn from the team's colours and rendered through the same image pipeline as uploads.
 */
export async function seedDemoCatalogue(db: Db, images: ImageService, log: Logger): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(jerseys);
  if ((existing?.n ?? 0) > 0) return;
  const started = Date.now();
  await db
    .insert(models)
    .values(DEMO_MODELS.map((name) => ({ name, slug: slugify(name) })))
    .onConflictDoNothing();
  await db
    .insert(suppliers)
    .values(DEMO_SUPPLIERS.map((name) => ({ name, slug: slugify(name) })))
    .onConflictDoNothing();
  const modelIds = new Map((await db.select().from(models)).map((m) => [m.name, m.id]));
  const supplierIds = new Map((await db.select().from(suppliers)).map((s) => [s.name, s.id]));
  const teamRows = await db.select().from(teams);

  const work = teamRows.flatMap((team) => {
    const kit = TEAM_KITS[team.slug];
    return kit ? jerseysFor(team.slug, kit).map((j) => ({ team, kit, ...j })) : [];
  });
  const rows: (typeof jerseys.$inferInsert)[] = [];
  await eachLimited(work, 4, async ({ team, kit, model, season, design }) => {
    const png = await sharp(Buffer.from(jerseySvg(design)))
      .png()
      .toBuffer();
    const image = await images.store(png);
    const modelYear =
      EUROPE.has(team.country) && team.category === 'club'
        ? `${season}/${String(season + 1).slice(2)}`
        : String(season);
    rows.push({
      teamId: team.id,
      modelId: modelIds.get(model)!,
      supplierId: supplierIds.get(kit.supplier)!,
      slug: slugify(`${season} ${model}`),
      season,
      modelYear,
      description: `Camisa ${model.toLowerCase()} ${modelYear} do ${team.name}, fornecida pela ${kit.supplier}, com patrocínio ${design.sponsor}.`,
      masterSponsor: design.sponsor,
      mainColor: design.primary,
      imageId: image.id,
      imageSourceText: 'Ilustração gerada pelo Manto',
      imageSourceUrl: null,
    });
  });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insert(jerseys)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing();
  // Crest colours follow the seeded kits.
  for (const team of teamRows) {
    const kit = TEAM_KITS[team.slug];
    if (kit) await db.update(teams).set({ baseColor: kit.primary }).where(eq(teams.id, team.id));
  }
  log.info({ jerseys: rows.length, ms: Date.now() - started }, 'seeded the demo catalogue');
}

const DAY_MS = 86_400_000;

/**
 * The whole demo: the drawn catalogue, then simulated votes with a hidden "true" preference, then
 * ranking snapshots as they would have been 10, 6, 3 and 1 days ago, so a fresh demo has movement
 * and a score history to show.
 */
export async function seedDemo(
  db: Db,
  images: ImageService,
  jerseyService: JerseyService,
  job: RankingJob,
  log: Logger,
): Promise<void> {
  await seedDemoCatalogue(db, images, log);
  const catalogue = (await jerseyService.catalogue()).filter((j) => j.active);
  const simulated = catalogue.map((j) => ({
    id: j.id,
    teamId: j.teamId,
    modelId: j.modelId,
    strength: hiddenStrength(`${j.team.slug}/${j.slug}`, j.model.slug === slugify(DEMO_MODELS[0])),
  }));
  const now = new Date();
  if ((await seedDemoVotes(db, simulated, log, now)) === 0) return;
  for (const daysAgo of [10, 6, 3, 1]) await job.runOnce({ until: new Date(now.getTime() - daysAgo * DAY_MS) });
}

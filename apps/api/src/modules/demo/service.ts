import sharp from 'sharp';
import { GENERATED_IMAGE_SOURCE } from '@manto/contracts';
import type { Logger } from 'pino';
import { slugify } from '#lib/slug.ts';
import type { ImageService } from '#modules/images/index.ts';
import type { JerseyService } from '#modules/jerseys/index.ts';
import type { RankingJob } from '#modules/rankings/index.ts';
import type { ShopService } from '#modules/shop/index.ts';
import type { Rounds, TournamentRepository } from '#modules/tournaments/index.ts';
import {
  DEMO_FANBASES,
  DEMO_MODELS,
  DEMO_MODELS_EN,
  DEMO_SUPPLIERS,
  SEASONS,
  TEAM_KITS,
  hash,
  pick,
  sponsorFor,
} from './demo-data.ts';
import { seedDemoShop } from './demo-shop.ts';
import { seedDemoTournaments } from './demo-tournaments.ts';
import { type SimJersey, type SimVote, hiddenStrength, replayVotes, simulateVotes } from './demo-votes.ts';
import { DEMO_IMAGE, type JerseyDesign, jerseySvg } from './jersey-art.ts';
import type { DemoRepository } from './repository.ts';

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
 * Returns whether it did (false when the catalogue already had jerseys).
 */
export async function seedDemoCatalogue(
  repository: DemoRepository,
  images: ImageService,
  log: Logger,
): Promise<boolean> {
  if ((await repository.jerseyCount()) > 0) return false;
  const started = Date.now();
  const { models: modelIds, suppliers: supplierIds } = await repository.ensureModelsAndSuppliers(
    DEMO_MODELS.map((name) => ({ name, nameEn: DEMO_MODELS_EN[name], slug: slugify(name) })),
    DEMO_SUPPLIERS.map((name) => ({ name, slug: slugify(name) })),
  );
  const teamRows = await repository.teams();

  const work = teamRows.flatMap((team) => {
    const kit = TEAM_KITS[team.slug];
    return kit ? jerseysFor(team.slug, kit).map((j) => ({ team, kit, ...j })) : [];
  });
  const rows: Parameters<DemoRepository['insertJerseys']>[0] = [];
  await eachLimited(work, 4, async ({ team, kit, model, season, design }) => {
    const png = await sharp(Buffer.from(jerseySvg(design)))
      .png()
      .toBuffer();
    const image = await images.store(png, DEMO_IMAGE);
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
      // No stored description: the pages write one from the fields in the reader's language.
      description: null,
      masterSponsor: design.sponsor,
      mainColor: design.primary,
      imageId: image.id,
      // The source's name; the pages credit Manto's own drawings in the reader's language.
      imageSourceText: GENERATED_IMAGE_SOURCE,
      imageSourceUrl: null,
    });
  });
  await repository.insertJerseys(rows);
  // Crest colours follow the seeded kits.
  for (const team of teamRows) {
    const kit = TEAM_KITS[team.slug];
    if (kit) await repository.setTeamColor(team.id, kit.primary);
  }
  log.info({ jerseys: rows.length, ms: Date.now() - started }, 'seeded the demo catalogue');
  return true;
}

const DAY_MS = 86_400_000;

/**
 * The whole demo: the drawn catalogue, then simulated votes with a hidden "true" preference, then
 * ranking snapshots as they would have been 10, 6, 3 and 1 days ago, so a fresh demo has movement
 * and a score history to show; then three tournaments (completed, ongoing, upcoming) whose past rounds
 * the simulated fans voted in. The shop gets its products right after the catalogue.
 */
export async function seedDemo(
  repository: DemoRepository,
  images: ImageService,
  jerseyService: JerseyService,
  job: RankingJob,
  tournaments: { repository: TournamentRepository; rounds: Rounds },
  shop: ShopService,
  log: Logger,
): Promise<void> {
  // Simulated votes only ever go onto the demo's own jerseys, never onto a catalogue with real records.
  if (!(await seedDemoCatalogue(repository, images, log))) return;
  const catalogue = (await jerseyService.catalogue()).filter((j) => j.active);
  await seedDemoShop(shop, images, catalogue, log);
  const simulated = catalogue.map((j) => ({
    id: j.id,
    teamId: j.teamId,
    modelId: j.modelId,
    strength: hiddenStrength(`${j.team.slug}/${j.slug}`, j.model.slug === slugify(DEMO_MODELS[0])),
  }));
  const now = new Date();
  const votes = await seedDemoVotes(repository, simulated, log, now);
  if (votes.length === 0) return;
  for (const daysAgo of [10, 6, 3, 1]) await job.runOnce({ until: new Date(now.getTime() - daysAgo * DAY_MS) });
  const modelId = (name: string) => catalogue.find((j) => j.model.slug === slugify(name))!.modelId;
  const cupVotes = await seedDemoTournaments(
    tournaments.repository,
    tournaments.rounds,
    (v) => repository.insertVotes({ votes: replayVotes(simulated, v).votes, ratings: [], pairs: [] }),
    simulated,
    { home: modelId(DEMO_MODELS[0]), away: modelId(DEMO_MODELS[1]) },
    now,
    log,
  );
  // The live ratings and pair tallies as if every vote, the cups' too, had gone through the vote path.
  const all = [...votes, ...cupVotes].sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime());
  const { ratings, pairs } = replayVotes(simulated, all);
  await repository.replaceLiveState(ratings, pairs);
}

/**
 * Seeds simulated votes into an empty votes table, replayed through the live Elo and pair tallies
 * (demo-votes.ts): visitors', and those of simulated members with favourite teams and regions (the
 * segment rankings, docs/segments.md). Returns the votes written (none when votes existed).
 */
export async function seedDemoVotes(
  repository: DemoRepository,
  jerseys: readonly SimJersey[],
  log: Logger,
  end = new Date(),
): Promise<SimVote[]> {
  if ((await repository.voteCount()) > 0 || jerseys.length < 2) return [];
  const fans = await repository.insertMembers(
    DEMO_FANBASES.flatMap(({ team, fans, state }) =>
      Array.from({ length: fans }, (_, i) => {
        const n = `${team}-${String(i + 1).padStart(2, '0')}`;
        const abroad = i % 12 === 11;
        return {
          email: `torcedor-${n}@demo.manto.invalid`,
          name: `Torcedor simulado ${n}`,
          teamSlug: team,
          country: abroad ? 'Portugal' : i % 3 ? 'Brasil' : 'Brazil',
          state: abroad ? 'Lisboa' : state,
        };
      }),
    ),
  );
  const simulated = simulateVotes(jerseys, { voters: 90, meanVotes: 130, seed: 1970, end, days: 14, fans });
  await repository.insertVotes(replayVotes(jerseys, simulated));
  log.info({ votes: simulated.length }, 'demo votes simulated');
  return simulated;
}

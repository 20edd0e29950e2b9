import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CatalogueCache, CatalogueJersey } from '#modules/jerseys/index.ts';
import type { RankingService } from '#modules/rankings/index.ts';
import type { TeamService } from '#modules/teams/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import { type PairTally, winnerShare } from './crowd.ts';
import { PublicPages, againstOf } from './pages.ts';
import { SeoService } from './service.ts';

// A jersey's page shared as a duel's result (`?contra=<team>/<jersey>`): its head tags, as the page handler
// writes them, from the catalogue and the pair's tally. The services are stand-ins holding a few jerseys; the
// image route and the tally read from the database are in seo.int.test.ts.

const ORIGIN = 'https://manto.test';

const jersey = (
  id: string,
  team: { slug: string; name: string; nameEn?: string },
  slug: string,
  modelYear: string,
  model: { name: string; nameEn: string },
): CatalogueJersey => ({
  id,
  slug,
  team: { slug: team.slug, name: team.name, nameEn: team.nameEn ?? null, article: 'o' },
  model: { slug: model.name.toLowerCase(), name: model.name, nameEn: model.nameEn },
  supplier: { slug: 'nike', name: 'Nike' },
  season: Number(modelYear.slice(0, 4)),
  modelYear,
  mainColor: '#c8102e',
  image: { id: `image-${id}`, src: `/api/images/image-${id}/640.webp`, srcSet: '', width: 640, height: 640 },
  active: true,
  teamId: `team-${team.slug}`,
  modelId: `model-${model.name}`,
  supplierId: 'nike',
});

const FLAMENGO = { slug: 'flamengo', name: 'Flamengo' };
const GREMIO = { slug: 'gremio', name: 'Grêmio' };
const HOME = { name: 'Titular', nameEn: 'Home' };
const AWAY = { name: 'Reserva', nameEn: 'Away' };
// Ids in the order the tally stores pairs (lower first): the winner's is the higher, so its wins are the
// tally's high_wins, which a mix-up of sides would get wrong.
const WINNER = jersey('00000000-0000-4000-8000-00000000000b', FLAMENGO, '2019-titular', '2019', HOME);
const LOSER = jersey('00000000-0000-4000-8000-00000000000a', GREMIO, '2019-reserva', '2019', AWAY);
const THIRD = jersey('00000000-0000-4000-8000-00000000000c', GREMIO, '2020-titular', '2020', HOME);

/** Pages over stand-in services: the jerseys above (by slugs), no ranking yet, and `tallies` by ordered pair. */
function setup(tallies: Record<string, PairTally | Error> = {}) {
  const bySlugs = new Map([WINNER, LOSER, THIRD].map((j) => [`${j.team.slug}/${j.slug}`, j]));
  const reads: string[] = [];
  const catalogue = {
    activeJersey: async (team: string, slug: string) => bySlugs.get(`${team}/${slug}`) ?? null,
  } as unknown as CatalogueCache;
  const rankings = { snapshot: async () => null } as unknown as RankingService;
  const crowd = {
    tally: async (a: string, b: string): Promise<PairTally> => {
      reads.push(`${a}|${b}`);
      const found = tallies[`${a}|${b}`];
      if (found instanceof Error) throw found;
      return found ?? { wins: 0, losses: 0, ties: 0 };
    },
  };
  const warnings: string[] = [];
  const pages = new PublicPages(
    {
      catalogue,
      rankings,
      teams: {} as TeamService,
      tournaments: {} as TournamentService,
      crowd,
    },
    { origin: ORIGIN, shop: false, log: { warn: (_obj, msg) => warnings.push(msg) } },
  );
  const seo = new SeoService(
    pages,
    async () =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8102e' } })
        .png()
        .toBuffer(),
    ORIGIN,
  );
  return { pages, seo, reads, warnings };
}

const PAGE = '/app/camisas/time/flamengo/2019-titular';
const AGAINST = 'contra=gremio/2019-reserva';
const won = (wins: number, losses: number, ties = 0) => ({ [`${WINNER.id}|${LOSER.id}`]: { wins, losses, ties } });

/** The head tags as a crawler reads them. */
async function tags(seo: SeoService, language: 'pt' | 'en', query?: string) {
  const head = await seo.headTags(PAGE, language, query);
  const doc = new JSDOM(`<!doctype html><html><head>${head.tags}</head></html>`).window.document;
  const attr = (selector: string, name = 'content') => doc.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    title: doc.title,
    description: attr('meta[name="description"]'),
    canonical: attr('link[rel="canonical"]', 'href'),
    ogTitle: attr('meta[property="og:title"]'),
    ogUrl: attr('meta[property="og:url"]'),
    image: attr('meta[property="og:image"]'),
    imageAlt: attr('meta[property="og:image:alt"]'),
    twitterImage: attr('meta[name="twitter:image"]'),
    data: head.data,
  };
}

describe("a duel's result shared as the winner's page", () => {
  it('is titled and described as the result, in Portuguese and in English, with the duel as its image', async () => {
    const { seo } = setup(won(63, 30, 7));
    const pt = await tags(seo, 'pt', AGAINST);
    expect(pt.title).toBe('Flamengo 2019 · Titular venceu Grêmio 2019 · Reserva — 63% da galera | Manto');
    expect(pt.ogTitle).toBe(pt.title);
    expect(pt.description).toBe(
      'Flamengo 2019 · Titular venceu Grêmio 2019 · Reserva — 63% da galera, em 100 votos. Compare as duas e vote nos duelos do Manto.',
    );
    // The page is the jersey's: its address, without the other jersey, is the canonical.
    expect(pt.canonical).toBe(`${ORIGIN}${PAGE}`);
    expect(pt.ogUrl).toBe(pt.canonical);
    expect(pt.image).toMatch(
      new RegExp(`^${ORIGIN}/api/share/duel/flamengo/2019-titular/gremio/2019-reserva/pt-[0-9a-f]{10}\\.png$`),
    );
    expect(pt.twitterImage).toBe(pt.image);
    expect(pt.imageAlt).toContain('63% da galera escolheu Flamengo 2019 · Titular');
    // The jersey page's breadcrumbs all the same.
    expect(pt.data).toContain('"BreadcrumbList"');

    const en = await tags(seo, 'en', AGAINST);
    expect(en.title).toBe('Flamengo 2019 · Home beat Grêmio 2019 · Away — 63% of the fans | Manto');
    expect(en.description).toBe(
      "Flamengo 2019 · Home beat Grêmio 2019 · Away — 63% of the fans, out of 100 votes. Compare them and vote in Manto's duels.",
    );
    expect(en.canonical).toBe(`${ORIGIN}${PAGE}?lang=en`);
    expect(en.image).toMatch(/\/api\/share\/duel\/flamengo\/2019-titular\/gremio\/2019-reserva\/en-[0-9a-f]{10}\.png$/);
  });

  it('names the image the route draws: 1200×630 PNG, its version changing with the share', async () => {
    const { seo } = setup(won(2, 1));
    const image = (await tags(seo, 'pt', AGAINST)).image!;
    const [file] = image.split('/').slice(-1);
    const answer = await seo.shareImage(
      { kind: 'duel', team: 'flamengo', jersey: '2019-titular', otherTeam: 'gremio', otherJersey: '2019-reserva' },
      file!,
    );
    expect(answer.kind).toBe('image');
    const meta = await sharp(answer.kind === 'image' ? answer.bytes : Buffer.alloc(0)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Another share, another version; the same share, the same (the vote count is not drawn).
    const other = setup(won(3, 1)).seo;
    expect((await tags(other, 'pt', AGAINST)).image).not.toBe(image);
    expect((await tags(setup(won(4, 2)).seo, 'pt', AGAINST)).image).toBe(image);
  });

  it("falls back to the jersey's own tags when there is no result to tell", async () => {
    const own = await tags(setup().seo, 'pt');
    expect(own.title).toBe('Flamengo 2019 · Titular | Manto');
    expect(own.image).toMatch(/\/api\/share\/jersey\/flamengo\/2019-titular\/pt-[0-9a-f]{10}\.png$/);
    const cases: [string, Record<string, PairTally | Error>, string][] = [
      ['an unknown other jersey', won(5, 1), 'contra=gremio/nao-existe'],
      ['an unknown other team', won(5, 1), 'contra=time-nenhum/2019-reserva'],
      ['the jersey itself', won(5, 1), 'contra=flamengo/2019-titular'],
      ['a malformed value', won(5, 1), 'contra=gremio'],
      ['an empty value', won(5, 1), 'contra='],
      ['a pair nobody voted on', {}, AGAINST],
      ['ties only', won(0, 0, 4), AGAINST],
      ['a draw', won(3, 3, 1), AGAINST],
      ['the other jersey ahead', won(1, 4), AGAINST],
      ['a tally that cannot be read', { [`${WINNER.id}|${LOSER.id}`]: new Error('database down') }, AGAINST],
    ];
    for (const [what, tallies, query] of cases) {
      const { seo, warnings } = setup(tallies);
      const got = await tags(seo, 'pt', query);
      expect({ what, title: got.title, image: got.image }).toEqual({ what, title: own.title, image: own.image });
      expect(got.canonical).toBe(`${ORIGIN}${PAGE}`);
      if (tallies[`${WINNER.id}|${LOSER.id}`] instanceof Error && query === AGAINST) expect(warnings).toHaveLength(1);
    }
    // A draw or an unknown pair is no image either: 404, as any unknown target.
    const { seo } = setup(won(3, 3));
    await expect(
      seo.shareImage(
        { kind: 'duel', team: 'flamengo', jersey: '2019-titular', otherTeam: 'gremio', otherJersey: '2019-reserva' },
        'pt-0123456789.png',
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reads the other jersey from the query string alone, and keys the tags by it', async () => {
    expect(againstOf('contra=gremio%2F2019-reserva&lang=en')).toEqual({ team: 'gremio', jersey: '2019-reserva' });
    expect(againstOf('lang=en')).toBeNull();
    expect(againstOf(undefined)).toBeNull();
    expect(againstOf('contra=a/b/c')).toBeNull();
    const { seo, reads } = setup({ ...won(2, 1), [`${WINNER.id}|${THIRD.id}`]: { wins: 9, losses: 1, ties: 0 } });
    const first = await seo.headTags(PAGE, 'pt', AGAINST);
    // The same other jersey with other parameters: the same tags, read once.
    expect(await seo.headTags(PAGE, 'pt', `${AGAINST}&utm_source=whatsapp`)).toBe(first);
    expect(reads).toHaveLength(1);
    // Another one: its own tags; none: the jersey's.
    const third = await tags(seo, 'pt', 'contra=gremio/2020-titular');
    expect(third.title).toContain('venceu Grêmio 2020 · Titular — 90% da galera');
    expect((await seo.headTags(PAGE, 'pt')).tags).not.toBe(first.tags);
  });
});

describe("the crowd's share", () => {
  it("rounds as the duel's crowd bar does (largest remainders over wins, ties and losses)", () => {
    expect(winnerShare({ wins: 63, losses: 30, ties: 7 })).toBe(63);
    expect(winnerShare({ wins: 2, losses: 1, ties: 0 })).toBe(67);
    // 1/3 each would floor to 33 + 33 + 33: the first remainder in order (the wins) takes the last point.
    expect(winnerShare({ wins: 1, losses: 1, ties: 1 })).toBe(34);
    expect(winnerShare({ wins: 1, losses: 0, ties: 0 })).toBe(100);
    expect(winnerShare({ wins: 0, losses: 0, ties: 0 })).toBe(0);
  });
});

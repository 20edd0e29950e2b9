import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jerseys, models as modelRows, pairStats, teams } from '#db/schema/index.ts';
import { teamScope } from '#lib/scopes.ts';
import { type SeededJersey, seedCatalogue } from '#test/catalogue.ts';
import { PUBLIC_URL, type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { createTournament, globalScores, scopeScores, tournamentBody } from '#test/tournaments.ts';

// The SPA as the build leaves it, reduced to what the head tags touch (apps/web/index.html): its language, its
// static title and description.
const PAGE =
  '<!doctype html>\n<html lang="pt">\n  <head>\n    <meta charset="UTF-8" />\n' +
  '    <meta name="description" content="Manto: compare camisas de futebol, vote e veja o ranking." />\n' +
  '    <title>Manto</title>\n  </head>\n  <body>\n    <div id="boot-shell"></div>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';
const SCREENS = [
  {
    path: '/app/camisas/time/:team/:jersey',
    modules: ['assets/jersey-route-Ab12.js'],
    styles: [],
    translations: { pt: ['locales/pt/catalogue.json'], en: ['locales/en/catalogue.json'] },
  },
  {
    path: '/app/rankings',
    modules: ['assets/rankings-route-Cd34.js'],
    styles: [],
    translations: { pt: ['locales/pt/rankings.json'], en: ['locales/en/rankings.json'] },
  },
];

let dist: string;
let t: TestApp;
let mod: Record<string, string>;
let jersey: SeededJersey;
let second: SeededJersey;
let hidden: SeededJersey;
let teamSlug: string;
let otherTeam: { id: string; slug: string };

/** The page at `url` in a language (Accept-Language), as text. */
async function page(url: string, language = 'pt-BR,pt;q=0.9') {
  const res = await t.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
/** A tag's attribute by a selector, read with an HTML parser as a crawler would. */
function head(html: string) {
  const doc = new JSDOM(html).window.document;
  const attr = (selector: string, name = 'content') => doc.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    doc,
    title: doc.title,
    lang: doc.documentElement.lang,
    description: attr('meta[name="description"]'),
    canonical: attr('link[rel="canonical"]', 'href'),
    alternate: (hreflang: string) => attr(`link[rel="alternate"][hreflang="${hreflang}"]`, 'href'),
    og: (property: string) => attr(`meta[property="og:${property}"]`),
    twitter: (name: string) => attr(`meta[name="twitter:${name}"]`),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)),
  };
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'manto-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'first-screens.json'), JSON.stringify({ screens: SCREENS }));
  // The rankings are the snapshots written below: no background fit replaces them.
  t = await createTestApp(
    { METRICS_TOKEN: 'm'.repeat(32) },
    { webDist: dist, shopEnabled: false },
    { scheduledRanking: false },
  );
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  const seeded = await seedCatalogue(t.db, { teams: 2, models: ['Titular'], seasons: [2024, 2023, 2022] });
  const own = seeded.jerseys.filter((j) => j.teamId === seeded.teams[0]!.id);
  [jersey, second, hidden] = [own[0]!, own[1]!, own[2]!];
  teamSlug = jersey.teamSlug;
  otherTeam = seeded.teams[1]!;
  await t.db
    .update(teams)
    .set({ name: 'Seleção Teste', nameEn: 'Test Team', article: 'a' })
    .where(eq(teams.id, jersey.teamId));
  await t.db.update(modelRows).set({ name: 'Titular', nameEn: 'Home' }).where(eq(modelRows.id, jersey.modelId));
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
  const uploaded = await t.inject({
    method: 'POST',
    url: '/api/manage/images',
    headers: { ...mod, 'content-type': 'image/png' },
    payload: png,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await t.db.update(jerseys).set({ imageId: uploaded.json().id }).where(eq(jerseys.id, jersey.id));
  await t.db.update(jerseys).set({ active: false }).where(eq(jerseys.id, hidden.id));
  const others = seeded.jerseys.filter((j) => j.teamId === otherTeam.id);
  await globalScores(t, [
    { id: jersey.id, score: 1532.4 },
    { id: second.id, score: 1498 },
    ...others.map((j, i) => ({ id: j.id, score: 1400 - i * 10 })),
  ]);
  await scopeScores(t, teamScope(jersey.teamId), [
    { id: second.id, score: 1510 },
    { id: jersey.id, score: 1490 },
  ]);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('head tags', () => {
  it("name a jersey page's jersey, its global rank and score, in Portuguese and in English", async () => {
    const address = `/app/camisas/time/${teamSlug}/${jersey.slug}`;
    const pt = head(await page(address));
    expect(pt.lang).toBe('pt');
    expect(pt.title).toBe('Seleção Teste 2024/25 · Titular | Manto');
    expect(pt.description).toBe(
      'Seleção Teste 2024/25 · Titular: 1º de 5 no ranking global, com 1532 pontos. Compare e vote nos duelos do Manto.',
    );
    expect(pt.canonical).toBe(`${PUBLIC_URL}${address}`);
    expect(pt.alternate('pt-BR')).toBe(`${PUBLIC_URL}${address}`);
    expect(pt.alternate('en')).toBe(`${PUBLIC_URL}${address}?lang=en`);
    expect(pt.alternate('x-default')).toBe(`${PUBLIC_URL}${address}`);
    expect(pt.og('type')).toBe('article');
    expect(pt.og('url')).toBe(pt.canonical);
    expect(pt.og('locale')).toBe('pt_BR');
    expect(pt.og('locale:alternate')).toBe('en_GB');
    expect(pt.og('site_name')).toBe('Manto');
    expect(pt.og('image')).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/share/jersey/${teamSlug}/${jersey.slug}/pt-[0-9a-f]{10}\\.png$`),
    );
    expect([pt.og('image:width'), pt.og('image:height')]).toEqual(['1200', '630']);
    expect(pt.og('image:alt')).toContain('Seleção Teste 2024/25 · Titular');
    expect(pt.twitter('card')).toBe('summary_large_image');
    expect(pt.twitter('image')).toBe(pt.og('image'));
    // One title and one description: the built page's own are replaced, not repeated.
    expect(pt.doc.querySelectorAll('title')).toHaveLength(1);
    expect(pt.doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    // The breadcrumbs the page draws, as structured data.
    expect(pt.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Camisas', item: `${PUBLIC_URL}/app/camisas` },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Seleção Teste',
            item: `${PUBLIC_URL}/app/camisas/time/${teamSlug}`,
          },
          { '@type': 'ListItem', position: 3, name: '2024/25 · Titular', item: `${PUBLIC_URL}${address}` },
        ],
      },
    ]);

    // English by the browser's language: the English names, the English address as canonical.
    const en = head(await page(address, 'en-GB,en;q=0.9'));
    expect(en.lang).toBe('en');
    expect(en.title).toBe('Test Team 2024/25 · Home | Manto');
    expect(en.description).toBe(
      "Test Team 2024/25 · Home: #1 of 5 in the global ranking, with a score of 1532. Compare and vote in Manto's duels.",
    );
    expect(en.canonical).toBe(`${PUBLIC_URL}${address}?lang=en`);
    expect(en.og('locale')).toBe('en_GB');
    expect(en.og('image')).toMatch(/\/en-[0-9a-f]{10}\.png$/);
    // …and by the address: ?lang=en wins over a Portuguese browser.
    expect(head(await page(`${address}?lang=en`)).title).toBe(en.title);
  });

  it("name a team's pages and rankings after the team, with its Portuguese article", async () => {
    const jerseysPage = head(await page(`/app/camisas/time/${teamSlug}`));
    expect(jerseysPage.title).toBe('Camisas da Seleção Teste | Manto');
    // Two active jerseys: the third is inactive.
    expect(jerseysPage.description).toContain('As 2 camisas da Seleção Teste no Manto');
    expect(jerseysPage.canonical).toBe(`${PUBLIC_URL}/app/camisas/time/${teamSlug}`);
    expect(jerseysPage.og('image')).toMatch(new RegExp(`/api/share/ranking/${teamSlug}/pt-[0-9a-f]{10}\\.png$`));
    const enJerseys = head(await page(`/app/camisas/time/${teamSlug}`, 'en'));
    expect(enJerseys.title).toBe('Test Team jerseys | Manto');
    expect(enJerseys.alternate('en')).toBe(`${PUBLIC_URL}/app/camisas/time/${teamSlug}?lang=en`);

    const ranking = head(await page(`/app/rankings/times/${teamSlug}`));
    expect(ranking.title).toBe('Ranking da Seleção Teste | Manto');
    expect(ranking.description).toBe(
      'Só duelos entre camisas da Seleção Teste contam aqui. Na liderança: 2023/24 · Titular, com 1510 pontos.',
    );
    const list = ranking.jsonLd.find((block) => block['@type'] === 'ItemList');
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Seleção Teste 2023/24 · Titular',
      'Seleção Teste 2024/25 · Titular',
    ]);
    expect(list.itemListElement[0].url).toBe(`${PUBLIC_URL}/app/camisas/time/${teamSlug}/${second.slug}`);
    const enRanking = head(await page(`/app/rankings/times/${teamSlug}`, 'en'));
    expect(enRanking.title).toBe('Test Team ranking | Manto');
    expect(enRanking.description).toContain('In the lead: 2023/24 · Home, with a score of 1510.');
  });

  it('give the home page and the global ranking their own, the ranking naming its leader', async () => {
    const home = head(await page('/app/'));
    expect(home.title).toBe('Manto · Duelo de camisas de futebol');
    expect(home.description).toContain('Qual é a camisa mais bonita do futebol?');
    expect(home.canonical).toBe(`${PUBLIC_URL}/app/`);
    expect(home.alternate('en')).toBe(`${PUBLIC_URL}/app/?lang=en`);
    expect(home.og('image')).toMatch(/\/api\/share\/site\/pt-[0-9a-f]{10}\.png$/);
    const enHome = head(await page('/app/', 'en-US,en;q=0.8'));
    expect(enHome.title).toBe('Manto · Football jersey duels');
    expect(enHome.og('image')).toMatch(/\/api\/share\/site\/en-[0-9a-f]{10}\.png$/);

    const ranking = head(await page('/app/rankings'));
    expect(ranking.title).toBe('Ranking global | Manto');
    expect(ranking.description).toContain('Na liderança: Seleção Teste 2024/25 · Titular, com 1532 pontos.');
    expect(ranking.jsonLd[0]['@type']).toBe('ItemList');
    expect(ranking.jsonLd[0].itemListElement).toHaveLength(5);
    // ?lang=en: the page in English, its texts' files preloaded.
    const en = await page('/app/rankings?lang=en');
    expect(head(en).title).toBe('Global ranking | Manto');
    expect(en).toContain('href="/app/locales/en/rankings.json"');

    for (const [url, title] of [
      ['/app/rankings/como-funciona', 'Como funciona o ranking | Manto'],
      ['/app/camisas', 'Camisas | Manto'],
      ['/app/torneios', 'Torneios | Manto'],
      ['/app/termos', 'Termos de uso | Manto'],
      ['/app/privacidade', 'Privacidade | Manto'],
    ] as const)
      expect(head(await page(url)).title).toBe(title);
  });

  it('keep Sistema, sign-in and unknown addresses out of search engines', async () => {
    for (const url of ['/app/sistema/times', '/app/auth/login', `/app/camisas/time/${teamSlug}/nao-existe`]) {
      const tags = head(await page(url));
      expect(tags.title).toBe('Manto');
      expect(tags.doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    }
    // The inactive jersey is not described either.
    expect(head(await page(`/app/camisas/time/${teamSlug}/${hidden.slug}`)).title).toBe('Manto');
  });

  it('name a tournament, its round and the jerseys still in', async () => {
    const body = tournamentBody(t, [jersey.id, second.id, ...(await otherIds()).slice(0, 2)], {
      namePt: 'Copa <Teste> & "Cia"',
      nameEn: 'Test Cup',
    });
    const tournament = await createTournament(t, mod, body);
    await t.runTournaments();
    const pt = head(await page(`/app/torneios/${tournament.slug}`));
    expect(pt.title).toBe('Copa <Teste> & "Cia" | Manto');
    expect(pt.description).toMatch(/^Rodada atual: Semifinal\. Seguem na disputa Seleção Teste 2024\/25 · Titular, /);
    expect(pt.og('image')).toMatch(new RegExp(`/api/share/tournament/${tournament.slug}/pt-[0-9a-f]{10}\\.png$`));
    const en = head(await page(`/app/torneios/${tournament.slug}`, 'en'));
    expect(en.title).toBe('Test Cup | Manto');
    expect(en.description).toMatch(/^Current round: Semi-finals\. Still in: /);
  });

  it('escape a hostile team name everywhere: tags, attributes and structured data', async () => {
    const hostile = `</title><script>alert(1)</script>"'&$\``;
    await t.db.update(teams).set({ name: hostile, nameEn: null }).where(eq(teams.id, otherTeam.id));
    // A catalogue write through the API drops the catalogue's copy; the rankings' rows follow within 5 s.
    const write = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: `Modelo ${Math.random().toString(36).slice(2, 8)}` },
    });
    expect(write.statusCode, write.body).toBe(201);
    t.clock.advance(6_000);
    const other = (await otherIds())[0]!;
    const slug = (await t.db.select().from(jerseys).where(eq(jerseys.id, other)))[0]!.slug;
    for (const url of [
      `/app/camisas/time/${otherTeam.slug}/${slug}`,
      `/app/camisas/time/${otherTeam.slug}`,
      `/app/rankings`,
    ]) {
      const html = await page(url);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('</title><script>');
      const tags = head(html);
      // Read back, the text is the name itself: in the title and description, or in the ranking's list.
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      for (const block of blocks) expect(block).not.toMatch(/[<>]/);
      const read = [tags.title, tags.description, ...blocks.map((b) => JSON.stringify(JSON.parse(b)))].join(' ');
      expect(read.includes(hostile) || read.includes(JSON.stringify(hostile).slice(1, -1)), url).toBe(true);
    }
    const jerseyTags = head(await page(`/app/camisas/time/${otherTeam.slug}/${slug}`));
    expect(jerseyTags.og('title')).toBe(jerseyTags.title);
  });
});

async function otherIds() {
  return (await t.db.select().from(jerseys).where(eq(jerseys.teamId, otherTeam.id))).map((j) => j.id);
}

describe('share images', () => {
  const imageOf = async (address: string, language = 'pt') => head(await page(address, language)).og('image')!;
  const get = (url: string) => t.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') });
  const drawn = async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${'m'.repeat(32)}` },
    });
    return Number(/^manto_share_images_drawn (\d+)$/m.exec(res.body)![1]);
  };

  it("draw a jersey's image, 1200×630 PNG under an immutable URL, once: the second is from memory", async () => {
    const url = await imageOf(`/app/camisas/time/${teamSlug}/${jersey.slug}`);
    const before = await drawn();
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await get(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await drawn()).toBe(before + 1);

    // The reader's language changes what is drawn, and so the bytes.
    const en = await get(await imageOf(`/app/camisas/time/${teamSlug}/${jersey.slug}`, 'en'));
    expect(en.statusCode).toBe(200);
    expect(en.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it("draw a ranking's top five (global and a team's), a tournament's and the site's", async () => {
    for (const address of ['/app/rankings', `/app/rankings/times/${teamSlug}`, '/app/', '/app/torneios']) {
      const res = await get(await imageOf(address));
      expect(res.statusCode, `${address}: ${res.body}`).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
    }
  });

  it('send an outdated version on to the current one, and answer 404 for unknown or malformed URLs', async () => {
    const url = (await imageOf('/app/rankings')).replace(PUBLIC_URL, '');
    const stale = url.replace(/pt-[0-9a-f]{10}/, 'pt-0123456789');
    const moved = await get(stale);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(url);
    expect(moved.headers['cache-control']).not.toContain('immutable');
    for (const bad of [
      `/api/share/jersey/${teamSlug}/nao-existe/pt-0123456789.png`,
      `/api/share/jersey/${teamSlug}/${hidden.slug}/pt-0123456789.png`,
      '/api/share/ranking/time-que-nao-existe/pt-0123456789.png',
      '/api/share/tournament/copa-que-nao-existe/pt-0123456789.png',
      '/api/share/site/fr-0123456789.png',
      '/api/share/site/pt-0123.png',
      '/api/share/site/pt-0123456789.jpg',
      `/api/share/site/${'x'.repeat(90)}`,
      '/api/share/other/pt-0123456789.png',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});

describe("a duel's result's image", () => {
  const get = (url: string) => t.inject({ method: 'GET', url });
  const duelPath = (winner: SeededJersey, loser: SeededJersey) =>
    `/api/share/duel/${winner.teamSlug}/${winner.slug}/${loser.teamSlug}/${loser.slug}`;
  /** The pair's tally as the vote statement keeps it: once, lower id first. */
  async function tally(winner: SeededJersey, loser: SeededJersey, wins: number, losses: number, ties = 0) {
    const low = winner.id < loser.id;
    const row = {
      lowId: low ? winner.id : loser.id,
      highId: low ? loser.id : winner.id,
      lowWins: low ? wins : losses,
      highWins: low ? losses : wins,
      ties,
    };
    await t.db
      .insert(pairStats)
      .values(row)
      .onConflictDoUpdate({ target: [pairStats.lowId, pairStats.highId], set: row });
    // The pair's tally is kept 5 s, as the head tags.
    t.clock.advance(6_000);
  }
  /** The current image's path, as a page names it: where any other version of the same image is sent. */
  async function current(path: string, language = 'pt') {
    const res = await get(`${path}/${language}-0123456789.png`);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers['cache-control']).not.toContain('immutable');
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^${path}/${language}-[0-9a-f]{10}\\.png$`));
    return location;
  }

  it('draws the winner beside the loser, 1200×630 PNG under an immutable URL, and moves with the share', async () => {
    await tally(jersey, second, 63, 30, 7);
    const url = await current(duelPath(jersey, second));
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The PNG's own header: its width and height.
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect([res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    // In English: another drawing.
    const en = await get(await current(duelPath(jersey, second), 'en'));
    expect(en.statusCode).toBe(200);
    expect(en.rawPayload.equals(res.rawPayload)).toBe(false);

    // More votes, the same share: the same image. Another share: a new URL, the old one sent on to it.
    await tally(jersey, second, 126, 60, 14);
    expect(await current(duelPath(jersey, second))).toBe(url);
    await tally(jersey, second, 70, 23, 7);
    const moved = await get(url);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).not.toBe(url);
    expect(moved.headers.location).toBe(await current(duelPath(jersey, second)));
  });

  it("gives the winner's page shared with ?contra= the duel's head tags, in Portuguese and in English", async () => {
    await tally(jersey, second, 63, 30, 7);
    const address = `/app/camisas/time/${teamSlug}/${jersey.slug}`;
    const contra = `contra=${second.teamSlug}/${second.slug}`;
    const pt = head(await page(`${address}?${contra}`));
    expect(pt.title).toContain('venceu');
    expect(pt.title).toContain('63% da galera');
    expect(pt.canonical).toBe(`${PUBLIC_URL}${address}`);
    expect(pt.og('image')).toMatch(
      new RegExp(`/api/share/duel/${teamSlug}/${jersey.slug}/${second.teamSlug}/${second.slug}/pt-[0-9a-f]{10}\\.png$`),
    );
    expect((await get(pt.og('image')!.replace(PUBLIC_URL, ''))).statusCode).toBe(200);
    const en = head(await page(`${address}?${contra}&lang=en`));
    expect(en.title).toContain('63% of the fans');
    expect(en.og('image')).toMatch(/\/en-[0-9a-f]{10}\.png$/);
    // No result to tell: the jersey's own tags.
    const own = head(await page(address));
    expect(own.title).not.toContain('venceu');
    expect(head(await page(`${address}?contra=${teamSlug}/nao-existe`)).title).toBe(own.title);
  });

  it('answers 404 with the envelope when there is no result: the other side ahead, a draw, no votes, unknown jerseys', async () => {
    await tally(jersey, second, 5, 2);
    const others = await otherIds();
    const [stranger] = await t.db
      .select()
      .from(jerseys)
      .where(eq(jerseys.id, others.at(-1)!));
    const unvoted = `/api/share/duel/${teamSlug}/${jersey.slug}/${otherTeam.slug}/${stranger!.slug}`;
    const notFound = [
      // The pair's loser named as its winner: the tally read from the right side.
      duelPath(second, jersey),
      unvoted,
      `/api/share/duel/${teamSlug}/${jersey.slug}/${teamSlug}/nao-existe`,
      `/api/share/duel/${teamSlug}/${jersey.slug}/time-que-nao-existe/${second.slug}`,
      `/api/share/duel/${teamSlug}/${jersey.slug}/${teamSlug}/${hidden.slug}`,
      duelPath(jersey, jersey),
    ];
    for (const path of notFound) {
      const res = await get(`${path}/pt-0123456789.png`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    await get(await current(duelPath(jersey, second))).then((res) => expect(res.statusCode).toBe(200));
    await tally(jersey, second, 4, 4, 1);
    expect((await get(`${duelPath(jersey, second)}/pt-0123456789.png`)).statusCode).toBe(404);
    expect((await get(`${duelPath(jersey, second)}/pt-0123.png`)).statusCode).toBe(404);
  });
});

describe("a shared top ten (Meu ranking's ?top=)", () => {
  const code = (j: { id: string }) => j.id.replace(/-/g, '').slice(0, 10);

  it('gives the page the top’s head tags and image, in order, in either language; personal, so never indexed', async () => {
    const codes = [second, jersey].map(code).join('.');
    const pt = head(await page(`/app/rankings/meu?top=${codes}`));
    expect(pt.title).toContain('Meu top 2 de camisas');
    expect(pt.description).toMatch(/^1º Seleção Teste 2023.*, 2º Seleção Teste 2024/);
    expect(pt.doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(pt.og('image')).toMatch(new RegExp(`/api/share/top/${codes.replace('.', '\\.')}/pt-[0-9a-f]{10}\\.png$`));
    const res = await t.inject({ method: 'GET', url: pt.og('image')!.replace(PUBLIC_URL, '') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const en = head(await page(`/app/rankings/meu?top=${codes}&lang=en`));
    expect(en.title).toContain('My top 2 jerseys');
    expect(en.og('image')).toMatch(/\/en-[0-9a-f]{10}\.png$/);
  });

  it('falls back to the plain page for codes that name nothing, and answers 404 for their image', async () => {
    const plain = head(await page('/app/rankings/meu'));
    expect(plain.title).toContain('Meu ranking');
    expect(head(await page('/app/rankings/meu?top=0000000000')).title).toBe(plain.title);
    expect(head(await page('/app/rankings/meu?top=not-a-code')).title).toBe(plain.title);
    for (const codes of ['0000000000', 'x', `${code(jersey)}.${code(hidden)}x`]) {
      const res = await t.inject({ method: 'GET', url: `/api/share/top/${codes}/pt-0123456789.png` });
      expect(res.statusCode, codes).toBe(404);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt opens the public pages and the share images, closes Sistema, sign-in and the API, names the sitemap', async () => {
    const res = await t.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    for (const line of [
      'User-agent: *',
      'Allow: /app/',
      'Allow: /api/share/',
      'Disallow: /app/sistema',
      'Disallow: /app/auth',
      'Disallow: /api/',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ])
      expect(lines).toContain(line);
  });

  it('the sitemap is XML listing every public page in both languages, active jerseys only', async () => {
    const res = await t.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(res.rawPayload).toString();
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    const jerseyUrl = `${PUBLIC_URL}/app/camisas/time/${teamSlug}/${jersey.slug}`;
    for (const path of [
      '/app/',
      '/app/rankings',
      '/app/rankings/times',
      '/app/rankings/como-funciona',
      '/app/camisas',
      '/app/torneios',
      '/app/termos',
      '/app/privacidade',
      `/app/camisas/time/${teamSlug}`,
      `/app/rankings/times/${teamSlug}`,
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
      expect(locs).toContain(`${PUBLIC_URL}${path}?lang=en`);
    }
    expect(locs).toContain(jerseyUrl);
    expect(locs).toContain(`${jerseyUrl}?lang=en`);
    expect(locs.some((l) => l?.includes(hidden.slug) && l.includes(teamSlug))).toBe(false);
    expect(locs.some((l) => l?.startsWith(`${PUBLIC_URL}/app/torneios/`))).toBe(true);
    // Each entry names both languages and the default.
    const entry = [...doc.getElementsByTagName('url')].find(
      (u) => u.getElementsByTagName('loc')[0]!.textContent === jerseyUrl,
    )!;
    const links = [...entry.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['pt-BR', jerseyUrl],
      ['en', `${jerseyUrl}?lang=en`],
      ['x-default', jerseyUrl],
    ]);
    const plain = await t.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(xml);
  });
});

describe('a data source that fails', () => {
  it('still sends every page, with generic tags, and never a 500', async () => {
    const broken = await createTestApp({}, { webDist: dist });
    try {
      await broken.closeDatabase();
      for (const url of [
        '/app/camisas/time/flamengo/2024-titular',
        '/app/rankings',
        '/app/rankings/times/flamengo',
        '/app/torneios/copa',
        '/app/',
      ]) {
        const res = await broken.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        const tags = head(res.body);
        expect(tags.title).toMatch(/Manto/);
        expect(tags.og('image')).toMatch(/\/api\/share\/site\/pt-[0-9a-f]{10}\.png$/);
      }
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

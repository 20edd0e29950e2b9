/**
 * Public pages drawn by the server (docs/decisions/0038-public-pages-drawn-by-the-server.md): readable
 * without JavaScript, in the visitor's language, then taken over by React as they are — the same
 * elements, nothing moving, no console error (the fixture fails a test on any).
 */
import { type Locator, type Page, devices } from '@playwright/test';
import { seedCatalogue } from './support/catalogue.ts';
import { expect, newUser, registerUser, signIn, test } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForJerseyRating, waitForRanking } from './support/rankings.ts';
import { createTournament, waitForRound } from './support/tournaments.ts';
import { duelBoard, duelSides, pairOnScreen, voteBy } from './support/duels.ts';

const PAGES = [
  { path: '/app/termos', pt: 'Termos de uso do Manto', en: 'Manto terms of use' },
  { path: '/app/privacidade', pt: 'Privacidade', en: 'Privacy' },
  {
    path: '/app/rankings/como-funciona',
    pt: 'Como funciona o ranking',
    en: 'How the ranking works',
    text: 'Bradley-Terry',
  },
  { path: '/app/rankings', pt: 'Ranking global', en: 'Global ranking' },
  { path: '/app/rankings/times', pt: 'Ranking por time', en: 'Team ranking' },
  { path: '/app/camisas', pt: 'Camisas', en: 'Jerseys' },
  { path: '/app/torneios', pt: 'Torneios', en: 'Tournaments' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each page shows its heading, its text and the site around it, in the visitor’s language', async ({
    page,
    context,
  }) => {
    for (const screen of PAGES) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.pt })).toBeVisible();
      if ('text' in screen) await expect(page.getByText(screen.text).first()).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Enviar feedback' }).or(page.getByText('Enviar feedback')),
      ).toBeVisible();
    }
    // The choice the app stored (its cookie) decides, over the browser's languages.
    await context.addCookies([{ name: 'i18nextLng', value: 'en', domain: new URL(page.url()).hostname, path: '/' }]);
    for (const { path, en } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });
});

/** Holds the app's code until `release`, so the page is seen as the server sent it first. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/app/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` with the app's code held, checks the drawn heading, then lets the code run and returns what
 * to check once React has taken over: that heading is the same element and nothing visibly moved.
 */
async function takeOver(page: Page, path: string, heading: string | RegExp) {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(title).toBeVisible();
  const drawn = await title.elementHandle();
  release();
  return async () => {
    expect(await drawn!.evaluate((element) => element.isConnected)).toBe(true);
    // Every shift since the document was parsed, as the page's CLS counts them (not those right after a click
    // or a key): the takeover, and any change of font (a page is drawn in its web fonts only where the browser
    // holds them). Not the frames the browser may paint while it parses: whether it does depends on the
    // machine's speed. A shift over 0.01 would be visible.
    await page.waitForFunction(() => !document.getElementById('app-code'));
    const moved = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const entries: (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[] = [];
      const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as typeof entries)));
      observer.observe({ type: 'layout-shift', buffered: true });
      await new Promise((done) => setTimeout(done, 100));
      entries.push(...(observer.takeRecords() as typeof entries));
      observer.disconnect();
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const counted = entries.filter(
        (entry) => !entry.hadRecentInput && entry.startTime >= navigation!.domContentLoadedEventStart,
      );
      return {
        shift: counted.reduce((sum, entry) => sum + entry.value, 0),
        sources: counted.flatMap((entry) =>
          entry.sources.map(
            (source) =>
              `${(source.node as Element | null)?.outerHTML?.slice(0, 160) ?? source.node?.nodeName}: ` +
              `${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
          ),
        ),
      };
    });
    expect(moved.shift, `what moved on ${path}: ${moved.sources.join('; ')}`).toBeLessThan(0.01);
    await page.unroute('**/app/assets/*.js');
  };
}

test('React takes the page over as the server drew it: the same elements, nothing visibly moves', async ({ page }) => {
  for (const { path, pt } of PAGES) {
    const takenOver = await takeOver(page, path, pt);
    // Interactive: the language menu opens (a handler React attached to the server's button, a menu once
    // its code came after the page's).
    const language = page.getByRole('button', { name: /^Idioma/ });
    await expect(language).toHaveAttribute('aria-haspopup', 'menu');
    await language.click();
    await expect(page.getByRole('menuitemradio', { name: /English/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await takenOver();
  }
});

test('a first visit keeps the web fonts’ stand-ins and fetches the fonts; they join at the next page', async ({
  page,
}) => {
  const faces = (family: string) =>
    page.evaluate(
      (name) => [...document.fonts].filter((face) => face.family === name).map((face) => face.status),
      family,
    );
  await page.goto('/app/termos');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso do Manto' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('manto-fonts'))).not.toBeNull();
  expect(await faces('Play')).toEqual([]);
  // They join when the visitor moves to another page in the app, which draws it anew.
  await expect(page.getByRole('button', { name: /^Idioma/ })).toHaveAttribute('aria-haspopup', 'menu');
  await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  await page.getByRole('link', { name: 'Torneios' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Torneios' })).toBeVisible();
  await expect.poll(() => faces('Play')).toContain('loaded');
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);

  // Before any of the app's code runs, in the head: declared, and taken from the browser's cache.
  const release = await holdScripts(page);
  await page.goto('/app/privacidade', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Privacidade' })).toBeVisible();
  await expect.poll(() => faces('Play')).toContain('loaded');
  expect(await faces('Archivo Black')).toContain('loaded');
  release();
});

test('a member sees their account in the header once the page is taken over', async ({ page, request }) => {
  const member = await registerUser(request, newUser('ssr'));
  await signIn(page, member);
  await page.goto('/app/termos');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso do Manto' })).toBeVisible();
  await page.getByRole('button', { name: 'Conta' }).click();
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
});

test('a jersey page: its picture, details and standing in the page, then taken over as it is', async ({
  page,
  request,
  browser,
}) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Desenho Clube',
        jerseys: [
          { model: 'Titular', season: 2024, masterSponsor: 'Aurora' },
          { model: 'Reserva', season: 2024 },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  const [jersey, other] = team.jerseys;
  await castVotes(request, { voter: visitor(), count: 2, choose: preferring([jersey!.id, other!.id]) });
  await waitForJerseyRating(request, jersey!.id, (r) => r.team !== null);
  const path = `/app/camisas/time/${team.slug}/${jersey!.slug}`;

  // Without JavaScript: everything a fan came for.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto(path);
  await expect(plain.getByRole('heading', { level: 1, name: `${team.name} 2024` })).toBeVisible();
  await expect(plain.getByRole('img', { name: `Camisa ${team.name} 2024 · Titular ${cat.suffix}` })).toBeVisible();
  await expect(plain.getByRole('row', { name: /Patrocínio master\s+Aurora/ })).toBeVisible();
  await expect(plain.getByText(/º de \d+/).first()).toBeVisible();
  await bare.close();

  // With it, in another time zone than the server's: the same elements, no console error.
  const takenOver = await takeOver(page, path, `${team.name} 2024`);
  await expect(page.getByRole('button', { name: 'Compartilhar' })).toHaveAttribute('aria-haspopup', 'menu');
  await takenOver();
});

test('a team’s ranking and jerseys and a tournament: in the page, then taken over on a desktop and a phone', async ({
  page,
  request,
  browser,
}) => {
  const seasons = [2024, 2023, 2022, 2021];
  const cat = await seedCatalogue(request, {
    teams: [{ name: 'Chave Clube', jerseys: seasons.map((season) => ({ model: 'Titular', season })) }],
  });
  const team = cat.teams[0]!;
  const ids = team.jerseys.map((j) => j.id);
  await castVotes(request, { voter: visitor(), team: team.slug, count: 4, choose: preferring(ids) });
  await waitForRanking(request, { team: team.slug }, (r) => r.votes === 4 && r.items.length === 4);
  const name = `Copa Desenhada ${cat.suffix}`;
  const tournament = await createTournament(request, { namePt: name, size: 4, jerseyIds: ids });
  await waitForRound(request, tournament.slug, 1);
  // How each page names a jersey: a ranking's row links to it by season, model and supplier (in the table
  // or the phone's list, whichever the width shows: a page drawn for no screen in particular holds both), a
  // bracket's match by season and model, a jersey card by its full name.
  const row = (season: number) => (on: Page) =>
    on
      .getByRole('link', { name: new RegExp(`^${season} Titular`) })
      .filter({ visible: true })
      .first();
  const match = (season: number) => (on: Page) => on.getByText(`${season} · Titular`).filter({ visible: true }).first();
  const card = (season: number) => (on: Page) =>
    on.getByRole('link', { name: new RegExp(`${team.name} ${season} · Titular`) });
  const pages = [
    {
      path: `/app/rankings/times/${team.slug}`,
      heading: `Ranking do ${team.name}`,
      interactive: 'Compartilhar',
      jersey: row,
    },
    { path: `/app/camisas/time/${team.slug}`, heading: team.name, interactive: 'Idioma', jersey: card },
    { path: `/app/torneios/${tournament.slug}`, heading: name, interactive: 'Compartilhar', jersey: match },
  ];
  const jerseysShown = async (on: Page, jersey: (season: number) => (on: Page) => Locator) => {
    for (const season of seasons) await expect(jersey(season)(on)).toBeVisible();
  };

  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  for (const { path, heading, jersey } of pages) {
    await plain.goto(path);
    await expect(plain.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await jerseysShown(plain, jersey);
  }
  // The open round: its matches and its countdown.
  await expect(plain.getByText('Votar nesta rodada')).toBeVisible();
  await expect(plain.getByText(/Fim da rodada em/).first()).toBeAttached();
  await bare.close();

  // A desktop, and a phone (its browser says so: the page is drawn with the phone's layouts).
  await page.setViewportSize({ width: 1280, height: 900 });
  const { defaultBrowserType: _type, ...pixel } = devices['Pixel 7'];
  const phoneContext = await browser.newContext({ ...pixel, viewport: { width: 390, height: 900 } });
  for (const on of [page, await phoneContext.newPage()]) {
    for (const { path, heading, interactive, jersey } of pages) {
      const takenOver = await takeOver(on, path, heading);
      await expect(on.getByRole('button', { name: new RegExp(`^${interactive}`) })).toHaveAttribute(
        'aria-haspopup',
        'menu',
      );
      await jerseysShown(on, jersey);
      await takenOver();
    }
  }
  await phoneContext.close();
});

test('an unknown jersey is a not-found page with its status, with or without JavaScript', async ({
  page,
  browser,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  const path = '/app/camisas/time/time-que-nao-existe/2024-titular';
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  expect((await plain.goto(path))?.status()).toBe(404);
  await expect(plain.getByText('404')).toBeVisible();
  await bare.close();
  expect((await page.goto(path))?.status()).toBe(404);
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('link', { name: /início|home/i }).first()).toBeVisible();
});

test('the home page comes with its visitor’s first duel, voted on at once without asking for a duel or an id', async ({
  page,
  browser,
  request,
}) => {
  await seedCatalogue(request, {
    teams: [{ name: 'Casa Clube', jerseys: [2024, 2023, 2022].map((season) => ({ model: 'Titular', season })) }],
  });
  // Without JavaScript: the two jerseys to choose from.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto('/app/');
  await expect(duelSides(plain)).toHaveCount(2);
  await bare.close();

  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/duels\/(next|visitor)/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/app/');
  await pairOnScreen(page);
  await voteBy(page, () => page.keyboard.press('ArrowLeft'));
  // The duel came in the page, the next one with the vote's answer.
  expect(asked).toEqual([]);
  // The id the duel was drawn for is this browser's now, and the server hears of it for the next visit.
  const stored = await page.evaluate(() => localStorage.getItem('manto.voterId'));
  expect(stored).toMatch(/^v1\./);
  const viewer = (await page.context().cookies()).find((c) => c.name === 'manto_viewer');
  expect(decodeURIComponent(viewer?.value ?? '')).toBe(stored);
  await page.goto('/app/');
  await voteBy(page, () => page.keyboard.press('ArrowRight'));
  expect(asked).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('manto.voterId'))).toBe(stored);

  // A browser that votes as a visitor the server was not told of (its id stored before the cookie existed)
  // gets a duel of its own once the app runs, and votes as itself.
  const { voterId } = (await (await request.post('/api/duels/visitor')).json()) as { voterId: string };
  await page.context().clearCookies();
  await page.evaluate((id) => localStorage.setItem('manto.voterId', id), voterId);
  // Its own duel is held back a moment: a key pressed meanwhile votes on nothing, the duel on screen not
  // being this browser's (a vote on it would be refused).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/duels/next*', async (route) => {
    await held;
    await route.continue();
  });
  const votes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/duels/votes')) votes.push(r.url());
  });
  const asking = page.waitForRequest((r) => r.url().includes('/api/duels/next'));
  const own = page.waitForResponse((r) => r.url().includes('/api/duels/next'));
  await page.goto('/app/');
  await asking;
  await page.keyboard.press('ArrowLeft');
  release();
  expect((await own).request().headers()['x-voter-id']).toBe(voterId);
  await expect(duelBoard(page)).toHaveAttribute('aria-busy', 'false');
  await voteBy(page, () => page.keyboard.press('ArrowLeft'));
  expect(votes).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('manto.voterId'))).toBe(voterId);
});

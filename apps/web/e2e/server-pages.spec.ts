/**
 * Public pages drawn by the server (docs/decisions/0038-public-pages-drawn-by-the-server.md): readable
 * without JavaScript, in the visitor's language, then taken over by React as they are — the same
 * elements, nothing moving, no console error (the fixture fails a test on any).
 */
import type { Page } from '@playwright/test';
import { seedCatalogue } from './support/catalogue.ts';
import { expect, newUser, registerUser, signIn, test } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForJerseyRating } from './support/rankings.ts';

const PAGES = [
  { path: '/app/termos', pt: 'Termos de uso do Manto', en: 'Manto terms of use' },
  { path: '/app/privacidade', pt: 'Privacidade', en: 'Privacy' },
  { path: '/app/rankings/como-funciona', pt: 'Como funciona o ranking', en: 'How the ranking works' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each page shows its heading, its text and the site around it, in the visitor’s language', async ({
    page,
    context,
  }) => {
    for (const { path, pt } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: pt })).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Enviar feedback' }).or(page.getByText('Enviar feedback')),
      ).toBeVisible();
    }
    await expect(page.getByText('Bradley-Terry').first()).toBeVisible();
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

test('React takes the page over as the server drew it: the same elements, nothing visibly moves', async ({ page }) => {
  for (const { path, pt } of PAGES) {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: pt });
    await expect(heading).toBeVisible();
    const drawn = await heading.elementHandle();
    // What moves from the moment the app's code runs (the fonts have arrived: their swap is not React's).
    await page.evaluate(async () => {
      await Promise.all(
        ['400 1em Play', '700 1em Play', '1em "Archivo Black"'].map((font) => document.fonts.load(font)),
      );
      (window as unknown as { shift: number }).shift = 0;
      (window as unknown as { moved: string[] }).moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          (window as unknown as { shift: number }).shift += entry.value;
          for (const source of entry.sources)
            (window as unknown as { moved: string[] }).moved.push(
              `${(source.node as Element | null)?.outerHTML?.slice(0, 160) ?? source.node?.nodeName}: ` +
                `${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
            );
        }
      }).observe({ type: 'layout-shift' });
    });
    release();
    // Interactive: the language menu opens (a handler React attached to the server's button, a menu once
    // its code came after the page's).
    const language = page.getByRole('button', { name: /^Idioma/ });
    await expect(language).toHaveAttribute('aria-haspopup', 'menu');
    await language.click();
    await expect(page.getByRole('menuitemradio', { name: /English/ })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await drawn!.evaluate((element) => element.isConnected)).toBe(true);
    // Nothing a reader sees moves: a shift over 0.01 would be a visible jump (a sub-pixel one has been seen
    // under load, 0.0017, not yet traced; the Lighthouse runs measure the page's CLS).
    const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
    const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
    expect(shift, `what moved on ${path}: ${moved.join('; ')}`).toBeLessThan(0.01);
    await page.unroute('**/app/assets/*.js');
  }
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
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: `${team.name} 2024` });
  await expect(heading).toBeVisible();
  const drawn = await heading.elementHandle();
  release();
  await expect(page.getByRole('button', { name: 'Compartilhar' })).toHaveAttribute('aria-haspopup', 'menu');
  expect(await drawn!.evaluate((element) => element.isConnected)).toBe(true);
});

test('an unknown jersey is left to the browser, which shows its not-found screen', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/app/camisas/time/time-que-nao-existe/2024-titular');
  await expect(page.locator('#ssr-state')).toHaveCount(0);
  await expect(page.getByText('404')).toBeVisible();
});

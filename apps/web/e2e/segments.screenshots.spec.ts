/**
 * Screenshots of the segment ranking screens (docs/segments.md) for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots segments
 * Writes <repo>/screenshots/e2e/segments-<screen>-<device>-<scheme>-<lang>.png (gitignored): the neutral
 * ranking, a fanbase's ranking, the jersey page's comparison and a region below the threshold.
 */
import type { Page } from '@playwright/test';
import { type SeededTeam, seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForJerseyRating, waitForRanking } from './support/rankings.ts';
import { SEGMENT_MIN_VOTERS, makeFanbase, makeVoters } from './support/segments.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const READY_MS = 30_000;

let team: SeededTeam;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Aurora Futebol Clube',
        jerseys: [
          { model: 'Titular', season: 2025, modelYear: '2025/26', supplier: 'Marca' },
          { model: 'Reserva', season: 2025, modelYear: '2025/26', supplier: 'Marca' },
          { model: 'Titular', season: 2024, supplier: 'Outra' },
          { model: 'Terceira', season: 2024, supplier: 'Outra' },
        ],
      },
    ],
  });
  team = cat.teams[0]!;
  const order = team.jerseys.map((j) => j.id);
  // The fans love their newest home jersey; other members rank the other way round.
  await Promise.all([
    makeFanbase(request, { teamSlug: team.slug, count: SEGMENT_MIN_VOTERS, order, votes: 4, prefix: 'shots-fan' }),
    makeVoters(request, {
      teamSlug: team.slug,
      // Four per worker: Portugal stays below the threshold, for the privacy screen.
      count: 4,
      order: [...order].reverse(),
      prefix: 'shots-other',
      profile: { state: 'Lisboa', country: 'Portugal' },
    }),
  ]);
  await waitForRanking(
    request,
    { segment: `fans:${team.slug}` },
    (r) => r.segment?.available === true && r.items.length === order.length,
    60_000,
  );
  await waitForJerseyRating(request, order[0]!, (r) => r.neutral !== null && r.ownFans !== null, 60_000);
});

const intervals = (page: Page) =>
  expect(page.getByRole('img', { name: /95%/ }).first()).toBeVisible({ timeout: READY_MS });

const screens: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'neutral', path: () => '/app/rankings?neutro=1', ready: intervals },
  { name: 'fanbase', path: () => `/app/rankings/torcidas/${team.slug}`, ready: intervals },
  {
    name: 'jersey',
    path: () => `/app/camisas/time/${team.slug}/${team.jerseys[0]!.slug}`,
    ready: (p) =>
      expect(p.getByRole('region', { name: /^(Quem vota faz diferença|Does who votes make)/ })).toBeVisible({
        timeout: READY_MS,
      }),
  },
  {
    name: 'private',
    path: () => '/app/rankings?regiao=PT',
    ready: (p) =>
      expect(p.getByRole('heading', { name: /^(Poucos torcedores|Too few fans)/ })).toBeVisible({ timeout: READY_MS }),
  },
];

for (const view of VIEWS) {
  test(`segment screens ${view.tag}`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    for (const screen of screens) {
      const page = await viewPage(browser, request, view, {
        baseURL: test.info().project.use.baseURL,
        signedIn: false,
      });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      await page.goto(screen.path());
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', view.scheme);
      await expect(page.locator('html')).toHaveAttribute('lang', view.lang);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await shoot(page, `segments-${screen.name}-${view.tag}`);
      await page.context().close();
      expect(errors, 'browser console errors').toEqual([]);
    }
  });
}

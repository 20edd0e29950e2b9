/**
 * Screenshots of the ranking screens for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots rankings
 * (E2E_SEED_DEMO=true fills the global ranking with the drawn demo catalogue and its votes.)
 * Writes <repo>/screenshots/e2e/rankings-<screen>-<device>-<scheme>-<lang>.png (gitignored).
 */
import path from 'node:path';
import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test';
import { type SeededTeam, seedCatalogue } from './support/catalogue.ts';
import { expect, newUser, registerUser, test, type TestUser, waitForAnimations } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForJerseyRating, waitForRanking } from './support/rankings.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const OUT = path.resolve(import.meta.dirname, '../../../screenshots/e2e');
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
const READY_MS = 30_000;

let team: SeededTeam;
let teamEn: string;
let member: TestUser;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Aurora Futebol Clube',
        nameEn: 'Aurora Football Club',
        jerseys: [
          { model: 'Titular', season: 2025, modelYear: '2025/26', supplier: 'Marca' },
          { model: 'Reserva', season: 2025, modelYear: '2025/26', supplier: 'Marca' },
          { model: 'Titular', season: 2024, supplier: 'Outra' },
          { model: 'Terceira', season: 2024, supplier: 'Outra' },
          { model: 'Reserva', season: 2023, supplier: 'Marca' },
        ],
      },
    ],
    modelsEn: { Titular: 'Home', Reserva: 'Away', Terceira: 'Third' },
  });
  team = cat.teams[0]!;
  teamEn = `Aurora Football Club ${cat.suffix}`;
  const order = team.jerseys.map((j) => j.id);
  // Mostly the same taste, with one dissenting voter, so the intervals differ.
  const crowd = [visitor(), visitor(), visitor()].map((voter) =>
    castVotes(request, { voter, team: team.slug, count: 10, choose: preferring(order) }),
  );
  const dissent = castVotes(request, {
    voter: visitor(),
    team: team.slug,
    count: 6,
    choose: preferring([...order].reverse()),
  });
  await Promise.all([...crowd, dissent]);
  await waitForRanking(request, { team: team.slug }, (r) => r.items.length === order.length);
  await castVotes(request, { voter: visitor(), team: team.slug, count: 6, choose: preferring(order) });
  await waitForJerseyRating(request, order[0]!, (r) => r.history.length >= 2);

  member = await registerUser(request, newUser('shots-votes', { name: 'Rafael Albuquerque Monteiro' }));
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await castVotes(request, {
    voter: { accessToken },
    team: team.slug,
    count: 8,
    choose: (l, r) => (l < r ? 'left' : 'right'),
  });
  const before = await waitForRanking(request, {}, (r) => r.fittedAt !== null);
  await waitForRanking(request, {}, (r) => r.fittedAt !== before.fittedAt);
});

async function sessionStorageItems(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(res.status(), await res.text()).toBe(200);
  const {
    email,
    name,
    team: fav,
    roles,
    accessToken,
    refreshToken,
    expiresAt,
  } = (await res.json()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  return {
    'manto.user': encode({ email, name, team: fav, roles }),
    'manto.tokens': encode({ accessToken, refreshToken, expiresAt }),
  };
}

const intervals = (page: Page) =>
  expect(page.getByRole('img', { name: /95%/ }).first()).toBeVisible({ timeout: READY_MS });

for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const lang of ['pt', 'en'] as const) {
      test(`ranking screens ${device} ${scheme} ${lang}`, async ({ browser, request }) => {
        test.setTimeout(180_000);
        const errors: string[] = [];
        const context = await browser.newContext({
          ...DEVICES[device],
          baseURL: test.info().project.use.baseURL,
          colorScheme: scheme,
          locale: lang === 'pt' ? 'pt-BR' : 'en-GB',
        });
        context.on('page', (page) => {
          page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
          page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
        });
        const storage = { 'manto-color-scheme': scheme, i18nextLng: lang, ...(await sessionStorageItems(request)) };
        await context.addInitScript((items) => {
          if (location.protocol !== 'http:') return;
          for (const [key, value] of Object.entries(items))
            if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
        }, storage);

        const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
          { name: 'global', path: '/app/rankings', ready: intervals },
          {
            name: 'teams',
            path: `/app/rankings/times`,
            // The team by its name in the page's language.
            ready: (p) =>
              expect(p.getByRole('link', { name: lang === 'en' ? teamEn : team.name })).toBeVisible({
                timeout: READY_MS,
              }),
          },
          { name: 'team', path: `/app/rankings/times/${team.slug}`, ready: intervals },
          {
            name: 'jersey',
            path: `/app/camisas/time/${team.slug}/${team.jerseys[0]!.slug}`,
            ready: (p) =>
              expect(p.getByRole('img', { name: /^(Pontuação|Global score)/ })).toBeVisible({ timeout: READY_MS }),
          },
          {
            name: 'profile',
            path: '/app/auth/perfil',
            ready: (p) => expect(p.getByText(/^\d+%$/)).toBeVisible({ timeout: READY_MS }),
          },
        ];
        for (const screen of screens) {
          const page = await context.newPage();
          await page.goto(screen.path);
          await screen.ready(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await page.evaluate(() => document.fonts.ready);
          await page.waitForLoadState('networkidle');
          await waitForAnimations(page);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          await page.screenshot({
            path: path.join(OUT, `rankings-${screen.name}-${device}-${scheme}-${lang}.png`),
            fullPage: true,
          });
          await page.close();
        }
        await context.close();
        expect(errors, 'browser console errors').toEqual([]);
      });
    }
  }
}

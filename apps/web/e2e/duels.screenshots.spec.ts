/**
 * Screenshots of the duel screens for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots duels
 * (add E2E_SEED_DEMO=true for the drawn demo catalogue on the home page).
 * Writes <repo>/screenshots/e2e/duel-<screen>-<device>-<scheme>-<lang>.png (gitignored).
 * Phones are shot at their viewport (390×844): a full-page capture drops Chromium's touch
 * emulation, which would show the keyboard hints instead of the swipe hint.
 */
import path from 'node:path';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { seedCatalogue, type SeededCatalogue } from './support/catalogue.ts';
import { duelBoard, pairOnScreen, voteBy } from './support/duels.ts';
import { expect, test, waitForAnimations } from './support/fixtures.ts';
import { openInApp } from './support/navigation.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const OUT = path.resolve(import.meta.dirname, '../../../screenshots/e2e');

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
const SCHEMES = ['light', 'dark'] as const;
const LANGUAGES = ['pt', 'en'] as const;

let cat: SeededCatalogue;

test.beforeAll(async ({ request }) => {
  cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Sociedade Esportiva Horizonte',
        jerseys: [
          { model: 'Titular', season: 2024, color: '#0A7A3B' },
          { model: 'Titular', season: 2023, color: '#1F4FA3' },
          { model: 'Titular', season: 2021, color: '#F2C200' },
          { model: 'Reserva', season: 2024, color: '#F5F5F5' },
          { model: 'Reserva', season: 2022, color: '#222222' },
          { model: 'Goleiro', season: 2024, color: '#7B2CBF' },
        ],
      },
    ],
  });
});

async function shoot(page: Page, name: string, device: keyof typeof DEVICES, scheme: string, lang: string) {
  await page.evaluate(() => document.fonts.ready);
  await waitForAnimations(page);
  // Pictures decoded, so the shot shows the jerseys rather than their empty frames.
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  await page.screenshot({
    path: path.join(OUT, `duel-${name}-${device}-${scheme}-${lang}.png`),
    fullPage: device === 'desktop',
  });
}

for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
  for (const scheme of SCHEMES) {
    for (const lang of LANGUAGES) {
      test(`duel screens ${device} ${scheme} ${lang}`, async ({ browser }) => {
        const context = await browser.newContext({
          ...DEVICES[device],
          baseURL: test.info().project.use.baseURL,
          colorScheme: scheme,
          locale: lang === 'pt' ? 'pt-BR' : 'en-GB',
        });
        await context.addInitScript(
          (items) => {
            if (location.protocol !== 'http:') return;
            for (const [key, value] of Object.entries(items))
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          { 'manto-color-scheme': scheme, i18nextLng: lang },
        );
        const page = await context.newPage();
        const team = cat.teams[0]!;
        const titular = cat.models['Titular']!;
        const goleiro = cat.models['Goleiro']!;

        await page.goto('/app/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await pairOnScreen(page);
        await shoot(page, 'home', device, scheme, lang);

        await page.goto(`/app/comparar/times/${team.slug}`);
        await pairOnScreen(page);
        await shoot(page, 'team', device, scheme, lang);

        await voteBy(page, () =>
          device === 'mobile' ? duelBoard(page).getByRole('button').first().tap() : page.keyboard.press('ArrowLeft'),
        );
        await voteBy(page, () => page.keyboard.press('ArrowRight'));
        await shoot(page, 'result', device, scheme, lang);

        await page.goto(`/app/comparar/times/${team.slug}/${titular.slug}`);
        await pairOnScreen(page);
        await shoot(page, 'model', device, scheme, lang);

        await page.goto(`/app/comparar/times/${team.slug}/${goleiro.slug}`);
        await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
        await shoot(page, 'empty', device, scheme, lang);

        await page.goto(`/app/comparar/times?busca=${cat.suffix}`);
        await expect(page.getByRole('link', { name: new RegExp(team.name) })).toBeVisible();
        await shoot(page, 'teams', device, scheme, lang);
        await context.close();
      });

      test(`limited duel screens ${device} ${scheme} ${lang}`, async ({ browser }) => {
        const context = await browser.newContext({
          ...DEVICES[device],
          baseURL: test.info().project.use.baseURL,
          colorScheme: scheme,
          locale: lang === 'pt' ? 'pt-BR' : 'en-GB',
          timezoneId: 'America/Sao_Paulo',
        });
        await context.addInitScript(
          (items) => {
            if (location.protocol !== 'http:') return;
            for (const [key, value] of Object.entries(items))
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          { 'manto-color-scheme': scheme, i18nextLng: lang },
        );
        const page = await context.newPage();
        // A limit's 429 as the server sends it (ADR 0028): a burst of votes, or a proxy in front refusing.
        const limited = {
          status: 429,
          headers: { 'Retry-After': '120' },
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Muitas tentativas.' }),
        };
        await page.route('**/api/duels/next**', (route) => route.fulfill(limited));
        await openInApp(page, '/app/');
        await expect(
          page.getByRole('heading', { name: lang === 'pt' ? 'Uma pausa rápida' : 'A short pause' }),
        ).toBeVisible();
        await shoot(page, 'limited', device, scheme, lang);

        await page.unroute('**/api/duels/next**');
        await page.route('**/api/duels/votes', (route) => route.fulfill(limited));
        await page.goto('/app/');
        await pairOnScreen(page);
        await (device === 'mobile'
          ? duelBoard(page).getByRole('button').first().tap()
          : page.keyboard.press('ArrowLeft'));
        await expect(duelBoard(page).getByRole('status')).toContainText(
          lang === 'pt' ? 'Tente de novo às' : 'Try again at',
        );
        await pairOnScreen(page);
        await shoot(page, 'limited-vote', device, scheme, lang);
        await context.close();
      });
    }
  }
}

import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * The title and subtitle the server writes into the rankings' and the tournaments' pages (a phone
 * shows them before the app's code arrives: apps/api/src/lib/spa-page.ts) sit where the route draws
 * its own, and give way to them.
 */
const SCREENS = [
  { path: '/app/rankings', title: { pt: 'Ranking global', en: 'Global ranking' } },
  { path: '/app/torneios', title: { pt: 'Torneios', en: 'Tournaments' } },
];

/** Left, top, width and height of each element, rounded to the pixel. */
async function boxes(page: Page, selectors: string[]) {
  return page.evaluate(
    (all) =>
      all.map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return [box.left, box.top, box.width, box.height].map(Math.round);
      }),
    selectors,
  );
}

/** Left, top and height of the title's and the subtitle's text (their widths may differ), rounded to the pixel. */
async function placement(page: Page, title: string, subtitle: string) {
  return (await boxes(page, [title, subtitle])).map(([left, top, , height]) => [left, top, height]);
}

/**
 * A page in a context of its own, at this width and in this language (the browser's), with its console's
 * errors collected (failed loads aside: the scripts are blocked on purpose). Close the context after.
 */
async function pageIn(browser: Browser, width: number, language: 'pt' | 'en') {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    locale: language === 'en' ? 'en-GB' : 'pt-BR',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/** The page as it arrives, before any of the app's code runs. */
async function withoutScripts(page: Page) {
  await page.route('**/*.js', (route) => route.abort());
}

for (const { path, title } of SCREENS) {
  for (const [width, language] of [
    [390, 'pt'],
    [1280, 'en'],
  ] as const) {
    test(`${path} at ${width} px in ${language}: the server's heading is the route's, in place`, async ({
      browser,
    }) => {
      const { context, page, errors } = await pageIn(browser, width, language);
      try {
        await withoutScripts(page);
        await page.goto(path);
        const early = page.locator('#boot-heading');
        await expect(early).toHaveAttribute('lang', language);
        await expect(early.locator('.boot-title')).toHaveText(title[language]);
        const before = await placement(page, '#boot-heading .boot-title', '#boot-heading .boot-subtitle');

        await page.unrouteAll();
        await page.goto(path);
        const heading = page.getByRole('heading', { level: 1, name: title[language] });
        await expect(heading).toBeVisible();
        await expect(page.locator('#boot-heading')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const after = await placement(page, 'main h1', 'main h1 + p');
        expect(after).toEqual(before);
        // The heading's inline script is allowed by the page's CSP (no violation reported).
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

test('a visitor who chose the other language gets no heading in the wrong one', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource/);
  // The browser asks for Portuguese; the app's stored choice is English.
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await withoutScripts(page);
  await page.goto('/app/torneios');
  await expect(page.locator('#boot-shell')).toBeVisible();
  await expect(page.locator('#boot-heading')).toHaveCount(0);

  await page.unrouteAll();
  await page.goto('/app/torneios');
  await expect(page.getByRole('heading', { level: 1, name: 'Tournaments' })).toBeVisible();
});

test('with a query string the page has no server heading (the screen may draw another)', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  await withoutScripts(page);
  await page.goto('/app/rankings?neutro=1');
  await expect(page.locator('#boot-shell')).toBeVisible();
  await expect(page.locator('#boot-heading')).toHaveCount(0);
});

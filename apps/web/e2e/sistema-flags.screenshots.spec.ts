/**
 * Screenshots of Votos suspeitos and the terms page for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots sistema-flags
 * Writes <repo>/screenshots/e2e/sistema-flags-<view>-<device>-<scheme>-<lang>.png (gitignored): the real
 * empty state; a list with open and restored flags and the restore dialog, played through page.route
 * (the shared stack cannot make a flag cheaply, see sistema-flags.spec.ts); and /termos.
 */
import type { VoterFlag } from '@manto/contracts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const FLAGS: VoterFlag[] = [
  {
    id: 'f1',
    voter: 'member-1a2b3c4d',
    userName: 'Joana Silva',
    reason: 'outlier',
    votes: 42,
    zScore: -6.3,
    flaggedAt: day(1),
    restoredAt: null,
  },
  {
    id: 'f2',
    voter: 'network-9f8e7d6c',
    userName: null,
    reason: 'network_outlier',
    votes: 118,
    zScore: -4.8,
    flaggedAt: day(2),
    restoredAt: null,
  },
  {
    id: 'f3',
    voter: 'visitor-55aa66bb',
    userName: null,
    reason: 'outlier',
    votes: 9,
    zScore: -4.1,
    flaggedAt: day(3),
    restoredAt: null,
  },
  {
    id: 'f4',
    voter: 'visitor-0c1d2e3f',
    userName: null,
    reason: 'outlier',
    votes: 15,
    zScore: -5,
    flaggedAt: day(9),
    restoredAt: day(8),
  },
];

for (const view of VIEWS) {
  test(`sistema flags and terms ${view.tag}`, async ({ browser, request }) => {
    const { tag } = view;
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await page.goto('/app/sistema/votos-suspeitos');
    await expect(page.getByRole('heading', { name: /Nenhum voto suspeito|No suspicious votes/ })).toBeVisible();
    await shoot(page, `sistema-flags-empty-${tag}`);

    await page.route('**/api/manage/votes/flags', (route) => route.fulfill({ json: { items: FLAGS } }));
    await page.goto('/app/sistema/votos-suspeitos?situacao=all');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
    await shoot(page, `sistema-flags-list-${tag}`);
    await page.getByRole('button', { name: /(Restaurar os votos de|Restore the votes of) Joana Silva/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, `sistema-flags-confirm-${tag}`, false);
    await page.keyboard.press('Escape');

    await page.goto('/app/termos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, `sistema-flags-terms-${tag}`);
    await page.context().close();
    expect(errors).toEqual([]);
  });
}

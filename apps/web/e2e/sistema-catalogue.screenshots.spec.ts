/**
 * Screenshots of the Sistema catalogue lists for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots sistema-catalogue
 * Writes <repo>/screenshots/e2e/sistema-<list>-<view>-<device>-<scheme>-<lang>.png (gitignored) for the teams,
 * jerseys, models and suppliers lists: a table on wide screens, a card per record on a phone.
 */
import { seedCatalogue, setJerseyActive } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, sistemaRecords, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

let suffix = '';

test.beforeAll(async ({ request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Aurora',
        city: 'Belo Horizonte',
        state: 'MG',
        jerseys: [
          { model: 'Titular', season: 2024, supplier: 'Listrada Sports' },
          { model: 'Reserva', season: 2023, modelYear: '2023/24', supplier: 'Listrada Sports' },
        ],
      },
      {
        // A long name: it wraps on the card instead of widening the page.
        name: 'Cobalto Esporte Clube Metropolitano',
        country: 'Portugal',
        state: 'Porto',
        city: 'Vila Nova de Gaia',
        category: 'national',
        jerseys: [{ model: 'Terceira', season: 2022, supplier: 'Marca' }],
      },
    ],
  });
  suffix = cat.suffix;
  await setJerseyActive(request, cat.teams[1]!.jerseys[0]!.id, false);
});

const LISTS = [
  { path: 'times', name: 'teams', label: /^(Times|Teams)$/, count: 2 },
  { path: 'camisas', name: 'jerseys', label: /^(Camisas|Jerseys)$/, count: 3 },
  { path: 'modelos', name: 'models', label: /^(Modelos|Models)$/, count: 3 },
  { path: 'fornecedores', name: 'suppliers', label: /^(Fornecedores|Suppliers)$/, count: 2 },
];

for (const view of VIEWS) {
  test(`sistema catalogue ${view.tag}`, async ({ browser, request }) => {
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    for (const list of LISTS) {
      await page.goto(`/app/sistema/${list.path}?busca=${suffix}`);
      // A table on wide screens, cards on a phone.
      await expect(sistemaRecords(page, list.label)).toHaveCount(list.count);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await shoot(page, `sistema-${list.name}-list-${view.tag}`);
    }
    await page.context().close();
    expect(errors).toEqual([]);
  });
}

/**
 * Screenshots of /sistema/produtos for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots products
 * Writes <repo>/screenshots/e2e/sistema-products-<view>-<device>-<scheme>-<lang>.png (gitignored): the list
 * (in stock, low, out, with a discount), the form of a product with offers (top, stock and offers), and the
 * dashboard's inventory tiles.
 */
import { uniqueSuffix } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, sistemaRecords, viewPage } from './support/screenshots.ts';
import { productBody, seedProduct } from './support/sistema-products.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

// Set by the seeding: a worker may run this file's hook twice (its tests are shared out in groups), and a
// second seeding under the same names would list every product twice.
let suffix = '';
let EDITED = '';

test.beforeAll(async ({ request }) => {
  suffix = uniqueSuffix();
  EDITED = `Camisa Aurora Titular ${suffix}`;
  await seedProduct(
    request,
    productBody(EDITED, {
      nameEn: `Aurora Home Jersey ${suffix}`,
      discountPercent: 15,
      featured: true,
      offers: [
        {
          storeName: 'Loja Um',
          url: 'https://loja-um.example/aurora',
          priceCents: 32990,
          shippingNote: 'Frete grátis',
        },
        { storeName: 'Casa do Torcedor', url: 'https://casa.example/aurora', priceCents: 33990, inStock: false },
      ],
    }),
    { image: '#0A7A3B' },
  );
  await seedProduct(
    request,
    productBody(`Camisa Cobalto Reserva ${suffix}`, {
      nameEn: `Cobalto Away Jersey ${suffix}`,
      team: 'Cobalto',
      stock: { P: 1, M: 2, G: 0 },
    }),
    { image: '#1F4FA3' },
  );
  await seedProduct(
    request,
    productBody(`Bola Oficial ${suffix}`, {
      nameEn: `Official Ball ${suffix}`,
      category: 'balls',
      team: '',
      season: '',
      colours: ['Branca'],
      sizes: ['5'],
      stock: { '5': 0 },
      priceCents: 19990,
      offers: [],
    }),
  );
});

for (const view of VIEWS) {
  test(`sistema products ${view.tag}`, async ({ browser, request }) => {
    const { device, tag } = view;
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await page.goto(`/app/sistema/produtos?busca=${suffix}`);
    // A table on wide screens, cards on a phone.
    await expect(sistemaRecords(page, /^(Produtos|Products)$/)).toHaveCount(3);
    await shoot(page, `sistema-products-list-${tag}`);

    await page
      .getByRole('button', { name: new RegExp(`(Editar|Edit) (${EDITED}|Aurora Home Jersey ${suffix})`) })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: /Tamanho M|Size M/ })).toHaveValue('10');
    await shoot(page, `sistema-products-form-${tag}`, false);
    await dialog.getByRole('textbox', { name: /Tamanho M|Size M/ }).scrollIntoViewIfNeeded();
    await shoot(page, `sistema-products-form-stock-${tag}`, false);
    await dialog.getByRole('button', { name: /Adicionar oferta|Add offer/ }).scrollIntoViewIfNeeded();
    await shoot(page, `sistema-products-form-offers-${tag}`, false);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    if (device === 'desktop' || view.scheme === 'light') {
      await page.goto('/app/sistema');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await shoot(page, `sistema-products-dashboard-${tag}`);
    }
    await page.context().close();
    expect(errors).toEqual([]);
  });
}

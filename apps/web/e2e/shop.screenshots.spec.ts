/**
 * Screenshots of the shop for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots shop
 * Writes <repo>/screenshots/e2e/shop-<list|product>-<device>-<scheme>-<lang>.png (gitignored): the list
 * searched down to this run's products (a long name, a discount, the best offer) and one product's page.
 */
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';
import { type SeededProduct, seedProducts, shopTag } from './support/shop.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

let tag = '';
let products: SeededProduct[] = [];

test.beforeAll(async ({ request }) => {
  tag = shopTag();
  products = await seedProducts(request, tag);
});

for (const view of VIEWS) {
  test(`shop ${view.tag}`, async ({ browser, request, baseURL }) => {
    const page = await viewPage(browser, request, view, { baseURL, signedIn: false });
    await page.goto(`/app/loja?busca=${tag}`);
    await expect(page.getByRole('article')).toHaveCount(products.length);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // The cards' images load lazily: bring them all in before the full-page shot.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, `shop-list-${view.tag}`);

    await page.goto(`/app/loja/${products[2]!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    await shoot(page, `shop-product-${view.tag}`);
    await page.context().close();
  });
}

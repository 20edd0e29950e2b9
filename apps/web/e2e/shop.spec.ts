import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { type SeededProduct, seedProducts, shopTag } from './support/shop.ts';

// The e2e stack runs with SHOP_ENABLED=true. The journeys make their own products, named with a made-up
// word, and search for it, so products other journeys or the demo add never change what they see.

let tag: string;
let products: SeededProduct[];

test.beforeAll(async ({ request }) => {
  tag = shopTag();
  products = await seedProducts(request, tag);
});

/** "R$ 1.234,56" → 123456 (cents). */
const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** Each card's price after the discount, in the grid's order. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allTextContents();
  return texts.map((t) => cents(/Preço:\s*(R\$\s*[\d.]+,\d{2})/.exec(t)?.[1] ?? ''));
}

async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

test('filters by category, sorts by price, keeps it in the URL, and Limpar filtros restores the list', async ({
  page,
}) => {
  await page.goto('/app/loja');
  await expect(page.getByRole('heading', { name: 'Loja', level: 1 })).toBeVisible();
  await expect(page.getByText('Preços de lojas parceiras')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar produto' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`busca=${tag}`));
  await expect(page.getByRole('article')).toHaveCount(5);

  await choose(page, 'Categoria', 'Camisas');
  await choose(page, 'Ordenar por', 'Menor preço');
  await expect(page).toHaveURL(/categoria=camisas/);
  await expect(page).toHaveURL(/ordem=menor-preco/);
  await expect(page.getByRole('article')).toHaveCount(3);
  const jerseys = products
    .filter((p) => p.category === 'jerseys')
    .sort((a, b) => a.finalPriceCents - b.finalPriceCents);
  await expect.poll(() => cardNames(page)).toEqual(jerseys.map((p) => p.name));
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices).toEqual(jerseys.map((p) => p.finalPriceCents));

  // A reload keeps every filter.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Camisas');
  await expect(page.getByRole('searchbox', { name: 'Buscar produto' })).toHaveValue(tag);
  await expect.poll(() => cardNames(page)).toEqual(jerseys.map((p) => p.name));

  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).not.toHaveURL(/categoria=|busca=/);
  await expect(page.getByRole('searchbox', { name: 'Buscar produto' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue('');
  await expect.poll(async () => (await page.getByRole('article').count()) >= 5).toBe(true);
});

test('a search that matches nothing says Nenhum produto encontrado, with the advice', async ({ page }) => {
  await page.goto('/app/loja');
  await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('zzqxwnadaencontrado');
  await expect(page.getByRole('heading', { name: 'Nenhum produto encontrado' })).toBeVisible();
  await expect(page.getByText('Mude ou limpe os filtros para ver outros produtos.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).last().click();
  await expect(page.getByRole('heading', { name: 'Nenhum produto encontrado' })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the Loja header link opens the shop, and a product compares its offers cheapest first', async ({ page }) => {
  await page.goto('/app/');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Loja' }).click();
  await expect(page).toHaveURL(/\/app\/loja$/);

  const product = products[0]!;
  await page.goto(`/app/loja?busca=${tag}`);
  await page.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByText('A venda, o frete e a entrega são feitos pela loja parceira.')).toBeVisible();

  const table = page.getByRole('table');
  const rows: Locator = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  expect(await table.getByRole('rowheader').allTextContents()).toEqual(['Loja Barata', 'Loja Norte', 'Loja Centro']);
  const prices = (await table.locator('tbody tr td:nth-of-type(1)').allTextContents()).map(cents);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const links = table.getByRole('link', { name: /abre em nova aba/ });
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByRole('listitem').filter({ hasText: 'M (esgotado)' })).toHaveCount(1);
});

test('with the shop off, /app/loja is the not-found screen and the header has no Loja link', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  // The server fills the meta from SHOP_ENABLED; serving the page with it emptied is the flag off.
  await page.route(
    (url) => url.pathname.startsWith('/app') && !/\.\w+$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('content="shop"', 'content=""');
      expect(body).toContain('<meta name="manto-features" content="" />');
      await route.fulfill({ response, body });
    },
  );
  await page.goto('/app/loja');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Loja' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Camisas' }),
  ).toBeVisible();
});

import type { Page } from '@playwright/test';
import { uniqueSuffix } from './support/catalogue.ts';
import { ADMIN, expect, signIn, test } from './support/fixtures.ts';
import { productBody, seedProduct } from './support/sistema-products.ts';

// Sistema's products (with SHOP_ENABLED on in the e2e stack): the stock filter, stock per size edited in the
// form, and the dashboard's inventory counts following the change. Other journeys add products meanwhile, so
// the counts are read as "at least"; their exact arithmetic is checked in apps/api/src/modules/shop/shop.int.test.ts.

const INVENTORY = ['Unidades em estoque', 'Estoque baixo', 'Sem estoque'] as const;
type Inventory = Record<(typeof INVENTORY)[number], number>;

/** The three inventory tiles of the dashboard, as numbers. */
async function readInventory(page: Page): Promise<Inventory> {
  await page.goto('/app/sistema');
  const counts = {} as Inventory;
  for (const label of INVENTORY) {
    const tile = page.getByRole('link', { name: new RegExp(label) });
    await expect(tile).not.toHaveAttribute('aria-busy', 'true');
    // pt-BR groups thousands with a dot.
    counts[label] = Number((await tile.locator('p').first().innerText()).replace(/\D/g, ''));
  }
  return counts;
}

test('an admin restocks an out-of-stock product and the dashboard counts follow', async ({ page, request }) => {
  const name = `Camisa Aurora ${uniqueSuffix()}`;
  await seedProduct(request, productBody(name, { stock: { P: 0, M: 0, G: 0 } }));
  await signIn(page, ADMIN);

  const before = await readInventory(page);
  expect(before['Sem estoque']).toBeGreaterThan(0);

  await test.step('the out-of-stock tile opens the filtered list', async () => {
    await page.getByRole('link', { name: /Sem estoque/ }).click();
    await expect(page).toHaveURL(/\/app\/sistema\/produtos\?stock=out$/);
    await expect(page.getByRole('combobox', { name: 'Estoque' })).toHaveValue('Sem estoque');
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Sem estoque')).toBeVisible();
    // The row may be listed before the search applies: wait until the debounced search is in the URL.
    await expect(page).toHaveURL(/[?&]busca=/);
    await expect(page.getByText('1 produto', { exact: true })).toBeVisible();
  });

  await test.step('stock per size is edited and saved', async () => {
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar ${name}` });
    const size = dialog.getByRole('textbox', { name: 'Tamanho M' });
    await expect(size).toHaveValue('0');
    await size.fill('20');
    await expect(dialog.getByText('Total: 20 unidades')).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto atualizado.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // No longer out of stock: the filtered list drops it.
    await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
  });

  await test.step('the dashboard counts it in stock', async () => {
    const after = await readInventory(page);
    expect(after['Unidades em estoque']).toBeGreaterThanOrEqual(before['Unidades em estoque'] + 20);
  });
});

test('the product form shows the localised rules before saving', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/app/sistema/produtos');
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo produto' });
  await dialog.getByRole('textbox', { name: 'Nome (português)' }).fill('ab');
  await dialog.getByRole('textbox', { name: /^Preço \(R\$\)/ }).fill('0,00');
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText('O nome deve ter ao menos 3 caracteres.')).toBeVisible();
  await expect(dialog.getByText('O preço deve ser maior que zero.')).toBeVisible();
  await expect(dialog.getByText('Informe ao menos um tamanho.')).toBeVisible();
  // What was typed stays.
  await expect(dialog.getByRole('textbox', { name: 'Nome (português)' })).toHaveValue('ab');
});

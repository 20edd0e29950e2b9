import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { seedCatalogue } from './support/catalogue.ts';
import { ADMIN, expect, registerUser, signIn, test } from './support/fixtures.ts';

const suffix = Math.random().toString(36).slice(2, 7);
const TEAM = `Clube Teste ${suffix}`;
const TEAM_SLUG = `clube-teste-${suffix}`;
const MODEL = `Modelo ${suffix}`;
const SUPPLIER = `Marca ${suffix}`;

async function pickOption(page: Page, label: string, option: string) {
  const dialog = page.getByRole('dialog');
  // Mantine's Select is a read-only input that opens a listbox; its label is its accessible name.
  await dialog.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function submit(page: Page, button: 'Cadastrar' | 'Salvar', toast: string | RegExp) {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// One journey: each step builds on the records the previous one made (docs/product.md §2 Sistema, §5 messages).
// The jersey deleted is one that was never active: an active one can be drawn in another journey's global duel
// meanwhile, and a voted jersey rightly cannot be deleted (votes are append-only).
test('a moderator builds a jersey in Sistema, sees it in public, edits and deactivates it, and deletes another', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // The empty-form submits below are refused by the client; the server refusals log 4xx in Chromium.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 40\d/);
  await signIn(page, ADMIN);

  await test.step('create a team, with the spec messages for missing fields', async () => {
    await page.goto('/app/sistema/times');
    await page.getByRole('button', { name: 'Novo time' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText('O nome do time é obrigatório.')).toBeVisible();
    await expect(page.getByText('A cidade é obrigatória.')).toBeVisible();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(TEAM);
    await dialog.getByRole('textbox', { name: 'País', exact: true }).fill('Brasil');
    await dialog.getByRole('textbox', { name: 'Estado', exact: true }).fill('SP');
    await dialog.getByRole('textbox', { name: 'Cidade', exact: true }).fill('Campinas');
    await dialog.getByRole('textbox', { name: 'Cor base', exact: true }).fill('#0A7A3B');
    await pickOption(page, 'Categoria', 'Clube');
    await submit(page, 'Cadastrar', `Time ${TEAM} cadastrado.`);
  });

  await test.step('create a model and a supplier', async () => {
    for (const [path, button, name, toast] of [
      ['/app/sistema/modelos', 'Novo modelo', MODEL, `Modelo ${MODEL} cadastrado.`],
      ['/app/sistema/fornecedores', 'Novo fornecedor', SUPPLIER, `Fornecedor ${SUPPLIER} cadastrado.`],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
      await expect(page.getByRole('dialog').getByText('Nome é obrigatório')).toBeVisible();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
      await submit(page, 'Cadastrar', toast);
    }
  });

  await test.step('create a jersey with an uploaded image', async () => {
    await page.goto('/app/sistema/camisas');
    await page.getByRole('button', { name: 'Nova camisa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    for (const message of [
      'Time obrigatório',
      'Modelo obrigatório',
      'Fornecedor obrigatório',
      'Ano obrigatório',
      'Temporada obrigatória',
      'Cor principal obrigatória',
      'Imagem obrigatória',
      'Fonte da imagem obrigatória',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await pickOption(page, 'Time', TEAM);
    await pickOption(page, 'Modelo', MODEL);
    await pickOption(page, 'Fornecedor', SUPPLIER);
    await dialog.getByRole('textbox', { name: 'Ano', exact: true }).fill('2024');
    await dialog.getByRole('textbox', { name: 'Temporada', exact: true }).fill('2024');
    await dialog.getByRole('textbox', { name: 'Cor principal', exact: true }).fill('#0A7A3B');
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0a7a3b' } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'camisa.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Fonte da imagem', exact: true }).fill('Foto do clube');
    await dialog.getByRole('textbox', { name: 'Patrocínio master', exact: true }).fill('Aurora');
    await submit(page, 'Cadastrar', 'Camisa cadastrada.');
  });

  await test.step('the jersey is on the public team page and its details page', async () => {
    await page.goto(`/app/camisas/time/${TEAM_SLUG}`);
    await expect(page.getByRole('heading', { name: TEAM, level: 1 })).toBeVisible();
    const card = page.getByRole('link', { name: `Ver camisa ${TEAM} 2024 · ${MODEL}` });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page.getByRole('heading', { name: `${TEAM} 2024`, level: 1 })).toBeVisible();
    await expect(page.getByText('Foto do clube')).toBeVisible();
    await expect(page.getByRole('img', { name: `Camisa ${TEAM} 2024 · ${MODEL}` })).toBeVisible();
  });

  const name = `${TEAM} 2024/25 ${MODEL}`;
  await test.step('edit it', async () => {
    await page.goto(`/app/sistema/camisas?busca=${encodeURIComponent(suffix)}`);
    await page.getByRole('button', { name: `Editar ${TEAM} 2024 ${MODEL}` }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Temporada', exact: true }).fill('2024/25');
    await submit(page, 'Salvar', 'Camisa atualizada.');
    await page.goto(`/app/camisas/time/${TEAM_SLUG}`);
    await expect(page.getByRole('link', { name: `Ver camisa ${TEAM} 2024/25 · ${MODEL}` })).toBeVisible();
  });

  await test.step('deactivate it: it leaves the public lists', async () => {
    await page.goto(`/app/sistema/camisas?busca=${encodeURIComponent(suffix)}`);
    const toggle = page.getByRole('switch', { name: `Ativa: ${name}` });
    await expect(toggle).toBeChecked();
    // The switch flips at once (optimistic): leaving before the server answers would cancel the write.
    const saved = page.waitForResponse((res) => res.url().endsWith('/active') && res.request().method() === 'PATCH');
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    expect((await saved).status()).toBe(200);
    await page.goto(`/app/camisas/time/${TEAM_SLUG}`);
    await expect(page.getByRole('heading', { name: 'Nenhuma camisa encontrada' })).toBeVisible();
    await page.goto(`/app/camisas?busca=${encodeURIComponent(TEAM)}`);
    await expect(page.getByRole('heading', { name: 'Nenhum time encontrado' })).toBeVisible();
  });

  await test.step('delete a jersey that was never active, through the confirmation', async () => {
    const draft = await seedCatalogue(request, {
      suffix,
      teams: [{ name: 'Rascunho', jerseys: [{ model: 'Descarte', supplier: 'Outra', season: 2019, active: false }] }],
    });
    const doomed = `Rascunho ${suffix} 2019 Descarte ${suffix}`;
    expect(draft.teams[0]!.jerseys[0]!.active).toBe(false);
    await page.goto(`/app/sistema/camisas?busca=${encodeURIComponent(suffix)}`);
    await page.getByRole('button', { name: `Excluir ${doomed}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(`Excluir a camisa ${doomed}?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByText('Camisa excluída.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Excluir ${doomed}` })).toHaveCount(0);
    // The other one, deactivated, stays.
    await expect(page.getByRole('switch', { name: `Ativa: ${name}` })).not.toBeChecked();
  });
});

test('a member is denied every Sistema screen', async ({ page, request }) => {
  const member = await registerUser(request);
  await signIn(page, member);
  for (const path of [
    '/app/sistema',
    '/app/sistema/times',
    '/app/sistema/camisas',
    '/app/sistema/modelos',
    '/app/sistema/fornecedores',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  }
});

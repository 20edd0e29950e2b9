import { test, expect } from './support/fixtures.ts';
import { openInApp } from './support/navigation.ts';

// The e2e stack starts with an empty catalogue (SEED_DEMO=false): the journeys that create
// jerseys live in catalogue-manage.spec.ts; here the states a visitor sees without them.

// (An empty catalogue's own text, "Parece que não há times cadastrados.": teams-route.test.tsx; journeys add
// teams side by side, so here a search that matches nothing.)
test('a team search that matches nothing says so and clears, in pt and en', async ({ page }) => {
  await page.goto('/app/camisas?busca=zzzz-nenhum');
  await expect(page.getByRole('heading', { name: 'Nenhum time encontrado' })).toBeVisible();
  await expect(
    page.getByText('Nenhum time corresponde a “zzzz-nenhum”. Confira a grafia ou limpe a busca.'),
  ).toBeVisible();
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No team found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/busca=/);
  await expect(page.getByRole('searchbox', { name: 'Search team' })).toHaveValue('');
});

test('a failing catalogue shows Erro with a working Tentar Novamente', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 503/);
  let fail = true;
  await page.route('**/api/catalogue/teams?**', async (route) => {
    if (fail)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Serviço indisponível' }),
      });
    else await route.continue();
  });
  await openInApp(page, '/app/camisas');
  await expect(page.getByRole('heading', { name: 'Erro' })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Camisas', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Erro' })).toHaveCount(0);
});

test('an unknown team is a real not-found screen', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/app/camisas/time/time-que-nao-existe');
  await expect(page.getByText('404')).toBeVisible();
  await page.goto('/app/camisas/time/time-que-nao-existe/2024-titular');
  await expect(page.getByText('404')).toBeVisible();
});

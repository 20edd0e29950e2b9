import { ADMIN, expect, signIn, test } from './support/fixtures.ts';

// Votos suspeitos (docs/ranking.md §6) over the real API. A flag needs a clear crowd ranking and a voter
// going hard against it at a fit, which this shared stack cannot make cheaply; so on a fresh stack the
// section shows its empty state, and a flag left by an earlier run is restored here. The restore itself
// is covered with a played server in sistema-vote-flags-route.test.tsx. The seeded Admin stands in for a
// Moderator: the routes are 'moderator' access, which Admins have too (apps/api/src/plugins/access.ts).
test('a moderator opens Votos suspeitos from the Sistema menu: the empty state, or an open flag restored after confirming', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/app/sistema');
  const menu = page.getByRole('navigation', { name: 'Menu do sistema' });
  await menu.getByRole('link', { name: 'Votos suspeitos' }).click();
  await expect(page).toHaveURL(/\/app\/sistema\/votos-suspeitos$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Votos suspeitos' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Votos suspeitos' })).toHaveAttribute('aria-current', 'page');

  const table = page.getByRole('table', { name: 'Votos suspeitos' });
  const empty = page.getByRole('heading', { name: 'Nenhum voto suspeito.' });
  await expect(table.or(empty)).toBeVisible();

  if (await empty.isVisible()) {
    // The other filters answer too.
    await page.getByText('Restaurados', { exact: true }).click();
    await expect(page).toHaveURL(/situacao=restored/);
    await expect(page.getByRole('heading', { name: 'Nenhum voto restaurado.' })).toBeVisible();
    return;
  }

  const restore = table.getByRole('button', { name: /^Restaurar os votos de / }).first();
  await restore.click();
  const dialog = page.getByRole('dialog', { name: 'Restaurar votos' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText(/^\d+ votos? (voltou|voltaram) a contar\.$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('with flags played by page.route, the restore dialog sends the restore and the filters follow it', async ({
  page,
}) => {
  // The real API can't be made to flag a voter here (see above); the browser gets a played list instead.
  const flag = {
    id: '00000000-0000-4000-8000-0000000000f1',
    voter: 'visitor-55aa66bb',
    userName: null,
    reason: 'outlier',
    votes: 9,
    zScore: -4.1,
    flaggedAt: new Date().toISOString(),
    restoredAt: null,
  };
  let restored = false;
  await page.route('**/api/manage/votes/flags', (route) =>
    route.fulfill({ json: { items: [{ ...flag, restoredAt: restored ? new Date().toISOString() : null }] } }),
  );
  await page.route(`**/api/manage/votes/flags/${flag.id}/restore`, (route) => {
    restored = true;
    return route.fulfill({ json: { restored: 9 } });
  });
  await signIn(page, ADMIN);
  await page.goto('/app/sistema/votos-suspeitos');
  const table = page.getByRole('table', { name: 'Votos suspeitos' });
  await expect(table.getByText('visitor-55aa66bb')).toBeVisible();

  await table.getByRole('button', { name: 'Restaurar os votos de visitor-55aa66bb' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurar votos' });
  await expect(dialog.getByText('Os 9 votos postos de lado voltam a contar', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText('9 votos voltaram a contar.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nenhum voto suspeito.' })).toBeVisible();
  await page.getByText('Restaurados', { exact: true }).click();
  await expect(table.getByText('Restaurado', { exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('manto-color-scheme', 'dark'));
  await page.reload();
  await expect(table.getByText('Restaurado', { exact: true })).toBeVisible();
  restored = false;
  await page.goto('/app/sistema/votos-suspeitos');
  await expect(table.getByText('Aberto', { exact: true })).toBeVisible();
});

test('the footer leads to /app/termos, which shows the current terms in the interface language', async ({ page }) => {
  await page.goto('/app/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de uso' }).click();
  await expect(page).toHaveURL(/\/app\/termos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso do Manto' })).toBeVisible();
  await expect(page.getByText(/^Versão \d+ · publicada em /)).toBeVisible();
  await expect(page.getByText(/^O Manto é uma comunidade de fãs/)).toBeVisible();

  // Straight to the page, in English.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/app/termos');
  await expect(page.getByRole('heading', { level: 1, name: 'Manto terms of use' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' })).toBeVisible();
});

test("the register form's terms dialog links to the terms page in a new tab", async ({ page }) => {
  await page.goto('/app/auth/registrar');
  await page.getByRole('button', { name: 'termos de uso' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^O Manto é uma comunidade de fãs/)).toBeVisible();
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Abrir os termos em uma nova aba' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/app\/termos$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Termos de uso do Manto' })).toBeVisible();
  // The form is still there behind the dialog.
  await expect(page).toHaveURL(/\/app\/auth\/registrar$/);
});

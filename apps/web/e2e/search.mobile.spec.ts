import { seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';

// The search on a phone (docs/decisions/0041-search.md): from the drawer, by taps. The query carries this
// test's unique suffix, so the answer is its own records whatever other journeys add.
test('the drawer opens the search; a tap on a team opens its page, on its duel the team duel', async ({
  page,
  request,
}) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Órbita EC',
        jerseys: [
          { model: 'Titular', season: 2021 },
          { model: 'Reserva', season: 2021 },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;

  await page.goto('/app/rankings');
  await page.getByRole('button', { name: 'Menu de navegação' }).tap();
  await page.getByRole('dialog', { name: 'Menu de navegação' }).getByRole('button', { name: 'Buscar' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Buscar' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu de navegação' })).toBeHidden();

  // Without the accent, in capitals.
  const input = dialog.getByRole('combobox');
  await input.tap();
  await input.fill(`ORBITA ${cat.suffix}`);
  await dialog.getByRole('option', { name: new RegExp(`^${team.name}\\s*2 camisas$`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/app/camisas/time/${team.slug}$`));
  await expect(page.getByRole('heading', { name: team.name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Menu de navegação' }).tap();
  await page.getByRole('dialog', { name: 'Menu de navegação' }).getByRole('button', { name: 'Buscar' }).tap();
  await dialog.getByRole('combobox').fill(`orbita ${cat.suffix}`);
  await dialog.getByRole('option', { name: `Comparar camisas do ${team.name}` }).tap();
  await expect(page).toHaveURL(new RegExp(`/app/comparar/times/${team.slug}$`));
  await expect(dialog).toBeHidden();
});

import { seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';

// The header's search (docs/decisions/0041-search.md) by keyboard. Every query carries this test's unique
// suffix, which only its own records hold: whatever other journeys add meanwhile, the answer is its own.
test('"/" opens the search; typing, the arrows and Enter open a jersey', async ({ page, request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Quasar FC',
        jerseys: [
          { model: 'Titular', season: 2019 },
          { model: 'Reserva', season: 2019 },
          { model: 'Reserva', season: 2020 },
        ],
      },
    ],
    modelsEn: { Titular: 'Home', Reserva: 'Away' },
  });
  const team = cat.teams[0]!;
  const away2020 = team.jerseys.find((j) => j.season === 2020)!;

  await page.goto('/app/torneios');
  const dialog = page.getByRole('dialog', { name: 'Buscar' });
  const input = dialog.getByRole('combobox', { name: 'Buscar times, camisas, torneios e produtos' });
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await expect(dialog.getByText(/flamengo 2019 reserva/)).toBeVisible();

  // One typo, no capitals: the team, its duel and its three jerseys. Equal matches go by popularity, which
  // other journeys' global duels may change meanwhile, so the jerseys are checked in any order.
  await input.pressSequentially(`qusar ${cat.suffix}`);
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(5);
  await expect(options.nth(0)).toHaveText(`${team.name}3 camisas`);
  await expect(options.nth(1)).toHaveText(`Comparar camisas do ${team.name}`);
  const titles = async () => (await options.allTextContents()).map((text) => /\d{4} · \w+/.exec(text)?.[0]);
  await expect
    .poll(async () => (await titles()).slice(2).sort())
    .toEqual(['2019 · Reserva', '2019 · Titular', '2020 · Reserva']);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');

  // A model's English name narrows it to the two away jerseys; the 2020 one is chosen with the arrow.
  await input.pressSequentially(' away');
  await expect.poll(async () => (await titles()).sort()).toEqual(['2019 · Reserva', '2020 · Reserva']);
  const target = (await titles()).indexOf('2020 · Reserva');
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < target; i++) await input.press('ArrowDown');
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(target).getAttribute('id'))!);
  await input.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/app/camisas/time/${team.slug}/${away2020.slug}$`));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `${team.name} 2020`, level: 1 })).toBeVisible();

  // Nothing matches: the dialog says what to try; "/" typed in a field stays in the field.
  await page.keyboard.press('/');
  await input.fill(`zzz${cat.suffix}`);
  await expect(dialog.getByText(`Nada encontrado para “zzz${cat.suffix}”.`)).toBeVisible();
  await expect(dialog.getByText(/uma temporada \(2019\) ou um modelo \(reserva\)/)).toBeVisible();
  await input.press('/');
  await expect(input).toHaveValue(`zzz${cat.suffix}/`);
  await input.press('Escape');
  await expect(dialog).toBeHidden();
});

import { seedCatalogue } from './support/catalogue.ts';
import { expect, holdFile, test } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForRanking } from './support/rankings.ts';

// At 390 px the ranking is a list of compact rows: nothing scrolls sideways.
test('a team ranking on a phone is a list without horizontal scrolling', async ({ page, request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Estrela do Mar',
        jerseys: [
          { model: 'Titular', season: 2025, modelYear: '2025/26' },
          { model: 'Reserva', season: 2025, modelYear: '2025/26' },
          { model: 'Terceira', season: 2024 },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  await castVotes(request, {
    voter: visitor(),
    team: team.slug,
    count: 5,
    choose: preferring(team.jerseys.map((j) => j.id)),
  });
  // A fit that counts the five votes: a list of three may be served before it, all at 1000, in slug order.
  await waitForRanking(
    request,
    { team: team.slug },
    (r) => r.items.length === 3 && r.votes === 5 && r.fittedAt !== null,
  );

  await page.goto(`/app/rankings/times/${team.slug}`);
  const list = page.getByRole('list', { name: 'Camisas por posição no ranking' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(list.getByRole('link')).toHaveCount(3);
  await expect(list.getByRole('img', { name: /^Margem de erro/ })).toHaveCount(3);
  await expect(list.getByRole('link').first()).toContainText('2025/26');
  // The filters fold behind a button on phones.
  const model = page.getByRole('combobox', { name: 'Modelo' });
  await expect(model).toBeHidden();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await expect(model).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

// The pickers' code comes after the rows (docs/perf/first-screen.md): until then stand-ins of the same size
// hold their place, so the rows do not move when the real pickers arrive.
test('on a phone the global ranking’s pickers arrive after the rows without moving them', async ({ page, request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Farol do Norte',
        jerseys: [
          { model: 'Titular', season: 2025 },
          { model: 'Reserva', season: 2025 },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  await castVotes(request, {
    voter: visitor(),
    team: team.slug,
    count: 3,
    choose: preferring(team.jerseys.map((j) => j.id)),
  });
  await waitForRanking(request, {}, (r) => r.items.length > 0);

  const release = await holdFile(page, /\/ranking-pickers-[^/]*\.js$/);
  await page.goto('/app/rankings');
  const list = page.getByRole('list', { name: 'Camisas por posição no ranking' });
  await expect(list).toBeVisible();
  // The stand-in shows the picker's label and value; the real picker is not there yet.
  await expect(page.getByText('Todas as regiões')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Região' })).toHaveCount(0);
  const before = await list.boundingBox();

  release();
  const region = page.getByRole('combobox', { name: 'Região' });
  await expect(region).toBeVisible();
  await expect(region).toHaveValue('Todas as regiões');
  await expect(page.getByRole('switch', { name: /Ranking neutro/ })).toBeVisible();
  expect(await list.boundingBox()).toEqual(before);
});

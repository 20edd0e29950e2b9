/**
 * The public tournament screens on a phone (390 px): the list's sections, the bracket one round at a
 * time with its picker (axe on them: a11y.spec.ts). The tournaments are made through the API as the
 * seeded admin; nobody votes here (tournament votes count in the global ranking: see the voting projects).
 */
import { seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { closeRound, createTournament, waitForRound } from './support/tournaments.ts';

test('tournaments at 390 px: the list by status, the bracket with a round picker', async ({ page, request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      { name: 'Aurora', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Titular', season })) },
      { name: 'Cobalto', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Reserva', season })) },
    ],
  });
  const jerseyIds = cat.teams.flatMap((team) => team.jerseys.map((j) => j.id));
  const ongoingName = `Copa Celular ${cat.suffix}`;
  const upcomingName = `Taça Futura ${cat.suffix}`;
  const ongoing = await createTournament(request, { namePt: ongoingName, size: 8, jerseyIds });
  await createTournament(request, {
    namePt: upcomingName,
    size: 4,
    jerseyIds,
    // Soon, so it leads the upcoming section (the next to start comes first).
    startsAt: new Date(Date.now() + 2 * 3600_000),
  });
  // Drawn at the start; closing the quarter-finals early (no votes: decided by the ranking) opens the semis.
  await waitForRound(request, ongoing.slug, 1);
  await closeRound(request, ongoing.id, 1);
  await waitForRound(request, ongoing.slug, 2);

  await page.goto('/app/torneios');
  await expect(page.getByRole('heading', { level: 1, name: 'Torneios' })).toBeVisible();
  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(section('Em andamento').getByRole('link', { name: new RegExp(ongoingName) })).toBeVisible();
  await expect(section('Em andamento').getByRole('link', { name: new RegExp(ongoingName) })).toContainText(
    'Rodada atual: Semifinal',
  );
  await expect(section('Próximos').getByRole('link', { name: new RegExp(upcomingName) })).toBeVisible();
  await expect(section('Encerrados').getByRole('link', { name: new RegExp(ongoingName) })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await section('Em andamento')
    .getByRole('link', { name: new RegExp(ongoingName) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/torneios/${ongoing.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: ongoingName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Votar nesta rodada' })).toHaveAttribute(
    'href',
    `/app/torneios/${ongoing.slug}/votar`,
  );

  // One round at a time: the open one first.
  const picker = page.getByRole('textbox', { name: 'Rodada' }).or(page.getByRole('combobox', { name: 'Rodada' }));
  await expect(picker.first()).toHaveValue('Semifinal');
  const round = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(round('Semifinal').getByRole('listitem')).toHaveCount(2);
  await expect(round('Semifinal')).toContainText('Placar revelado ao fim da rodada');
  await expect(round('Quartas de final')).toHaveCount(0);

  await page.getByRole('button', { name: 'Rodada anterior' }).click();
  await expect(picker.first()).toHaveValue('Quartas de final');
  await expect(round('Quartas de final').getByRole('listitem')).toHaveCount(4);
  await expect(round('Quartas de final').getByText('decidido pelo ranking')).toHaveCount(4);
  await expect(round('Semifinal')).toHaveCount(0);

  await picker.first().click();
  await page.getByRole('option', { name: 'Final', exact: true }).click();
  await expect(round('Final').getByText('A definir')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // Each jersey links to its page.
  await page.getByRole('button', { name: 'Rodada anterior' }).click();
  await round('Semifinal').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/camisas\/time\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Torneios' })).toBeVisible();
  await expect(page.getByRole('link', { name: ongoingName })).toBeVisible();
  await expect(page.getByText(/^Ainda na disputa — Semifinal$/)).toBeVisible();
});

test('wide screens: the bracket as columns, and the round’s duel', async ({ page, request }) => {
  const cat = await seedCatalogue(request, {
    teams: [{ name: 'Delta', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Titular', season })) }],
  });
  const name = `Copa Larga ${cat.suffix}`;
  const t = await createTournament(request, {
    namePt: name,
    size: 4,
    jerseyIds: cat.teams[0]!.jerseys.map((j) => j.id),
  });
  await waitForRound(request, t.slug, 1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/torneios/${t.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // No picker: every round side by side, the final not drawn yet.
  await expect(page.getByRole('combobox', { name: 'Rodada' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Semifinal', exact: true }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Final', exact: true }).getByText('A definir')).toHaveCount(2);

  // Opening the round's duel does not vote (tournament votes belong to the voting projects).
  await page.getByRole('link', { name: 'Votar nesta rodada' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/torneios/${t.slug}/votar$`));
  await expect(page.getByText('Semifinal · Confronto 1 de 2')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Duelo: .+ contra .+$/ })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('link', { name: 'Ver a chave' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/torneios/${t.slug}$`));

  // The header's navigation leads to the list.
  await page.getByRole('banner').getByRole('link', { name: 'Torneios' }).click();
  await expect(page).toHaveURL(/\/app\/torneios$/);
});

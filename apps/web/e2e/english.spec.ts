/**
 * A visitor reading in English walks every public screen and never meets the catalogue in Portuguese:
 * teams and models by their English names, descriptions and credits written in English, no Portuguese
 * interface word (docs/decisions/0035-catalogue-in-two-languages.md).
 *
 * Other journeys fill the same database with Portuguese-only records at the same time, so the screens of
 * the whole catalogue (home duel, lists, global ranking) are checked for this test's own records and the
 * interface's words; the screens of this test's team, jersey and tournament are checked whole.
 */
import type { Page } from '@playwright/test';
import { seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForRanking } from './support/rankings.ts';
import { createTournament, waitForRound } from './support/tournaments.ts';

/** Words of the Portuguese interface and of the generated texts an English page must not show. */
const INTERFACE_PT = [
  'Camisa',
  'Camisas',
  'Temporada',
  'Fornecedor',
  'Patrocínio',
  'Cor principal',
  'Ilustração',
  'fornecida',
  'Torneio',
  'Torneios',
  'Rodada',
  'Duelo',
  'Sistema',
  'Entrar',
  'Ranking do',
  'Ranking da',
  'torcida',
  'Voltar',
];
/** Catalogue words in Portuguese: the demo's and this test's models, teams with an English name. */
const CATALOGUE_PT = ['Titular', 'Reserva', 'Goleiro', 'Especial', 'Terceira', 'Alemanha', 'Itália', 'Holanda'];

async function expectNoneOf(page: Page, words: readonly string[]) {
  const text = await page.locator('body').innerText();
  const found = words.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
  expect(found, `Portuguese on ${page.url()}`).toEqual([]);
}

test('an English visitor reads every public screen in English, the catalogue by its English names', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Alemanha',
        nameEn: 'Germany',
        article: 'a',
        category: 'national',
        jerseys: [
          { model: 'Titular', season: 2024, masterSponsor: 'Telekom' },
          { model: 'Reserva', season: 2024 },
          { model: 'Titular', season: 2022 },
          { model: 'Reserva', season: 2022 },
        ],
      },
    ],
    modelsEn: { Titular: 'Home', Reserva: 'Away' },
  });
  const team = cat.teams[0]!;
  const germany = `Germany ${cat.suffix}`;
  const ours = [team.name, ...Object.values(cat.models).map((m) => m.name)];
  const jersey = team.jerseys[0]!;
  const tournament = await createTournament(request, {
    namePt: `Copa das Seleções ${cat.suffix}`,
    nameEn: `National Teams Cup ${cat.suffix}`,
    descriptionPt: 'Quatro camisas, um campeão.',
    descriptionEn: 'Four jerseys, one champion.',
    size: 4,
    jerseyIds: team.jerseys.map((j) => j.id),
  });
  await castVotes(request, {
    voter: visitor(),
    team: team.slug,
    count: 6,
    choose: preferring(team.jerseys.map((j) => j.id)),
  });
  await waitForRanking(request, { team: team.slug }, (r) => r.fittedAt !== null && r.items.length === 4);
  await waitForRound(request, tournament.slug, 1);

  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const visit = async (path: string, heading: { name: string; level: 1 }) => {
    await page.goto(`/app${path}`);
    await expect(page.getByRole('heading', heading).first()).toBeVisible();
  };

  // This test's team, jersey and tournament: whole screens.
  await visit(`/camisas/time/${team.slug}`, { name: germany, level: 1 });
  await expect(page.getByText(`Home ${cat.suffix}`).first()).toBeVisible();
  await expectNoneOf(page, [...INTERFACE_PT, ...CATALOGUE_PT, ...ours]);

  await visit(`/camisas/time/${team.slug}/${jersey.slug}`, { name: `${germany} 2024`, level: 1 });
  await expect(
    page.getByText(`${germany} home ${cat.suffix} jersey, 2024, made by Marca ${cat.suffix}. Sponsor: Telekom.`),
  ).toBeVisible();
  await expectNoneOf(page, [...INTERFACE_PT, ...CATALOGUE_PT, ...ours]);

  await visit(`/rankings/times/${team.slug}`, { name: `${germany} ranking`, level: 1 });
  await expectNoneOf(page, [...INTERFACE_PT, ...CATALOGUE_PT, ...ours]);

  await visit(`/comparar/times/${team.slug}`, { name: `Duel: ${germany}`, level: 1 });
  await expectNoneOf(page, [...INTERFACE_PT, ...CATALOGUE_PT, ...ours]);

  await visit(`/torneios/${tournament.slug}`, { name: `National Teams Cup ${cat.suffix}`, level: 1 });
  await expect(page.getByText('Four jerseys, one champion.')).toBeVisible();
  await expectNoneOf(page, [...INTERFACE_PT, ...CATALOGUE_PT, ...ours, tournament.namePt]);

  // Screens of the whole catalogue: the interface's words, and this test's records by their English names.
  for (const [path, heading] of [
    ['/', 'Global duel'],
    ['/comparar/times', 'Compare by team'],
    ['/rankings', 'Global ranking'],
    ['/rankings/times', 'Team ranking'],
    ['/rankings/como-funciona', 'How the ranking works'],
    ['/camisas', 'Jerseys'],
    ['/torneios', 'Tournaments'],
    ['/termos', 'Manto terms of use'],
    ['/privacidade', 'Privacy'],
  ] as const) {
    await visit(path, { name: heading, level: 1 });
    await expectNoneOf(page, [...INTERFACE_PT, ...ours, tournament.namePt]);
  }
  await page.goto(`/app/camisas?busca=${encodeURIComponent('germany')}`);
  await expect(page.getByRole('link', { name: new RegExp(germany) }).first()).toBeVisible();
});

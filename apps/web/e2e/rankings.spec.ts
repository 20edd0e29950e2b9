import { readFile } from 'node:fs/promises';
import type { JerseyRating } from '@manto/contracts';
import { type SeededCatalogue, type SeededJersey, seedCatalogue } from './support/catalogue.ts';
import { expect, newUser, registerUser, signIn, test, type TestUser } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForJerseyRating, waitForRanking } from './support/rankings.ts';
import { openInApp } from './support/navigation.ts';

// One catalogue for the file: a team of four jerseys that visitors rank in a strict order
// (2024 Titular > 2024 Reserva > 2023 Titular > 2022 Reserva), fitted by the job every 2 s.
test.describe.configure({ mode: 'serial' });

let cat: SeededCatalogue;
let ordered: SeededJersey[];
let teamName: string;
let teamSlug: string;
const TABLE = 'Camisas por posição no ranking';

test.beforeAll(async ({ request }) => {
  cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Aurora FC',
        jerseys: [
          { model: 'Titular', season: 2024, supplier: 'Marca' },
          { model: 'Reserva', season: 2024, supplier: 'Marca' },
          { model: 'Titular', season: 2023, supplier: 'Outra' },
          { model: 'Reserva', season: 2022, supplier: 'Outra' },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  ordered = team.jerseys;
  teamName = team.name;
  teamSlug = team.slug;
  const choose = preferring(ordered.map((j) => j.id));
  // Three visitors answer every pair of the team (6 pairs) at least once.
  await Promise.all(
    [visitor(), visitor(), visitor()].map((voter) => castVotes(request, { voter, team: teamSlug, count: 7, choose })),
  );
  await waitForRanking(request, { team: teamSlug }, (r) => r.items.length === 4 && r.fittedAt !== null);
  // A second round, so the jerseys have a global score history of at least two snapshots.
  await castVotes(request, { voter: visitor(), team: teamSlug, count: 4, choose });
  await waitForJerseyRating(request, ordered[0]!.id, (r) => r.history.length >= 2 && r.team !== null);
});

test('the global ranking lists the voted jerseys with interval bars, and filters narrow the rows', async ({ page }) => {
  await page.goto('/app/rankings');
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking global' })).toBeVisible();
  await expect(page.getByText(/Atualizado (agora|há )/)).toBeVisible();
  const table = page.getByRole('table', { name: TABLE });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Melhor posição possível/ })).toBeVisible();
  await expect(table.getByRole('button', { name: 'O que é a melhor posição possível?' })).toBeVisible();

  // Model filter, chosen from the options the ranking offers; it lands in the URL.
  await page.getByRole('combobox', { name: 'Modelo' }).click();
  await page.getByRole('option', { name: cat.models['Titular']!.name }).click();
  await expect(page).toHaveURL(new RegExp(`modelo=${cat.models['Titular']!.slug}`));
  const links = table.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toContainText(`${teamName} 2024`);
  await expect(links.nth(1)).toContainText(`${teamName} 2023`);
  await expect(table.getByRole('img', { name: /^Margem de erro: de -?\d+ a -?\d+ \(95% de confiança\)$/ })).toHaveCount(
    2,
  );
  await expect(table.getByText('Provisório').first()).toBeVisible();

  // A second filter narrows further; a reload keeps both.
  await page.getByRole('combobox', { name: 'Fornecedor' }).click();
  await page.getByRole('option', { name: cat.suppliers['Outra']!.name }).click();
  await expect(links).toHaveCount(1);
  await page.reload();
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText(`${teamName} 2023`);

  // No match: an empty state with a way out.
  await page.goto(
    `/app/rankings?modelo=${cat.models['Titular']!.slug}&fornecedor=${cat.suppliers['Outra']!.slug}&de=2024`,
  );
  await expect(page.getByRole('heading', { name: 'Nenhuma camisa encontrada' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
  await expect(page).toHaveURL(/\/app\/rankings$/);
  await expect(table).toBeVisible();

  // The same screen in English.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Global ranking' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Jerseys by ranking position' })).toBeVisible();
});

test('the team list shows the leader and opens the team ranking in preference order', async ({ page }) => {
  await page.goto('/app/rankings/times');
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking por time' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar time' }).fill(cat.suffix);
  await expect(page).toHaveURL(new RegExp(`busca=${cat.suffix}`));
  const teamLink = page.getByRole('link', { name: teamName, exact: true });
  await expect(teamLink).toBeVisible();
  // The previous (unfiltered) list stays on screen while the search loads: wait for this team alone.
  await expect(page.getByText('Líder')).toHaveCount(1);
  await expect(page.getByText('4 camisas')).toBeVisible();
  await expect(page.getByText(`2024 · ${cat.models['Titular']!.name}`)).toBeVisible();

  await teamLink.click();
  await expect(page).toHaveURL(new RegExp(`/app/rankings/times/${teamSlug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Ranking do ${teamName}` })).toBeVisible();
  const table = page.getByRole('table', { name: TABLE });
  const links = table.getByRole('link');
  await expect(links).toHaveCount(4);
  const expected = [
    `2024${cat.models['Titular']!.name}`,
    `2024${cat.models['Reserva']!.name}`,
    `2023${cat.models['Titular']!.name}`,
    `2022${cat.models['Reserva']!.name}`,
  ];
  for (const [i, text] of expected.entries()) await expect(links.nth(i)).toContainText(text);
  const first = table
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  await expect(first.getByRole('cell').first()).toHaveText('1');
  await expect(first.getByRole('link')).toContainText(expected[0]!);
  await expect(table.getByRole('img', { name: /^Margem de erro/ })).toHaveCount(4);

  // The jersey link opens the jersey page.
  await links.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/app/camisas/time/${teamSlug}/${ordered[0]!.slug}$`));
});

test('the jersey page shows its standings and its score over time', async ({ page, request }) => {
  await page.goto(`/app/camisas/time/${teamSlug}/${ordered[0]!.slug}`);
  const section = page.getByRole('region', { name: 'Posição no ranking' });
  await expect(section).toBeVisible();
  const inTeam = section.getByRole('region', { name: `Ranking do ${teamName}` });
  await expect(inTeam.getByText('1º de 4')).toBeVisible();
  await expect(inTeam.getByText('Pode chegar a 1º')).toBeVisible();
  await expect(inTeam.getByText('Provisório')).toBeVisible();
  const global = section.getByRole('region', { name: 'Ranking global' });
  // Other journeys add jerseys and votes to the global ranking meanwhile: the page agrees with the API's
  // answer at the moment it was drawn, so read the API after the page and compare both ways.
  const shown = (await global.getByText(/^\d+º de \d+$/).textContent())!;
  const rating = (await (await request.get(`/api/rankings/jerseys/${ordered[0]!.id}`)).json()) as JerseyRating;
  const [rank, of] = shown.match(/\d+/g)!.map(Number) as [number, number];
  expect(of).toBeLessThanOrEqual(rating.global!.of);
  expect(rank).toBeGreaterThanOrEqual(1);
  expect(rank).toBeLessThanOrEqual(of);
  await expect(global.getByText(/\d+ V · \d+ D · \d+ E/)).toBeVisible();
  await expect(section.getByRole('img', { name: /^Pontuação global ao longo do tempo/ })).toBeVisible();

  await inTeam.getByRole('link', { name: 'Ver ranking do time' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/rankings/times/${teamSlug}$`));
});

test('a member who voted sees the history and the agreement with the crowd on the profile', async ({
  page,
  request,
}) => {
  const member: TestUser = await registerUser(request, newUser('ranking-voter'));
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const before = await waitForRanking(request, {}, (r) => r.fittedAt !== null);
  await castVotes(request, {
    voter: { accessToken },
    team: teamSlug,
    count: 6,
    choose: preferring(ordered.map((j) => j.id)),
  });
  // The global ranking has counts (only segment rankings have none).
  await waitForRanking(request, {}, (r) => r.votes! >= before.votes! + 6);

  await signIn(page, member);
  await page.goto('/app/auth/perfil');
  const history = page.getByRole('region', { name: 'Meus votos' });
  await expect(history).toBeVisible();
  await expect(history.getByRole('heading', { name: 'Você vs a galera' })).toBeVisible();
  await expect(history.getByText('6 votos no total', { exact: false })).toBeVisible();
  await expect(history.getByText(/^Escolheu /)).toHaveCount(6);
  await expect(history.getByText('A galera concorda').first()).toBeAttached();
  await expect(history.getByText(/^\d+%$/)).toBeVisible();
});

test('the export buttons download the snapshot and the anonymised votes as CSV and JSON', async ({ page }) => {
  await page.goto(`/app/rankings/times/${teamSlug}`);
  await expect(page.getByRole('table', { name: TABLE })).toBeVisible();
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  };

  const csv = await download('Baixar ranking em CSV');
  expect(csv.name).toBe(`manto-ranking-${teamSlug}.csv`);
  const lines = csv.text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'rank,rank_ub,jersey_id,team,model,supplier,season,score,lower,upper,votes,wins,losses,ties,provisional,' +
      'last_vote_id,fit_votes',
  );
  expect(lines).toHaveLength(5);
  expect(lines[1]).toContain(ordered[0]!.id);

  const json = await download('Baixar ranking em JSON');
  expect(json.name).toBe(`manto-ranking-${teamSlug}.json`);
  const snapshot = JSON.parse(json.text) as { scope: string; rows: { jersey_id: string }[] };
  expect(snapshot.scope).toBe(teamSlug);
  expect(snapshot.rows.map((r) => r.jersey_id)).toEqual(ordered.map((j) => j.id));

  const votesCsv = await download('Baixar votos em CSV');
  expect(votesCsv.name).toBe('manto-votes.csv');
  expect(votesCsv.text.split(/\r?\n/)[0]).toBe('id,scope,left_id,right_id,outcome,skip_reason,answered_at,valid');

  const votesJson = await download('Baixar votos em JSON');
  const votes = JSON.parse(votesJson.text) as Record<string, unknown>[];
  expect(votes.length).toBeGreaterThan(20);
  expect(Object.keys(votes[0]!)).toEqual([
    'id',
    'scope',
    'left_id',
    'right_id',
    'outcome',
    'skip_reason',
    'answered_at',
    'valid',
  ]);
  expect(votesJson.text).not.toMatch(/voter|user_id|ip_hash|user_agent/);
});

test('before the first fit the ranking says it is being calculated; a failure offers Tentar Novamente', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 503/);
  await page.route('**/api/rankings?**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        items: [],
        total: 0,
        page: 1,
        pageSize: 50,
        team: null,
        fittedAt: null,
        votes: 0,
        axis: null,
        models: [],
        suppliers: [],
        seasons: null,
        segment: null,
      }),
    }),
  );
  await openInApp(page, '/app/rankings');
  await expect(page.getByRole('heading', { name: 'O ranking ainda está sendo calculado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para os duelos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar ranking em CSV' })).toBeVisible();

  await page.unroute('**/api/rankings?**');
  let fail = true;
  await page.route('**/api/rankings?**', async (route) => {
    if (fail)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Serviço indisponível' }),
      });
    else await route.continue();
  });
  await openInApp(page, `/app/rankings/times/${teamSlug}`);
  await expect(page.getByRole('heading', { name: 'Erro' })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(page.getByRole('table', { name: TABLE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Erro' })).toHaveCount(0);
});

test('an unknown team ranking is the not-found screen', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/app/rankings/times/time-que-nao-existe');
  await expect(page.getByText('404')).toBeVisible();
});

import type { JerseyRating, Profile } from '@manto/contracts';
import { type SeededJersey, type SeededTeam, seedCatalogue } from './support/catalogue.ts';
import { expect, signIn, test } from './support/fixtures.ts';
import { waitForJerseyRating, waitForRanking } from './support/rankings.ts';
import { type Fan, SEGMENT_MIN_VOTERS, makeFanbase, makeVoters } from './support/segments.ts';

// Rankings by who voted (docs/segments.md). One team of four jerseys: its ten fans (the stack's threshold)
// rank them one way, other members the other way round, so the fans' ranking, the neutral one and the jersey
// page's comparison all show the home crowd's bias. Segment rankings give scores and intervals, never vote
// counts. The opt-outs come last: together they are a batch, and take the fanbase below the threshold.
test.describe.configure({ mode: 'serial' });

const TABLE = 'Camisas por posição no ranking';
const NEUTRAL = 'Ranking neutro (sem votos da própria torcida)';
const PRIVACY = 'Poucos torcedores neste grupo';

let team: SeededTeam;
let ordered: SeededJersey[];
let fans: Fan[];

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Segmento FC',
        jerseys: [
          { model: 'Titular', season: 2025 },
          { model: 'Reserva', season: 2025 },
          { model: 'Titular', season: 2024 },
          { model: 'Reserva', season: 2024 },
        ],
      },
    ],
  });
  team = cat.teams[0]!;
  ordered = team.jerseys;
  const order = ordered.map((j) => j.id);
  // Other members (from Portugal, fans of another team) see it the other way round: their votes make the
  // neutral ranking, and six of them are too few for Portugal to be shown.
  const [made] = await Promise.all([
    makeFanbase(request, { teamSlug: team.slug, count: SEGMENT_MIN_VOTERS, order }),
    makeVoters(request, {
      teamSlug: team.slug,
      count: 6,
      order: [...order].reverse(),
      prefix: 'neutral',
      profile: { state: 'Lisboa', country: 'Portugal' },
    }),
  ]);
  fans = made;
  // The job fits the fanbase once its ten voters are in, and the neutral ranking with the visitors' votes.
  await waitForRanking(
    request,
    { segment: `fans:${team.slug}` },
    (r) => r.segment?.available === true && r.items.length === ordered.length,
    60_000,
  );
  await waitForJerseyRating(request, ordered[0]!.id, (r) => r.neutral !== null && r.ownFans !== null, 60_000);
});

test('the neutral switch and the region picker narrow the global ranking, kept in the URL', async ({ page }) => {
  await page.goto('/app/rankings');
  const neutral = page.getByRole('switch', { name: NEUTRAL });
  await expect(neutral).not.toBeChecked();
  // Controlled by the URL: the switch turns on once the navigation has happened.
  await neutral.click();
  await expect(neutral).toBeChecked();
  await expect(page).toHaveURL(/[?&]neutro=1$/);
  await expect(page.getByText(/^Sem o voto de cada membro nos duelos com camisas do próprio time/)).toBeVisible();
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByRole('link').filter({ hasText: team.name }).first()).toBeVisible();
  await expect(table.getByRole('img', { name: /^Margem de erro/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar ranking em CSV' })).toHaveAttribute(
    'href',
    '/api/rankings/export?segment=neutral&format=csv',
  );

  // A reload keeps it; the export is the neutral snapshot.
  await page.reload();
  await expect(page.getByRole('switch', { name: NEUTRAL })).toBeChecked();
  const csv = await page.request.get('/api/rankings/export?segment=neutral&format=csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(ordered[0]!.id);

  // No vote counts in a segment ranking (docs/segments.md): no votes column, and the status line says so.
  await expect(table.getByRole('columnheader', { name: 'Votos' })).toHaveCount(0);
  await expect(page.getByText(/sem contagem de votos/)).toBeVisible();

  // The fans live in Brazil: their country is a region; choosing it turns neutral off. (Their state may be
  // hidden by complementary suppression, depending on the other journeys' members from Brazil.)
  await page.getByRole('combobox', { name: 'Região' }).click();
  await page.getByRole('option', { name: 'Brasil', exact: true }).click();
  await expect(page).toHaveURL(/[?&]regiao=BR$/);
  await expect(page.getByRole('switch', { name: NEUTRAL })).not.toBeChecked();
  await expect(page.getByText('Só os votos de membros desta região (Brasil), segundo o perfil deles.')).toBeVisible();
  await expect(page.getByRole('table', { name: TABLE })).toBeVisible();
  await expect(page.getByText(/\d+ votantes/)).toBeVisible();

  // Portugal has six voters, fewer than the threshold: nothing of it is shown.
  await page.goto('/app/rankings?regiao=PT');
  await expect(page.getByRole('heading', { name: PRIVACY })).toBeVisible();
  await expect(
    page.getByText(`Menos de ${SEGMENT_MIN_VOTERS} pessoas deste grupo votaram, ou o grupo quase coincide`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the fanbase ranking: from the rankings and the team pages, with its voters and export', async ({ page }) => {
  await page.goto('/app/rankings');
  const fanbases = page.getByRole('navigation', { name: 'Rankings por torcida' });
  await fanbases.getByRole('link', { name: `O que a torcida do ${team.name} acha` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/rankings/torcidas/${team.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `O que a torcida do ${team.name} acha` })).toBeVisible();
  await expect(page.getByText(`${SEGMENT_MIN_VOTERS} votantes`, { exact: false })).toBeVisible();
  // The fans' order is theirs: the jersey they prefer first.
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByRole('link')).toHaveCount(ordered.length);
  const first = table
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  await expect(first.getByRole('link')).toHaveAttribute('href', new RegExp(`${ordered[0]!.slug}$`));
  await expect(page.getByRole('link', { name: 'Baixar ranking em JSON' })).toHaveAttribute(
    'href',
    `/api/rankings/export?segment=fans%3A${team.slug}&format=json`,
  );

  await page.goto(`/app/rankings/times/${team.slug}`);
  await page.getByRole('link', { name: `O que a torcida do ${team.name} acha` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/rankings/torcidas/${team.slug}$`));
  await page.goto(`/app/camisas/time/${team.slug}`);
  await page.getByRole('link', { name: `O que a torcida do ${team.name} acha` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `O que a torcida do ${team.name} acha` })).toBeVisible();
});

test('the jersey page compares the global, neutral and own fans scores on one axis', async ({ page, request }) => {
  const rating = (await (await request.get(`/api/rankings/jerseys/${ordered[0]!.id}`)).json()) as JerseyRating;
  // The fans like their first jersey more than everyone does, and everyone more than the neutral crowd.
  expect(rating.ownFans!.score).toBeGreaterThan(rating.global!.score);
  expect(rating.neutral!.score).toBeLessThan(rating.global!.score);

  await page.goto(`/app/camisas/time/${team.slug}/${ordered[0]!.slug}`);
  const block = page.getByRole('region', { name: 'Quem vota faz diferença?' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('img', { name: /^Margem de erro/ })).toHaveCount(3);
  await expect(block.getByText(/^Ranking global \d+º de \d+$/)).toBeVisible();
  await expect(block.getByText(/^Ranking neutro \d+º de \d+$/)).toBeVisible();
  await expect(block.getByText(new RegExp(`^Torcida do ${team.name} 1º de ${ordered.length}$`))).toBeVisible();
  await expect(
    block.getByText(new RegExp(`^\\+\\d+ entre a torcida do ${team.name} · -\\d+ no ranking neutro$`)),
  ).toBeVisible();
  await block.getByRole('link', { name: 'Ver o que a torcida acha' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/rankings/torcidas/${team.slug}$`));
});

test('fans opt out: alone a change waits for its batch; ten together take the fanbase below the threshold', async ({
  page,
  request,
}) => {
  const fan = fans[0]!;
  await signIn(page, fan);
  await page.goto('/app/auth/perfil');
  const optOut = page.getByRole('checkbox', {
    name: 'Não usar meu time e minha região nas estatísticas por torcida e região',
  });
  await expect(optOut).not.toBeChecked();
  await expect(page.getByText('Seus votos continuam contando nos rankings global, neutro e dos times.')).toBeVisible();
  await expect(page.getByText('junto com a de outras pessoas, o que pode levar alguns dias.')).toBeVisible();
  await optOut.click();
  await expect(optOut).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado.')).toBeVisible();
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${fan.accessToken}` } });
  expect(((await me.json()) as Profile).segmentOptOut).toBe(true);
  await page.reload();
  await expect(optOut).toBeChecked();

  // The other nine opt out too: ten changes are a batch (the threshold), applied together at the next fit,
  // and with no fan left the fanbase is not shown any more.
  for (const other of fans.slice(1)) {
    const res = await request.patch('/api/me', {
      headers: { authorization: `Bearer ${other.accessToken}` },
      data: { segmentOptOut: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await waitForRanking(request, { segment: `fans:${team.slug}` }, (r) => r.segment?.available === false, 60_000);
  await page.goto(`/app/rankings/torcidas/${team.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `O que a torcida do ${team.name} acha` })).toBeVisible();
  await expect(page.getByRole('heading', { name: PRIVACY })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

/**
 * Accessibility, in one place: every screen and state below is scanned by axe once (no serious or critical
 * WCAG 2 A/AA violation: expectNoSeriousA11yViolations in support/fixtures.ts). A menu or dialog opened
 * over a screen scanned on its own is scanned alone. The journeys themselves scan nothing. Each test makes its own data through the API, so the tests spread over the workers and
 * hold whatever other journeys do at the same time.
 *
 * Desktop (1280 × 800):
 *  - Home; home with the Idioma, Tema and Conta menus open; home in dark.
 *  - Login; register.
 *  - Privacy (pt, en); terms of use (/app/termos); how the ranking works (/app/rankings/como-funciona).
 *  - Feedback form (footer dialog, filled in).
 *  - Search (header dialog) with results, and with none.
 *  - Profile of a member (light, dark); the delete-account dialog; profile with a vote history.
 *  - Meu ranking of a visitor with 30 votes; the dialog that keeps them on signing in.
 *  - A member's collection: the jersey page's "Tenho" and "Quero" (a visitor's, a member's with size and
 *    price), the profile's section with its public link, the public collection page.
 *  - Shop list; shop product.
 *  - Team chooser; team duel before and after a vote; a team without duels; team duel after a vote (dark).
 *  - Global ranking; team rankings list; team ranking; jersey page with its standings and history.
 *  - Ranking before the first fit (played answer).
 *  - Neutral ranking; a region below the threshold; a fanbase below the threshold.
 *  - Fanbase ranking; jersey page comparing global, neutral and own fans.
 *  - Tournament bracket as columns; a tournament round's duel.
 *  - Sistema: feedback list (and as cards at 390 px) and detail; users list (and as cards at 390 px), user detail,
 *    Acesso Negado for a Moderator; audit trail (and as cards at 390 px); teams, jerseys, models, suppliers, products
 *    and tournaments as cards at 390 px; products list, product form, new product with errors; tournaments list, new
 *    tournament with its preview, close-round confirmation, list after the early close; terms list, new version's
 *    preview (English); the re-consent dialog (played `termsPending`); Votos suspeitos as the API has it,
 *    with a flag (played), the restore dialog, restored (light, dark), open (dark).
 * Phone (390 × 844, touch):
 *  - Navigation drawer open.
 *  - Team duel after a tap.
 *  - Team ranking with the filters open; global ranking with its pickers loading, then loaded.
 *  - Tournament list; bracket with its round picker.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminToken, seedCatalogue, uniqueSuffix } from './support/catalogue.ts';
import { duelBoard, duelSides, pairOnScreen, voteBy } from './support/duels.ts';
import {
  ADMIN,
  APP_URL,
  expect,
  expectNoSeriousA11yViolations as scan,
  holdFile,
  newUser,
  registerUser,
  signIn,
  test,
  testAddress,
  type TestUser,
} from './support/fixtures.ts';
import { openInApp } from './support/navigation.ts';
import { castVotes, preferring, visitor, waitForJerseyRating, waitForRanking } from './support/rankings.ts';
import { SEGMENT_MIN_VOTERS, makeFanbase, makeVoters } from './support/segments.ts';
import { seedProducts, shopTag } from './support/shop.ts';
import { productBody, seedProduct } from './support/sistema-products.ts';
import { closeRound, createTournament, pickJerseys, waitForRound } from './support/tournaments.ts';

// One test per screen or small group, spread over the workers whatever the config's fullyParallel says.
test.describe.configure({ mode: 'parallel' });

const TABLE = 'Camisas por posição no ranking';
const PRIVACY = 'Poucos torcedores neste grupo';
const four = (model: string) => [2024, 2023, 2022, 2021].map((season) => ({ model, season }));

/** A second browser signed in as `user`, from an address of the test's own (as the test's page). */
async function signedInPage(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    extraHTTPHeaders: { 'x-forwarded-for': testAddress(test.info().workerIndex) },
  });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** A team of `jerseys` ranked by visitors in the listed order, fitted. */
async function rankedTeam(request: APIRequestContext, name: string, jerseys: { model: string; season: number }[]) {
  const cat = await seedCatalogue(request, { teams: [{ name, jerseys }] });
  const team = cat.teams[0]!;
  const choose = preferring(team.jerseys.map((j) => j.id));
  // Two visitors answer every pair of the team at least once between them.
  await Promise.all(
    [visitor(), visitor()].map((voter) =>
      castVotes(request, { voter, team: team.slug, count: jerseys.length + 1, choose }),
    ),
  );
  await waitForRanking(request, { team: team.slug }, (r) => r.items.length === jerseys.length && r.fittedAt !== null);
  return { cat, team };
}

test.describe('public screens', () => {
  test('home and its header menus', async ({ page }) => {
    await page.goto('/app/');
    await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
    await scan(page, 'home');
    for (const name of ['Idioma', 'Tema', 'Conta']) {
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await scan(page, `home, menu '${name}' open`, { soft: true, within: '[role="menu"]' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
  });

  test('login and register', async ({ page }) => {
    await page.goto('/app/auth/login');
    await expect(page.getByRole('link', { name: 'Entrar com Google' })).toBeVisible();
    await scan(page, 'login');
    await page.goto('/app/auth/registrar');
    await expect(page.getByRole('combobox', { name: 'Time do coração' })).toBeEnabled();
    await scan(page, 'register');
  });

  test('privacy in pt and en, the terms of use, and how the ranking works', async ({ page }) => {
    await page.goto('/app/rankings/como-funciona');
    await expect(page.getByRole('region', { name: 'A margem de erro' })).toContainText('95% de confiança');
    await scan(page, 'how the ranking works');
    await page.goto('/app/privacidade');
    await expect(page.getByRole('region', { name: 'De onde veio cada voto' })).toContainText('30 dias');
    await scan(page, 'privacy (pt)');
    await page.goto('/app/termos');
    await expect(page.getByText(/^O Manto é uma comunidade de fãs/)).toBeVisible();
    await scan(page, 'termos');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/app/privacidade');
    await expect(page.getByRole('region', { name: 'Where each vote came from' })).toContainText('30 days');
    await scan(page, 'privacy (en)');
  });

  test('the feedback form', async ({ page }) => {
    await page.goto('/app/rankings');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar feedback' }).click();
    const form = page.getByRole('dialog', { name: 'Enviar feedback' });
    await form.getByRole('radio', { name: 'Bug' }).check();
    await form.getByRole('textbox', { name: /^Título/ }).fill('Placar some no celular');
    await form.getByRole('textbox', { name: /^Mensagem/ }).fill('No ranking, o placar some quando giro o celular.');
    await form.getByRole('textbox', { name: /^E-mail para resposta/ }).fill('visitante@example.com');
    await scan(page, 'feedback form', { within: '[role="dialog"]' });
  });

  test('the search with results and with none', async ({ page, request }) => {
    const cat = await seedCatalogue(request, { teams: [{ name: 'Nébula', jerseys: four('Titular') }] });
    await page.goto('/app/rankings');
    await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
    const search = page.getByRole('dialog', { name: 'Buscar' });
    await search.getByRole('combobox').fill(`nebula ${cat.suffix}`);
    await expect(search.getByRole('option')).toHaveCount(6);
    await scan(page, 'search with results', { within: '[role="dialog"]' });
    await search.getByRole('combobox').fill(`zzz${cat.suffix}`);
    await expect(search.getByText(/^Nada encontrado/)).toBeVisible();
    await scan(page, 'search without results', { within: '[role="dialog"]' });
  });

  test('shop list and product', async ({ page, request }) => {
    const tag = shopTag();
    const products = await seedProducts(request, tag);
    await page.goto(`/app/loja?busca=${tag}`);
    await expect(page.getByRole('article')).toHaveCount(products.length);
    await scan(page, 'shop list');
    await page.getByRole('link', { name: products[0]!.name }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
    await scan(page, 'shop product');
  });

  test('a tournament bracket as columns and its round duel', async ({ page, request }) => {
    const cat = await seedCatalogue(request, { teams: [{ name: 'Delta', jerseys: four('Titular') }] });
    const name = `Copa Larga ${cat.suffix}`;
    const t = await createTournament(request, {
      namePt: name,
      size: 4,
      jerseyIds: cat.teams[0]!.jerseys.map((j) => j.id),
    });
    await waitForRound(request, t.slug, 1);
    await page.goto(`/app/torneios/${t.slug}`);
    await expect(page.getByRole('region', { name: 'Final', exact: true }).getByText('A definir')).toHaveCount(2);
    await scan(page, 'bracket (1280 px)');
    await page.getByRole('link', { name: 'Votar nesta rodada' }).click();
    await expect(page.getByText('Semifinal · Confronto 1 de 2')).toBeVisible();
    await expect(duelBoard(page)).toHaveAttribute('aria-busy', 'false');
    await scan(page, 'tournament duel (1280 px)');
  });
});

test.describe('a member', () => {
  test('profile, light and dark, and the delete-account dialog', async ({ page, request }) => {
    const user = await registerUser(request, newUser('a11y'));
    await signIn(page, user);
    await page.goto('/app/auth/perfil');
    await expect(page.getByRole('region', { name: 'Excluir minha conta' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Não usar meu time e minha região/ })).toBeVisible();
    await scan(page, 'profile (light)');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(page.getByRole('dialog', { name: 'Excluir sua conta?' })).toBeVisible();
    await scan(page, 'delete account dialog', { within: '[role="dialog"]' });
    await page.evaluate(() => localStorage.setItem('manto-color-scheme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('region', { name: 'Seus dados' })).toBeVisible();
    await scan(page, 'profile (dark)');
  });

  test('profile with a vote history', async ({ page, request }) => {
    const member: TestUser = await registerUser(request, newUser('a11y-voter'));
    const { team } = await rankedTeam(request, 'Histórico FC', [
      { model: 'Titular', season: 2024 },
      { model: 'Reserva', season: 2024 },
      { model: 'Titular', season: 2023 },
    ]);
    const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const before = await waitForRanking(request, { team: team.slug }, (r) => r.fittedAt !== null);
    await castVotes(request, {
      voter: { accessToken },
      team: team.slug,
      count: 4,
      choose: preferring(team.jerseys.map((j) => j.id)),
    });
    // Fitted with the member's votes: the history compares them with the crowd.
    await waitForRanking(request, { team: team.slug }, (r) => r.votes! >= before.votes! + 4);
    await signIn(page, member);
    await page.goto('/app/auth/perfil');
    const history = page.getByRole('region', { name: 'Meus votos' });
    await expect(history.getByText(/^Escolheu /)).toHaveCount(4);
    await expect(history.getByRole('heading', { name: 'Você vs a galera' })).toBeVisible();
    await scan(page, 'profile vote history');
  });
});

test('meu ranking of a visitor, and the dialog that keeps their votes on signing in', async ({ page, request }) => {
  // Nine jerseys of its own: 36 pairs, enough for 30 duels whatever else the catalogue holds.
  await seedCatalogue(request, {
    teams: [
      { name: 'Meu Time', jerseys: [...four('Titular'), ...four('Reserva'), { model: 'Goleiro', season: 2024 }] },
    ],
  });
  const voter = visitor();
  await castVotes(request, { voter, count: 30, choose: () => 'left' });
  await page.addInitScript((id) => localStorage.setItem('manto.voterId', id), voter.voterId!);
  await page.goto('/app/rankings/meu');
  await expect(page.getByRole('list', { name: 'Meu ranking' })).toBeVisible();
  await scan(page, 'meu ranking');

  await signIn(page, await registerUser(request, newUser('a11y-keep')));
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Levar seus votos para a conta?' })).toBeVisible();
  await scan(page, 'keep votes dialog', { within: '[role="dialog"]' });
});

test.describe('a member’s collection', () => {
  test('the jersey page’s buttons, the profile’s section with its public link, and the public page', async ({
    page,
    browser,
    request,
  }) => {
    const cat = await seedCatalogue(request, {
      teams: [
        {
          name: 'Acervo FC',
          jerseys: [
            { model: 'Titular', season: 2024 },
            { model: 'Reserva', season: 2024 },
          ],
        },
      ],
    });
    const team = cat.teams[0]!;
    const member = await registerUser(request, newUser('a11y-colecao'));
    const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const [owned, wanted] = team.jerseys;
    for (const [kind, jersey, data] of [
      ['owned', owned!, { size: 'M' }],
      ['wanted', wanted!, { size: 'G', targetPriceCents: 19_990 }],
    ] as const) {
      const res = await request.put(`/api/me/collection/${kind}/${jersey.id}`, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    }
    const visibility = await request.patch('/api/me/collection', { headers, data: { public: true } });
    const { shareId } = (await visibility.json()) as { shareId: string };

    await page.goto(`/app/camisas/time/${team.slug}/${wanted!.slug}`);
    await expect(page.getByRole('link', { name: 'Tenho' })).toBeVisible();
    await scan(page, 'jersey page, a visitor’s collection buttons');
    await signIn(page, member);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Avise-me abaixo de' })).toBeVisible();
    await scan(page, 'jersey page, a member’s wanted jersey with its size and price');

    await page.goto('/app/auth/perfil');
    await expect(page.getByRole('textbox', { name: 'Link público' })).toBeVisible();
    await scan(page, 'profile with a public collection', { within: 'section[aria-labelledby="my-collection"]' });

    const stranger = await signedInPage(browser, await registerUser(request, newUser('a11y-visita')));
    await stranger.goto(`/app/colecao/${shareId}`);
    await expect(stranger.getByRole('heading', { name: `Coleção de ${member.name}` })).toBeVisible();
    await scan(stranger, 'a public collection');
    await stranger.context().close();
  });
});

test.describe('duels and rankings', () => {
  test('team chooser, team duel before and after a vote, a team without duels, dark', async ({ page, request }) => {
    const cat = await seedCatalogue(request, {
      teams: [
        {
          name: 'Aurora FC',
          jerseys: [
            { model: 'Titular', season: 2024 },
            { model: 'Titular', season: 2022, color: '#1F4FA3' },
            { model: 'Reserva', season: 2023, color: '#F5F5F5' },
          ],
        },
        { name: 'Cometa', jerseys: [{ model: 'Titular', season: 2024 }] },
      ],
    });
    const [aurora, cometa] = cat.teams as [(typeof cat.teams)[number], (typeof cat.teams)[number]];
    await page.goto(`/app/comparar/times?busca=${cat.suffix}`);
    await expect(page.getByRole('link', { name: new RegExp(aurora.name) })).toContainText('3 camisas');
    await expect(page.getByRole('link', { name: new RegExp(cometa.name) })).toContainText('Poucas camisas para duelar');
    await scan(page, 'team chooser');

    await page.goto(`/app/comparar/times/${cometa.slug}`);
    await expect(page.getByRole('link', { name: 'Escolher outro time' })).toBeVisible();
    await scan(page, 'team without duels');

    await page.goto(`/app/comparar/times/${aurora.slug}`);
    await pairOnScreen(page);
    await scan(page, 'team duel');
    await voteBy(page, () => page.keyboard.press('ArrowRight'));
    await expect(duelBoard(page).getByRole('status')).toContainText('Como o público votou neste par');
    await scan(page, 'team duel after a vote');

    // Dark: the home page (its global duel draws any jersey of the stack, so nobody votes there) and the
    // team duel after a vote.
    await page.evaluate(() => localStorage.setItem('manto-color-scheme', 'dark'));
    await page.goto('/app/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
    await scan(page, 'home (dark)');
    await page.goto(`/app/comparar/times/${aurora.slug}`);
    await pairOnScreen(page);
    await voteBy(page, () => page.keyboard.press('ArrowDown'));
    await expect(duelBoard(page).getByRole('status')).toBeVisible();
    await scan(page, 'team duel after a vote (dark)');
  });

  test('global ranking, team rankings, team ranking and the jersey page', async ({ page, request }) => {
    const { cat, team } = await rankedTeam(request, 'Ranking FC', [
      { model: 'Titular', season: 2024 },
      { model: 'Reserva', season: 2024 },
      { model: 'Titular', season: 2023 },
    ]);
    const first = team.jerseys[0]!;
    // A second fit, so the jersey has a score history of at least two snapshots.
    await castVotes(request, {
      voter: visitor(),
      team: team.slug,
      count: 3,
      choose: preferring(team.jerseys.map((j) => j.id)),
    });
    await waitForJerseyRating(request, first.id, (r) => r.history.length >= 2 && r.team !== null);

    await page.goto('/app/rankings');
    await expect(page.getByRole('table', { name: TABLE }).getByRole('link').first()).toBeVisible();
    await scan(page, 'global ranking');

    await page.goto(`/app/rankings/times?busca=${cat.suffix}`);
    await expect(page.getByText('Líder')).toHaveCount(1);
    await expect(page.getByText('3 camisas')).toBeVisible();
    await scan(page, 'team rankings');

    await page.goto(`/app/rankings/times/${team.slug}`);
    await expect(page.getByRole('table', { name: TABLE }).getByRole('img', { name: /^Margem de erro/ })).toHaveCount(3);
    await scan(page, 'team ranking');

    await page.goto(`/app/camisas/time/${team.slug}/${first.slug}`);
    const section = page.getByRole('region', { name: 'Posição no ranking' });
    await expect(section.getByRole('img', { name: /^Pontuação global ao longo do tempo/ })).toBeVisible();
    await scan(page, 'jersey rating');
  });

  test('the ranking before its first fit', async ({ page }) => {
    await page.route('**/api/rankings?**', (route) =>
      route.fulfill({
        json: {
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
        },
      }),
    );
    await openInApp(page, '/app/rankings');
    await expect(page.getByRole('heading', { name: 'O ranking ainda está sendo calculado' })).toBeVisible();
    await scan(page, 'ranking before the first fit');
  });

  test('neutral ranking, and a region and a fanbase below the threshold', async ({ page, request }) => {
    const { team } = await rankedTeam(request, 'Neutro FC', [
      { model: 'Titular', season: 2025 },
      { model: 'Reserva', season: 2025 },
    ]);
    await waitForRanking(
      request,
      { segment: 'neutral' },
      (r) => r.items.filter((i) => i.jersey.team.slug === team.slug).length === 2,
    );
    await page.goto('/app/rankings?neutro=1');
    // Whatever other journeys have ranked meanwhile: this team's jerseys need not be on the first page.
    await expect(page.getByText(/^Sem o voto de cada membro nos duelos com camisas do próprio time/)).toBeVisible();
    await expect(page.getByRole('table', { name: TABLE }).getByRole('link').first()).toBeVisible();
    await scan(page, 'neutral ranking');

    // Nobody in this run lives in Argentina; nobody has this new team as their favourite.
    await page.goto('/app/rankings?regiao=AR');
    await expect(page.getByRole('heading', { name: PRIVACY })).toBeVisible();
    await scan(page, 'region below the threshold');
    await page.goto(`/app/rankings/torcidas/${team.slug}`);
    await expect(page.getByRole('heading', { name: PRIVACY })).toBeVisible();
    await scan(page, 'fanbase below the threshold');
  });

  test('fanbase ranking and the jersey page comparing the crowds', async ({ page, request }) => {
    test.setTimeout(180_000);
    const cat = await seedCatalogue(request, {
      teams: [
        {
          name: 'Torcida FC',
          jerseys: [
            { model: 'Titular', season: 2025 },
            { model: 'Reserva', season: 2025 },
            { model: 'Titular', season: 2024 },
          ],
        },
      ],
    });
    const team = cat.teams[0]!;
    const order = team.jerseys.map((j) => j.id);
    // The fans rank the jerseys one way, other members the other way round (they make the neutral ranking).
    await Promise.all([
      makeFanbase(request, { teamSlug: team.slug, count: SEGMENT_MIN_VOTERS, order, votes: 3 }),
      makeVoters(request, {
        teamSlug: team.slug,
        count: 3,
        order: [...order].reverse(),
        votes: 3,
        prefix: 'a11y-neutral',
      }),
    ]);
    await waitForRanking(
      request,
      { segment: `fans:${team.slug}` },
      (r) => r.segment?.available === true && r.items.length === order.length,
      90_000,
    );
    await waitForJerseyRating(request, order[0]!, (r) => r.neutral !== null && r.ownFans !== null, 90_000);

    await page.goto(`/app/rankings/torcidas/${team.slug}`);
    await expect(page.getByRole('table', { name: TABLE }).getByRole('link')).toHaveCount(order.length);
    await scan(page, 'fanbase ranking');
    await page.goto(`/app/camisas/time/${team.slug}/${team.jerseys[0]!.slug}`);
    const block = page.getByRole('region', { name: 'Quem vota faz diferença?' });
    await expect(block.getByRole('img', { name: /^Margem de erro/ })).toHaveCount(3);
    await scan(page, 'jersey comparison');
  });
});

test.describe('Sistema', () => {
  test('feedback list and detail', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const title = `Placar some no celular ${suffix}`;
    const sent = await request.post('/api/feedback', {
      data: {
        type: 'bug',
        title,
        message: 'No ranking, o placar some quando giro o celular.',
        email: `visitante-${suffix}@example.com`,
        pagePath: '/rankings',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await signIn(page, ADMIN);
    await page.goto(`/app/sistema/feedbacks?busca=${suffix}`);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Pendente')).toBeVisible();
    await scan(page, 'sistema feedbacks');
    await row.getByRole('button', { name: title }).click();
    await expect(page.getByRole('dialog', { name: title }).getByText('/rankings')).toBeVisible();
    await scan(page, 'feedback detail');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // On a phone each feedback is a card.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Feedbacks' }).getByRole('button', { name: title })).toBeVisible();
    await scan(page, 'sistema feedbacks as cards (390 px)');
  });

  test('users list, a user, and Acesso Negado for a Moderator', async ({ page, browser, request }) => {
    const suffix = uniqueSuffix();
    const member = await registerUser(request, newUser('a11y-moderator', { name: `Moderadora Teste ${suffix}` }));
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const found = await request.get('/api/manage/users', { headers, params: { search: member.email } });
    const [user] = ((await found.json()) as { items: { id: string }[] }).items;
    const roles = await request.put(`/api/manage/users/${user!.id}/roles`, { headers, data: { roles: ['Moderator'] } });
    expect(roles.status(), await roles.text()).toBe(200);

    await signIn(page, ADMIN);
    await page.goto('/app/sistema/usuarios');
    await page.getByRole('searchbox', { name: 'Buscar usuário' }).fill(`moderadora teste ${suffix}`);
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row.getByText('Moderador', { exact: true })).toBeVisible();
    await scan(page, 'sistema/usuarios');
    await row.getByRole('button', { name: `Gerenciar ${member.name}` }).click();
    await expect(page.getByRole('dialog', { name: member.name }).getByText('Recife, PE, Brasil')).toBeVisible();
    await scan(page, 'sistema/usuarios detail', { within: '[role="dialog"]' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // On a phone the accounts are cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Usuários' }).getByText(member.email)).toBeVisible();
    await scan(page, 'sistema/usuarios as cards (390 px)');

    const moderator = await signedInPage(browser, member);
    await moderator.goto('/app/sistema/usuarios');
    await expect(moderator.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(moderator.getByRole('navigation', { name: 'Menu do sistema' })).toBeVisible();
    await scan(moderator, 'sistema/usuarios as Moderator');
    await moderator.context().close();
  });

  test('audit trail', async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const name = `Clube Auditado ${uniqueSuffix()}`;
    const team = { country: 'Brasil', city: 'Olinda', baseColor: '#224466', category: 'club' };
    const created = await request.post('/api/manage/teams', { headers, data: { ...team, name } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      (await request.put(`/api/manage/teams/${id}`, { headers, data: { ...team, name: `${name} FC` } })).status(),
    ).toBe(200);
    await signIn(page, ADMIN);
    await page.goto('/app/sistema/auditoria?tipo=teams');
    await expect(page.getByRole('row').filter({ hasText: `${name} → ${name} FC` })).toBeVisible();
    await scan(page, 'audit trail');
    // On a phone the entries are cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(
      page
        .getByRole('list', { name: 'Auditoria' })
        .getByRole('listitem')
        .filter({ hasText: `${name} → ${name} FC` })
        .first(),
    ).toBeVisible();
    await scan(page, 'audit trail as cards (390 px)');
  });

  test('products list, product form, and a new product with errors', async ({ page, request }) => {
    const name = `Camisa A11y ${uniqueSuffix()}`;
    await seedProduct(request, productBody(name, { stock: { P: 0, M: 0, G: 0 } }));
    await signIn(page, ADMIN);
    await page.goto('/app/sistema/produtos?stock=out');
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill(name);
    // The debounced search in the URL and the total: the list is no longer refetching (dimmed).
    await expect(page).toHaveURL(/[?&]busca=/);
    await expect(page.getByText('1 produto', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('Sem estoque')).toBeVisible();
    await scan(page, 'products list');
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar ${name}` });
    await edit.getByRole('textbox', { name: 'Tamanho M' }).fill('20');
    await expect(edit.getByText('Total: 20 unidades')).toBeVisible();
    await scan(page, 'product form', { within: '[role="dialog"]' });

    await page.goto('/app/sistema/produtos');
    await page.getByRole('button', { name: 'Novo produto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo produto' });
    await dialog.getByRole('textbox', { name: 'Nome (português)' }).fill('ab');
    await dialog.getByRole('textbox', { name: /^Preço \(R\$\)/ }).fill('0,00');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog.getByText('Informe ao menos um tamanho.')).toBeVisible();
    await scan(page, 'product form with errors', { within: '[role="dialog"]' });
  });

  test('tournaments list, a new tournament with its preview, and a round closed early', async ({ page, request }) => {
    const cat = await seedCatalogue(request, {
      teams: [
        { name: 'Aurora', jerseys: four('Titular') },
        { name: 'Cobalto', jerseys: four('Reserva') },
      ],
    });
    const started = await createTournament(request, {
      namePt: `Copa Encerrada ${cat.suffix}`,
      size: 4,
      jerseyIds: cat.teams[0]!.jerseys.map((j) => j.id),
    });
    await signIn(page, ADMIN);
    // Narrowed to this test's tournaments: other journeys add theirs meanwhile.
    await page.goto(`/app/sistema/torneios?busca=${encodeURIComponent(cat.suffix)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Torneios' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(started.namePt) })).toBeVisible();
    await scan(page, 'Sistema tournaments list');

    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Novo torneio' }).click();
    await dialog.getByRole('textbox', { name: 'Nome em português' }).fill(`Copa das Camisas ${cat.suffix}`);
    await dialog.getByRole('button', { name: 'Começar agora' }).click();
    const picker = dialog.getByRole('combobox', { name: 'Camisas', exact: true });
    await picker.click();
    await picker.fill(cat.suffix);
    await pickJerseys(
      page,
      cat.teams.flatMap((team) => team.jerseys.map((j) => `${team.name} ${j.modelYear} ${j.model.name}`)),
    );
    await page.keyboard.press('Escape');
    const preview = dialog.getByRole('region', { name: 'Prévia da chave' });
    await expect(preview.getByRole('listitem')).toHaveCount(4);
    await scan(page, 'Sistema tournament form with preview', { within: '[role="dialog"]' });

    // The round closed early, from the list.
    await waitForRound(request, started.slug, 1);
    await page.goto(`/app/sistema/torneios?busca=${encodeURIComponent(cat.suffix)}`);
    const row = page.getByRole('row', { name: new RegExp(started.namePt) });
    await expect(row.getByText('Semifinal')).toBeVisible();
    await row.getByRole('button', { name: `Encerrar rodada agora: ${started.namePt}` }).click();
    await expect(dialog.getByRole('button', { name: 'Encerrar rodada' })).toBeVisible();
    await scan(page, 'Sistema close-round confirmation', { within: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Encerrar rodada' }).click();
    await expect(page.getByText(`Rodada encerrada: a próxima de ${started.namePt} já está aberta.`)).toBeVisible();
    await expect(row.getByText('Final', { exact: true })).toBeVisible();
    await scan(page, 'Sistema tournaments list after the early close');
  });

  test('teams, jerseys, models, suppliers, products and tournaments as cards (390 px)', async ({ page, request }) => {
    const cat = await seedCatalogue(request, { teams: [{ name: 'Aurora Cartões', jerseys: four('Titular') }] });
    await seedProduct(request, productBody(`Camisa Cartão ${cat.suffix}`));
    const tournament = await createTournament(request, {
      namePt: `Copa Cartão ${cat.suffix}`,
      size: 4,
      jerseyIds: cat.teams[0]!.jerseys.map((j) => j.id),
      startsAt: new Date(Date.now() + 86_400_000),
    });
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 390, height: 844 });
    const lists = [
      ['times', 'Times', cat.teams[0]!.name],
      ['camisas', 'Camisas', cat.teams[0]!.name],
      ['modelos', 'Modelos', cat.models['Titular']!.name],
      ['fornecedores', 'Fornecedores', cat.suppliers['Marca']!.name],
      ['produtos', 'Produtos', `Camisa Cartão ${cat.suffix}`],
      ['torneios', 'Torneios', tournament.namePt],
    ];
    for (const [path, list, name] of lists) {
      await page.goto(`/app/sistema/${path}?busca=${encodeURIComponent(cat.suffix)}`);
      await expect(
        page
          .getByRole('list', { name: list })
          .getByRole('button', { name: `Editar ${name}` })
          .first(),
      ).toBeVisible();
      await scan(page, `sistema/${path} as cards (390 px)`);
    }
  });

  test('terms list, a new version’s preview, and the re-consent dialog', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/app/sistema/termos');
    await expect(page.getByRole('table', { name: 'Termos de uso' }).getByText('Atual')).toBeVisible();
    await scan(page, 'sistema/termos');
    // Opening the editor writes nothing: no draft until "Criar rascunho".
    await page.getByRole('button', { name: 'Nova versão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova versão dos termos' });
    await expect(
      dialog.getByRole('group', { name: 'Português' }).getByRole('textbox', { name: 'Título' }),
    ).not.toHaveValue('');
    await dialog.getByRole('tab', { name: 'Prévia' }).click();
    await dialog.getByText('Inglês', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Inglês' })).toBeChecked();
    await scan(page, 'sistema/termos: preview', { within: '[role="dialog"]' });

    // The re-consent dialog without publishing anything (that would bind every account of the shared
    // stack): the profile says new terms wait.
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), termsPending: true } });
    });
    await page.goto('/app/');
    const consent = page.getByRole('dialog', { name: 'Os termos de uso mudaram' });
    await expect(consent.getByRole('button', { name: 'Aceitar e continuar' })).toBeVisible();
    await scan(page, 're-consent dialog', { within: '[role="dialog"]' });
  });

  test('Votos suspeitos: as the API has it, a flag, the restore dialog, restored, light and dark', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/app/sistema/votos-suspeitos');
    const table = page.getByRole('table', { name: 'Votos suspeitos' });
    await expect(table.or(page.getByRole('heading', { name: 'Nenhum voto suspeito.' }))).toBeVisible();
    await scan(page, 'sistema votos suspeitos');

    // A flag needs a crowd and an outlier this stack cannot make cheaply: the browser gets a played list.
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
    await page.reload();
    await expect(table.getByText('visitor-55aa66bb')).toBeVisible();
    await scan(page, 'votos suspeitos with a flag');
    await table.getByRole('button', { name: 'Restaurar os votos de visitor-55aa66bb' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restaurar votos' });
    await expect(dialog.getByText('Os 9 votos postos de lado voltam a contar', { exact: false })).toBeVisible();
    await scan(page, 'restore dialog', { within: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByText('9 votos voltaram a contar.')).toBeVisible();
    await page.getByText('Restaurados', { exact: true }).click();
    await expect(table.getByText('Restaurado', { exact: true })).toBeVisible();
    await scan(page, 'votos suspeitos, restored (light)');
    await page.evaluate(() => localStorage.setItem('manto-color-scheme', 'dark'));
    await page.reload();
    await expect(table.getByText('Restaurado', { exact: true })).toBeVisible();
    await scan(page, 'votos suspeitos, restored (dark)');
    restored = false;
    await page.goto('/app/sistema/votos-suspeitos');
    await expect(table.getByText('Aberto', { exact: true })).toBeVisible();
    await scan(page, 'votos suspeitos, open (dark)');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the navigation drawer', async ({ page }) => {
    await page.goto('/app/');
    // The page's own header, not the one drawn while its code loads (a tap there is not kept).
    await expect(page.getByRole('heading', { level: 1, name: 'Duelo global' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu de navegação' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu de navegação' })).toBeVisible();
    await scan(page, 'home, navigation drawer open', { soft: true });
  });

  test('a team duel after a tap', async ({ page, request }) => {
    const cat = await seedCatalogue(request, {
      teams: [
        {
          name: 'Maré Atlético',
          jerseys: [
            { model: 'Titular', season: 2024 },
            { model: 'Reserva', season: 2024, color: '#F5F5F5' },
            { model: 'Reserva', season: 2022, color: '#F2C200' },
          ],
        },
      ],
    });
    await page.goto(`/app/comparar/times/${cat.teams[0]!.slug}`);
    await pairOnScreen(page);
    await voteBy(page, () => duelSides(page).first().tap());
    await expect(duelBoard(page).getByRole('status')).toContainText('Você escolheu');
    await scan(page, 'team duel at 390 px after a vote');
  });

  test('a team ranking with its filters open, and the global ranking as its pickers arrive', async ({
    page,
    request,
  }) => {
    const { team } = await rankedTeam(request, 'Estrela do Mar', [
      { model: 'Titular', season: 2025 },
      { model: 'Reserva', season: 2025 },
      { model: 'Terceira', season: 2024 },
    ]);
    await page.goto(`/app/rankings/times/${team.slug}`);
    const list = page.getByRole('list', { name: TABLE });
    await expect(list.getByRole('img', { name: /^Margem de erro/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('combobox', { name: 'Modelo' })).toBeVisible();
    await scan(page, 'team ranking on a phone');

    const release = await holdFile(page, /\/ranking-pickers-[^/]*\.js$/);
    await page.goto('/app/rankings');
    await expect(list).toBeVisible();
    await expect(page.getByText('Todas as regiões')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Região' })).toHaveCount(0);
    await scan(page, 'global ranking on a phone, pickers loading');
    release();
    await expect(page.getByRole('combobox', { name: 'Região' })).toBeVisible();
    await scan(page, 'global ranking on a phone');
  });

  test('the tournament list and a bracket with its round picker', async ({ page, request }) => {
    const cat = await seedCatalogue(request, {
      teams: [
        { name: 'Aurora', jerseys: four('Titular') },
        { name: 'Cobalto', jerseys: four('Reserva') },
      ],
    });
    const jerseyIds = cat.teams.flatMap((team) => team.jerseys.map((j) => j.id));
    const ongoing = await createTournament(request, { namePt: `Copa Celular ${cat.suffix}`, size: 8, jerseyIds });
    await createTournament(request, {
      namePt: `Taça Futura ${cat.suffix}`,
      size: 4,
      jerseyIds,
      startsAt: new Date(Date.now() + 2 * 3600_000),
    });
    await waitForRound(request, ongoing.slug, 1);
    await closeRound(request, ongoing.id, 1);
    await waitForRound(request, ongoing.slug, 2);

    await page.goto('/app/torneios');
    await expect(page.getByRole('region', { name: 'Próximos', exact: true }).getByRole('link').first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Em andamento', exact: true })
        .getByRole('link', { name: new RegExp(ongoing.namePt) }),
    ).toBeVisible();
    await scan(page, 'tournament list (390 px)');

    await page.goto(`/app/torneios/${ongoing.slug}`);
    const picker = page.getByRole('textbox', { name: 'Rodada' }).or(page.getByRole('combobox', { name: 'Rodada' }));
    await expect(picker.first()).toHaveValue('Semifinal');
    await picker.first().click();
    await page.getByRole('option', { name: 'Final', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Final', exact: true }).getByText('A definir')).toHaveCount(2);
    await scan(page, 'bracket (390 px)');
  });
});

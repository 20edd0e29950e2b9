/**
 * A jersey cup from end to end (docs/tournaments.md): an admin creates it in Sistema over eight
 * hand-picked jerseys, starting now; a signed-out visitor votes its first round with the keyboard;
 * the admin closes the round early; the public bracket shows the winners through and the semi-finals
 * open, and the public list has it under "Em andamento". Its jerseys and tournament are its own.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { ManageTournament, TournamentDetail } from '@manto/contracts';
import { seedCatalogue } from './support/catalogue.ts';
import { duelBoard, pairOnScreen, voteBy } from './support/duels.ts';
import { ADMIN, expect, signIn, test } from './support/fixtures.ts';
import { pickJerseys } from './support/tournaments.ts';

/** The public page of a tournament (GET /api/tournaments/:slug). */
async function detail(request: APIRequestContext, slug: string): Promise<TournamentDetail | null> {
  const res = await request.get(`/api/tournaments/${slug}`);
  return res.status() === 200 ? ((await res.json()) as TournamentDetail) : null;
}

/** The round job draws at the start and opens each round: waits until round `round` is the open one. */
async function waitForOpenRound(request: APIRequestContext, slug: string, round: number) {
  await expect
    .poll(async () => (await detail(request, slug))?.currentRound ?? null, { timeout: 45_000, intervals: [500] })
    .toBe(round);
}

/** "Aurora x1 2024 · Titular x1" (a duel side's name) → team, season label and model. */
function parts(name: string) {
  const match = /^(.+) (\S+) · (.+)$/.exec(name);
  if (!match) throw new Error(`unexpected jersey name: ${name}`);
  return { team: match[1]!, modelYear: match[2]!, model: match[3]! };
}

const dialog = (page: Page) => page.getByRole('dialog');

test('an admin runs a jersey cup from Sistema; a visitor votes its first round with the keyboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const cat = await seedCatalogue(request, {
    teams: [
      { name: 'Aurora', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Titular', season })) },
      { name: 'Cobalto', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Reserva', season })) },
    ],
  });
  const jerseyNames = cat.teams.flatMap((team) =>
    team.jerseys.map((jersey) => `${team.name} ${jersey.modelYear} ${jersey.model.name}`),
  );
  const name = `Copa das Camisas ${cat.suffix}`;
  let tournament!: ManageTournament;

  await signIn(page, ADMIN);

  await test.step('the admin creates an 8-jersey tournament starting now, with the live preview', async () => {
    await page.goto('/app/sistema/torneios');
    await expect(page.getByRole('heading', { level: 2, name: 'Torneios' })).toBeVisible();

    await page.getByRole('button', { name: 'Novo torneio' }).click();
    await dialog(page).getByRole('textbox', { name: 'Nome em português' }).fill(name);
    await dialog(page).getByRole('textbox', { name: 'Nome em inglês' }).fill(`Jersey Cup ${cat.suffix}`);
    await expect(dialog(page).getByRole('combobox', { name: 'Tamanho' })).toHaveValue('8 camisas');
    await dialog(page).getByRole('button', { name: 'Começar agora' }).click();
    await expect(dialog(page).getByLabel('Início')).not.toHaveValue('');
    await expect(dialog(page).getByRole('textbox', { name: 'Duração de cada rodada' })).toHaveValue('1');
    await expect(dialog(page).getByRole('combobox', { name: 'Unidade' })).toHaveValue('days');
    await expect(dialog(page).getByRole('radio', { name: 'Escolher camisas' })).toBeChecked();

    // The picker asks the server: every jersey of this run has the suffix in its team's name.
    const picker = dialog(page).getByRole('combobox', { name: 'Camisas', exact: true });
    await picker.click();
    await picker.fill(cat.suffix);
    await pickJerseys(page, jerseyNames);
    await page.keyboard.press('Escape');
    await expect(dialog(page).getByText('Escolhidas: 8.')).toBeVisible();

    const preview = dialog(page).getByRole('region', { name: 'Prévia da chave' });
    await expect(preview.getByText('8 camisas no grupo')).toBeVisible();
    await expect(preview.getByText('Primeira rodada: Quartas de final')).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(4);
    // Standard placement (docs/tournaments.md §3): 1–8, 4–5, 2–7, 3–6.
    await expect(preview.getByRole('listitem')).toContainText([
      /^1 · .+ vs 8 · /,
      /^4 · .+ vs 5 · /,
      /^2 · .+ vs 7 · /,
      /^3 · .+ vs 6 · /,
    ]);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/manage/tournaments') && r.request().method() === 'POST',
    );
    await dialog(page).getByRole('button', { name: 'Cadastrar' }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    tournament = (await response.json()) as ManageTournament;
    await expect(page.getByText(`Torneio ${name} criado.`)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Em andamento')).toBeVisible();
    // Started: it can no longer be deleted (docs/tournaments.md §2).
    await expect(row.getByRole('button', { name: `Excluir ${name}` })).toHaveCount(0);
  });

  await waitForOpenRound(request, tournament.slug, 1);

  const visitorContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const visitor = await visitorContext.newPage();
  const visitorErrors: string[] = [];
  visitor.on('console', (m) => m.type() === 'error' && visitorErrors.push(m.text()));
  visitor.on('pageerror', (e) => visitorErrors.push(e.message));
  const winners: string[] = [];

  await test.step('a signed-out visitor votes every first-round match with the keyboard', async () => {
    await visitor.goto(`/app/torneios/${tournament.slug}/votar`);
    await expect(duelBoard(visitor)).toBeVisible();
    for (let match = 0; match < 4; match++) {
      const [left] = await pairOnScreen(visitor);
      // Pressed at once: the app holds the vote until the minimum decision time has passed.
      const answer = await voteBy(visitor, () => visitor.keyboard.press('ArrowLeft'));
      expect(answer.counted).toBe(true);
      // The split stays hidden while the round is open (docs/tournaments.md §4).
      expect(answer.crowd).toBeNull();
      winners.push(left);
      if (match < 3) expect(answer.next.duel).not.toBeNull();
      else expect(answer.next.duel).toBeNull();
    }
    expect(new Set(winners).size).toBe(4);
  });

  await test.step('the admin closes the round now', async () => {
    await page.goto(`/app/sistema/torneios?busca=${encodeURIComponent(cat.suffix)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Quartas de final')).toBeVisible();
    await row.getByRole('button', { name: `Encerrar rodada agora: ${name}` }).click();
    await expect(dialog(page).getByText(`Encerrar a rodada Quartas de final de ${name} agora?`)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Encerrar rodada' }).click();
    await expect(page.getByText(`Rodada encerrada: a próxima de ${name} já está aberta.`)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row.getByText('Semifinal')).toBeVisible();
  });

  await test.step('the public bracket shows the winners through and the semi-finals open', async () => {
    await visitor.goto(`/app/torneios/${tournament.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    const round = (roundName: string) => visitor.getByRole('region', { name: roundName, exact: true });
    const quarters = round('Quartas de final');
    await expect(quarters.getByRole('listitem')).toHaveCount(4);
    const won = quarters.locator('[data-result="won"]');
    await expect(won).toHaveCount(4);
    for (const winner of winners) {
      const { team, modelYear, model } = parts(winner);
      await expect(
        won.filter({ hasText: team }).filter({ hasText: `${modelYear} · ${model}` }),
        `${winner} went through`,
      ).toHaveCount(1);
    }
    await expect(quarters.getByText('Vencedora')).toHaveCount(4);
    await expect(quarters.getByText('1 voto')).toHaveCount(4);

    const semis = round('Semifinal');
    await expect(semis.getByRole('listitem')).toHaveCount(2);
    await expect(semis.getByText('Placar revelado ao fim da rodada')).toHaveCount(2);
    for (const winner of winners) {
      const { modelYear, model } = parts(winner);
      await expect(semis.getByRole('listitem').filter({ hasText: `${modelYear} · ${model}` })).toHaveCount(1);
    }
    await expect(visitor.getByRole('link', { name: 'Votar nesta rodada' })).toBeVisible();
  });

  await test.step('the public list shows it under "Em andamento"', async () => {
    await visitor.goto('/app/torneios');
    const ongoing = visitor.getByRole('region', { name: 'Em andamento', exact: true });
    await expect(ongoing.getByRole('link', { name: new RegExp(name) })).toContainText('Rodada atual: Semifinal');
  });

  await visitorContext.close();
  expect(visitorErrors, 'visitor browser errors').toEqual([]);
});

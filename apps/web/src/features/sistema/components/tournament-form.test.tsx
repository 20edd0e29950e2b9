import type { JerseySummary, ManageJersey, ManageTournament, TournamentPreview } from '@manto/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { TournamentForm } from './tournament-form.tsx';

// The tournament form with the app's providers and the real pt texts; only fetch is faked: it
// plays the server (docs/tournaments.md §1–§3 for what it checks).

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const jersey = (n: number, team: string): ManageJersey => ({
  id: uuid(n),
  slug: `j${n}`,
  team: { slug: team.toLowerCase().replace(/\s+/g, '-'), name: team, nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#1a1a1a',
  image: null,
  active: true,
  teamId: uuid(100 + n),
  modelId: uuid(200),
  supplierId: uuid(300),
  imageId: null,
  imageSourceText: 'E2E',
  imageSourceUrl: null,
  description: null,
  descriptionEn: null,
  masterSponsor: null,
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const TEAMS = [
  'Aurora FC',
  'Brasa EC',
  'Cobalt FC',
  'Delta EC',
  'Estrela SC',
  'Farol AC',
  'Granito FC',
  'Horizonte EC',
];
const JERSEYS = TEAMS.map((team, i) => jersey(i + 1, team));

const tournament = (patch: Partial<ManageTournament> = {}): ManageTournament => ({
  id: uuid(900),
  slug: 'copa-das-camisas',
  namePt: 'Copa das Camisas',
  nameEn: 'Jersey Cup',
  descriptionPt: null,
  descriptionEn: null,
  cover: null,
  coverImageId: null,
  size: 8,
  startsAt: '2030-05-17T20:00:00.000Z',
  roundHours: 48,
  status: 'upcoming',
  currentRound: null,
  roundClosesAt: null,
  endsAt: '2030-05-23T20:00:00.000Z',
  champion: null,
  topSeeds: [],
  pool: { kind: 'hand', jerseyIds: JERSEYS.map((j) => j.id) },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});

const summary = (j: ManageJersey): JerseySummary => ({
  id: j.id,
  slug: j.slug,
  team: j.team,
  model: j.model,
  supplier: j.supplier,
  season: j.season,
  modelYear: j.modelYear,
  mainColor: j.mainColor,
  image: j.image,
  active: j.active,
});

/** The first round of eight seeds in standard placement: 1–8, 4–5, 2–7, 3–6. */
const EIGHT: TournamentPreview = {
  poolCount: 8,
  size: 8,
  firstRound: [
    [1, 8],
    [4, 5],
    [2, 7],
    [3, 6],
  ].map(([a, b]) => ({
    a: { seed: a!, jersey: summary(JERSEYS[a! - 1]!), points: null },
    b: { seed: b!, jersey: summary(JERSEYS[b! - 1]!), points: null },
  })),
};

type Server = (request: FakeRequest) => Response | undefined;

/** Answers every fetch with `server`, falling back to the reads the form makes, and keeps what was sent. */
function stubServer(server: Server = () => undefined) {
  return fakeServer((request) => {
    const answer = server(request);
    if (answer) return answer;
    if (request.path === '/api/manage/jerseys')
      return json(200, { items: JERSEYS, total: JERSEYS.length, page: 1, pageSize: 100 });
    if (request.path === '/api/manage/options') return json(200, { teams: [], models: [], suppliers: [] });
    if (request.path === '/api/manage/tournaments/preview') return json(200, EIGHT);
    return json(404, { code: 'NOT_FOUND', message: 'Não encontrado.' });
  });
}

const isPreview = (r: FakeRequest) => r.method === 'POST' && r.path === '/api/manage/tournaments/preview';
const isSave = (r: FakeRequest) => r.path.startsWith('/api/manage/tournaments') && !isPreview(r) && r.method !== 'GET';

function renderForm(value: ManageTournament | null, onDone = vi.fn()) {
  renderScreen(<TournamentForm tournament={value} onDone={onDone} />, { signedIn: { roles: ['admin'] } });
  return onDone;
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeAll(() => initTestI18n('pt'));

afterEach(() => vi.unstubAllGlobals());

describe('TournamentForm', () => {
  it('creates a tournament starting now, its duration converted to hours', async () => {
    const sent = stubServer((r) => (isSave(r) ? json(201, tournament()) : undefined));
    const user = userEvent.setup();
    const done = renderForm(null);

    await user.type(screen.getByRole('textbox', { name: 'Nome em português' }), 'Copa das Camisas');
    await user.type(screen.getByRole('textbox', { name: 'Nome em inglês' }), 'Jersey Cup');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Começar agora' }));
    await user.clear(screen.getByRole('textbox', { name: 'Duração de cada rodada' }));
    await user.type(screen.getByRole('textbox', { name: 'Duração de cada rodada' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unidade' }), 'Dias');
    await user.click(screen.getByRole('radio', { name: 'Por regra' }));
    await choose(user, 'Categoria', 'Clubes');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    const [save] = sent.filter(isSave);
    expect(save).toMatchObject({
      method: 'POST',
      path: '/api/manage/tournaments',
      body: {
        namePt: 'Copa das Camisas',
        nameEn: 'Jersey Cup',
        size: 8,
        roundHours: 48,
        pool: { kind: 'rule', teamIds: [], modelIds: [], supplierIds: [], category: 'club' },
      },
    });
    // "Começar agora" means the moment of saving, not the minute the button was pressed.
    const startsAt = Date.parse((save!.body as { startsAt: string }).startsAt);
    expect(startsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(startsAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a duration in hours that is not whole days', async () => {
    const sent = stubServer((r) => (isSave(r) ? json(200, tournament({ roundHours: 36 })) : undefined));
    const user = userEvent.setup();
    const done = renderForm(tournament({ roundHours: 36 }));

    expect(screen.getByRole('textbox', { name: 'Duração de cada rodada' })).toHaveProperty('value', '36');
    expect(screen.getByRole('combobox', { name: 'Unidade' })).toHaveProperty('value', 'hours');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent.filter(isSave)[0]?.body).toMatchObject({ roundHours: 36, startsAt: '2030-05-17T20:00:00.000Z' });
  });

  it('refuses an empty duration before asking the server', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderForm(tournament());

    const duration = screen.getByRole('textbox', { name: 'Duração de cada rodada' });
    await user.clear(duration);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Cada rodada dura de 1 hora a 14 dias (336 horas).')).toBeTruthy();
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter(isSave)).toHaveLength(0);
  });

  it("shows the server's messages under the fields they name", async () => {
    const details = {
      size: 'O grupo tem só 6 camisas ativas: escolha um tamanho menor ou amplie o grupo.',
      startsAt: 'O início não pode estar no passado.',
      roundHours: 'Cada rodada dura de 1 hora a 14 dias (336 horas).',
      'pool.jerseyIds': 'Escolha ao menos uma camisa.',
      namePt: 'O nome do torneio é obrigatório.',
    };
    stubServer((r) =>
      isSave(r)
        ? json(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Verifique os campos destacados.', details })
        : undefined,
    );
    const user = userEvent.setup();
    const done = renderForm(tournament());

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const fields: [RegExp, string][] = [
      [/^Tamanho/, details.size],
      [/^Início/, details.startsAt],
      [/^Duração de cada rodada/, details.roundHours],
      [/^Camisas\b/, details['pool.jerseyIds']],
      [/^Nome em português/, details.namePt],
    ];
    for (const [label, message] of fields) {
      const input = await screen.findByLabelText(label, { selector: 'input' });
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(described).toContain(message);
    }
    expect(done).not.toHaveBeenCalled();
  });

  it('freezes the bracket once the tournament started: only texts and cover change', async () => {
    const ongoing = tournament({ status: 'ongoing', currentRound: 1, startsAt: '2020-01-01T12:00:00.000Z' });
    const sent = stubServer((r) => (isSave(r) ? json(200, { ...ongoing, namePt: 'Copa Nova' }) : undefined));
    const user = userEvent.setup();
    const done = renderForm(ongoing);

    expect(screen.getByText('A chave está congelada: só textos e capa podem mudar.', { exact: false })).toBeTruthy();
    for (const label of [/^Tamanho/, /^Início/, /^Duração de cada rodada/, /^Camisas\b/]) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveProperty('disabled', true);
    }
    expect(screen.getByRole('combobox', { name: 'Unidade' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Escolher camisas' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Por regra' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Começar agora' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Prévia da chave' })).toBeNull();
    // The saved pool is named, not shown as ids.
    expect(await screen.findByText('Aurora FC 2024 Titular')).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Nome em português' });
    await user.clear(name);
    await user.type(name, 'Copa Nova');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent.filter(isSave)).toEqual([
      {
        method: 'PUT',
        path: `/api/manage/tournaments/${ongoing.id}`,
        search: expect.any(URLSearchParams),
        headers: expect.any(Headers),
        body: {
          namePt: 'Copa Nova',
          nameEn: 'Jersey Cup',
          descriptionPt: null,
          descriptionEn: null,
          coverImageId: null,
          size: 8,
          startsAt: '2020-01-01T12:00:00.000Z',
          roundHours: 48,
          pool: ongoing.pool,
        },
      },
    ]);
    expect(sent.filter(isPreview)).toHaveLength(0);
  });
});

describe('TournamentPreview', () => {
  it('shows the pool count and the seeded first round, and asks again when the size changes', async () => {
    const sent = stubServer((r) =>
      isPreview(r) && (r.body as { size: number }).size === 16
        ? json(200, { poolCount: 8, size: 16, firstRound: [] })
        : undefined,
    );
    const user = userEvent.setup();
    renderForm(tournament());

    const preview = within(screen.getByRole('region', { name: 'Prévia da chave' }));
    expect(await preview.findByText('8 camisas no grupo')).toBeTruthy();
    expect(preview.getByText('Primeira rodada: Quartas de final')).toBeTruthy();
    const pairs = preview.getAllByRole('listitem').map((item) => item.textContent);
    expect(pairs).toEqual([
      '1 · Aurora FC 2024 Titular vs 8 · Horizonte EC 2024 Titular',
      '4 · Delta EC 2024 Titular vs 5 · Estrela SC 2024 Titular',
      '2 · Brasa EC 2024 Titular vs 7 · Granito FC 2024 Titular',
      '3 · Cobalt FC 2024 Titular vs 6 · Farol AC 2024 Titular',
    ]);
    expect(sent.filter(isPreview).map((r) => r.body)).toEqual([
      { size: 8, pool: { kind: 'hand', jerseyIds: JERSEYS.map((j) => j.id) } },
    ]);

    await choose(user, 'Tamanho', '16 camisas');

    expect(
      await preview.findByText(
        'O grupo tem menos camisas que o tamanho do torneio (16): escolha um tamanho menor ou amplie o grupo.',
      ),
    ).toBeTruthy();
    expect(preview.queryAllByRole('listitem')).toHaveLength(0);
    expect(sent.filter(isPreview)).toHaveLength(2);
  });

  it('waits for a pool before asking', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sent = stubServer();
      renderForm(null);

      expect(screen.getByText('Escolha o tamanho e as camisas para ver a primeira rodada.')).toBeTruthy();
      // Well past the preview's debounce, on the fake clock: still nothing asked.
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(sent.filter(isPreview)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

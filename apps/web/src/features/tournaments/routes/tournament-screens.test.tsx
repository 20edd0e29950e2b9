import type { JerseySummary, MatchSide, TournamentDetail, TournamentMatch, TournamentSummary } from '@manto/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { TournamentRoute } from './tournament-route.tsx';
import { TournamentsRoute } from './tournaments-route.tsx';

// The public tournament screens with the real pt texts; fetch plays the server.

const jersey = (n: number, team = `Time ${n}`): JerseySummary => ({
  id: `j${n}`,
  slug: `camisa-${n}`,
  team: { slug: `time-${n}`, name: team, nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#000000',
  image: null,
  active: true,
});
const side = (seed: number, points: number | null = null): MatchSide => ({ seed, jersey: jersey(seed), points });

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const summary = (over: Partial<TournamentSummary> = {}): TournamentSummary => ({
  id: 't1',
  slug: 'copa-das-camisas',
  namePt: 'Copa das Camisas',
  nameEn: 'Jersey Cup',
  descriptionPt: '<b>Sem HTML</b>\nSegunda linha',
  descriptionEn: null,
  cover: null,
  size: 4,
  startsAt: iso(Date.now() - 30 * HOUR),
  roundHours: 24,
  status: 'ongoing',
  currentRound: 2,
  roundClosesAt: iso(Date.now() + 18 * HOUR),
  endsAt: iso(Date.now() + 18 * HOUR),
  champion: null,
  topSeeds: [jersey(1), jersey(2)],
  ...over,
});

const decided = (slot: number, a: MatchSide, b: MatchSide, over: Partial<TournamentMatch>): TournamentMatch => ({
  id: `m1-${slot}`,
  round: 1,
  slot,
  a,
  b,
  winnerId: a.jersey.id,
  decidedBy: 'votes',
  votes: 5,
  ...over,
});

const firstRound = {
  round: 1,
  opensAt: iso(Date.now() - 30 * HOUR),
  closesAt: iso(Date.now() - 6 * HOUR),
  closedAt: iso(Date.now() - 6 * HOUR),
  matches: [
    decided(0, side(1, 3.5), side(4, 1.5), {}),
    decided(1, side(2, 0), side(3, 0), { decidedBy: 'no_votes', votes: 0 }),
  ],
};

const ongoing: TournamentDetail = {
  ...summary(),
  rounds: [
    firstRound,
    {
      round: 2,
      opensAt: iso(Date.now() - 6 * HOUR),
      closesAt: iso(Date.now() + 18 * HOUR),
      closedAt: null,
      matches: [
        {
          id: 'm2-0',
          round: 2,
          slot: 0,
          a: side(1),
          b: side(2),
          winnerId: null,
          decidedBy: null,
          votes: null,
        },
      ],
    },
  ],
  preview: null,
};

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('/torneios', () => {
  it('lists each status in its section, with an empty state where there is none', async () => {
    const sent = fakeServer((request) => {
      const status = request.search.get('status');
      const items = status === 'ongoing' ? [summary()] : [];
      return json(200, { items, total: items.length, page: 1, pageSize: 12 });
    });
    renderScreen(<TournamentsRoute />);

    const section = (name: string) => screen.getByRole('region', { name });
    expect(await within(section('Em andamento')).findByRole('link', { name: /Copa das Camisas/ })).toBeTruthy();
    expect(within(section('Em andamento')).getByText('Rodada atual: Final')).toBeTruthy();
    expect(within(section('Em andamento')).getByText('4 camisas')).toBeTruthy();
    expect(await within(section('Próximos')).findByRole('heading', { name: 'Nenhum torneio marcado' })).toBeTruthy();
    expect(
      await within(section('Encerrados')).findByRole('heading', { name: 'Nenhum torneio encerrado ainda' }),
    ).toBeTruthy();
    expect(sent.map((r) => r.search.get('status')).sort()).toEqual(['completed', 'ongoing', 'upcoming']);
  });
});

describe('/torneios/:slug', () => {
  const renderTournament = (detail: TournamentDetail | null) => {
    fakeServer((request) =>
      request.path === `/api/tournaments/${ongoing.slug}` && detail
        ? json(200, detail)
        : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' }),
    );
    return renderScreen(<TournamentRoute />, { path: `/torneios/${ongoing.slug}`, route: '/torneios/:slug' });
  };

  it('an ongoing tournament: the vote link, decided matches with their split, the open one without', async () => {
    renderTournament(ongoing);

    expect(await screen.findByRole('heading', { level: 1, name: 'Copa das Camisas' })).toBeTruthy();
    // Plain text, never markup.
    expect(screen.getByText(/<b>Sem HTML<\/b>/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Votar nesta rodada' }).getAttribute('href')).toBe(
      '/torneios/copa-das-camisas/votar',
    );
    const first = screen.getByRole('region', { name: 'Semifinal' });
    const [byVotes, byRanking] = within(first).getAllByRole('listitem');
    expect(within(byVotes!).getByText('3,5 pontos')).toBeTruthy();
    expect(within(byVotes!).getByText('5 votos')).toBeTruthy();
    expect(within(byVotes!).getByText('Vencedora')).toBeTruthy();
    expect(within(byRanking!).getByText('decidido pelo ranking')).toBeTruthy();
    expect(
      within(byVotes!)
        .getByRole('link', { name: /Time 1/ })
        .getAttribute('href'),
    ).toBe('/camisas/time/time-1/camisa-1');

    const final = screen.getByRole('region', { name: 'Final' });
    expect(within(final).getByText('Placar revelado ao fim da rodada')).toBeTruthy();
    expect(within(final).queryByText(/pontos/)).toBeNull();
    expect(within(final).queryByText('Vencedora')).toBeNull();
  });

  it('an ongoing 8-jersey tournament shows the rounds not drawn yet as placeholders', async () => {
    renderTournament({ ...ongoing, size: 8, currentRound: 1, rounds: [{ ...firstRound, closedAt: null }] });
    const semi = await screen.findByRole('region', { name: 'Semifinal' });
    expect(within(semi).getAllByText('A definir')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Final' })).getAllByText('A definir')).toHaveLength(2);
  });

  it('a completed tournament crowns its champion and offers no vote', async () => {
    renderTournament({
      ...ongoing,
      status: 'completed',
      currentRound: null,
      roundClosesAt: null,
      champion: jersey(1),
      rounds: [
        firstRound,
        {
          ...ongoing.rounds[1]!,
          closedAt: iso(Date.now() - HOUR),
          matches: [
            {
              ...ongoing.rounds[1]!.matches[0]!,
              a: side(1, 2),
              b: side(2, 2),
              winnerId: 'j1',
              decidedBy: 'draw',
              votes: 4,
            },
          ],
        },
      ],
    });
    expect(await screen.findByText('Campeã de Copa das Camisas')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Time 1 2024 · Titular' })).toBeTruthy();
    expect(screen.getByText('4 votos · empate: avança o melhor cabeça de chave')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Votar nesta rodada' })).toBeNull();
  });

  it('an upcoming tournament shows its start and the projected first round', async () => {
    renderTournament({
      ...ongoing,
      status: 'upcoming',
      startsAt: iso(Date.now() + 50 * HOUR),
      currentRound: null,
      roundClosesAt: null,
      rounds: [],
      topSeeds: [],
      preview: [
        { a: side(1), b: side(4) },
        { a: side(2), b: side(3) },
      ],
    });
    expect(
      await screen.findByText('Chave prevista — os cabeças de chave mudam com o ranking até o início'),
    ).toBeTruthy();
    expect(screen.getByText(/^Começa em 2 dias e 1 hora|^Começa em 2 dias, 1 hora/)).toBeTruthy();
    const semi = screen.getByRole('region', { name: 'Semifinal' });
    expect(within(semi).getAllByText('Cabeça de chave 4')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Final' })).getAllByText('A definir')).toHaveLength(2);
  });

  it('an unknown tournament is a not-found page', async () => {
    renderTournament(null);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});

import { messages, type DuelJersey, type NextDuel, type VoteResult } from '@manto/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen, type FakeRequest } from '#lib/testing/render.tsx';
import { TournamentDuelRoute } from '../routes/tournament-duel-route.tsx';

// The tournament round's duel screen (the real DuelScreen) with the real pt texts; fetch plays the server.
// A signed-in member would need tokens; a visitor id is issued by the fake server instead.

const jersey = (id: string, team: string): DuelJersey => ({
  id,
  slug: id,
  team: { slug: team.toLowerCase().replace(/\s+/g, '-'), name: team, nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#1a1a1a',
  image: null,
  active: true,
  rating: 1000,
});

const AURORA = jersey('j1', 'Aurora FC');
const COBALT = jersey('j2', 'Cobalt FC');
const DELTA = jersey('j3', 'Delta EC');
const ESTRELA = jersey('j4', 'Estrela SC');

const closesAt = new Date(Date.now() + 5 * 3600_000).toISOString();
const scope = (answered: number) => ({
  team: null,
  model: null,
  tournament: {
    slug: 'copa',
    namePt: 'Copa das Camisas',
    nameEn: 'Jersey Cup',
    size: 8,
    round: 1,
    closesAt,
    openMatches: 4,
    answeredMatches: answered,
  },
});
const next = (answered: number, pair: [DuelJersey, DuelJersey] | null): NextDuel => ({
  scope: scope(answered),
  duel: pair
    ? {
        token: `token-${answered}`,
        left: pair[0],
        right: pair[1],
        expiresAt: '2099-01-01T00:00:00.000Z',
        minDecisionMs: 0,
      }
    : null,
  jerseysCount: 8,
});

const voted = (after: NextDuel): VoteResult => ({
  outcome: 'left',
  counted: true,
  left: { id: AURORA.id, rating: 1016, change: 16 },
  right: { id: COBALT.id, rating: 984, change: -16 },
  // A tournament match: the split stays hidden until the round closes.
  crowd: null,
  next: after,
});

const isNext = (r: FakeRequest) => r.method === 'GET' && r.path === '/api/duels/next';
const isVote = (r: FakeRequest) => r.method === 'POST' && r.path === '/api/duels/votes';
const isVisitor = (r: FakeRequest) => r.method === 'POST' && r.path === '/api/duels/visitor';
const VISITOR = { voterId: 'v1.00000001-0000-4000-8000-000000000000.mac' };

const renderVote = () =>
  renderScreen(<TournamentDuelRoute />, { path: '/torneios/copa/votar', route: '/torneios/:slug/votar' });
// Patience, not a speed goal: the first render on a busy 2-core machine can take seconds.
const choose = (name: string) => screen.findByRole('button', { name: `Escolher ${name}` });

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Patience, not a speed goal: on a busy 2-core machine a screen with a vote and the next pair can pass 5 s.
describe('tournament duel', () => {
  it('names the tournament and round, counts the matches, and hides the crowd after a vote', async () => {
    const sent = fakeServer((r) => {
      if (isVisitor(r)) return json(200, VISITOR);
      if (isNext(r)) return json(200, next(0, [AURORA, COBALT]));
      if (isVote(r)) return json(200, voted(next(1, [DELTA, ESTRELA])));
      return json(404, {});
    });
    const user = userEvent.setup();
    renderVote();

    expect(await screen.findByRole('heading', { level: 1, name: 'Copa das Camisas' })).toBeTruthy();
    expect(await screen.findByText('Quartas de final · Confronto 1 de 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver a chave' }).getAttribute('href')).toBe('/torneios/copa');
    expect(sent.find(isNext)?.search.get('tournament')).toBe('copa');

    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText('O placar deste confronto aparece quando a rodada encerrar.')).toBeTruthy();
    expect(screen.queryByText('Como o público votou neste par', { exact: false })).toBeNull();
    expect(await choose('Delta EC 2024 · Titular')).toBeTruthy();
    expect(screen.getByText('Quartas de final · Confronto 2 de 4')).toBeTruthy();
  });

  it('a match whose round closed meanwhile: says so and shows a fresh duel', async () => {
    const duels = [next(0, [AURORA, COBALT]), next(0, [DELTA, ESTRELA])];
    fakeServer((r) => {
      if (isVisitor(r)) return json(200, VISITOR);
      if (isNext(r)) return json(200, duels.shift());
      if (isVote(r)) return json(409, { statusCode: 409, code: 'MATCH_CLOSED', message: messages.pt.MATCH_CLOSED });
      return json(404, {});
    });
    const user = userEvent.setup();
    renderVote();

    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText(messages.pt.MATCH_CLOSED)).toBeTruthy();
    expect(await choose('Delta EC 2024 · Titular')).toBeTruthy();
  });

  it('every match answered: says so, with the round’s countdown and the way back to the bracket', async () => {
    fakeServer((r) => (isVisitor(r) ? json(200, VISITOR) : isNext(r) ? json(200, next(4, null)) : json(404, {})));
    renderVote();

    expect(
      await screen.findByRole('heading', { name: 'Você votou em todos os confrontos desta rodada!' }),
    ).toBeTruthy();
    expect(screen.getByText(/^Fim da rodada em 4 horas e 59 minutos$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver a chave do torneio' }).getAttribute('href')).toBe('/torneios/copa');
  });

  it('no round open: says so', async () => {
    const closed = {
      ...next(0, null),
      scope: { ...scope(0), tournament: { ...scope(0).tournament, round: null, closesAt: null, openMatches: 0 } },
    };
    fakeServer((r) => (isVisitor(r) ? json(200, VISITOR) : isNext(r) ? json(200, closed) : json(404, {})));
    renderVote();

    expect(await screen.findByRole('heading', { name: 'Nenhuma rodada aberta agora' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver a chave do torneio' })).toBeTruthy();
  });
});

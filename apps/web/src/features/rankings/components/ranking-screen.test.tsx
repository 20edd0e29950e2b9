import type { Ranking, RankingRow, RankingSegment, Segments, TeamSummary } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { GlobalRankingRoute } from '../routes/global-ranking-route.tsx';
import { FanbaseRankingRoute } from '../routes/fanbase-ranking-route.tsx';
import { TeamRankingRoute } from '../routes/team-ranking-route.tsx';
import { loadPickers } from './pickers.ts';

// The rankings screens' segments (docs/segments.md) with the real pt texts; fetch plays the server.

const team = (slug: string, name: string): TeamSummary => ({
  id: `t-${slug}`,
  slug,
  name,
  nameEn: null,
  country: 'Brasil',
  state: 'SP',
  city: 'São Paulo',
  baseColor: '#1f5f3f',
  category: 'club',
  article: 'o',
  crest: null,
  jerseysCount: 3,
});
const aurora = team('aurora', 'Aurora FC');
const brasa = team('brasa', 'Brasa EC');

const row = (rank: number, over: Partial<RankingRow> = {}): RankingRow => ({
  rank,
  rankUb: rank,
  jersey: {
    id: `j${rank}`,
    slug: `camisa-${rank}`,
    team: { slug: 'aurora', name: 'Aurora FC', nameEn: null, article: 'o' },
    model: { slug: 'titular', name: 'Titular', nameEn: null },
    supplier: { slug: 'marca', name: 'Marca' },
    season: 2020 + rank,
    modelYear: String(2020 + rank),
    mainColor: '#ffffff',
    image: null,
    active: true,
  },
  score: 1100 - rank * 40,
  lower: 1050 - rank * 40,
  upper: 1150 - rank * 40,
  votes: 60,
  wins: 30,
  losses: 25,
  ties: 5,
  winRate: 0.54,
  provisional: rank === 3,
  previousRank: rank,
  ...over,
});

const segmentInfo = (key: string, over: Partial<RankingSegment> = {}): RankingSegment => {
  const [kind, code] = key.split(':') as [RankingSegment['kind'], string | undefined];
  return {
    key,
    kind,
    team: kind === 'fans' ? aurora : null,
    region: kind === 'country' || kind === 'state' ? code! : null,
    voters: kind === 'neutral' ? null : 42,
    minVoters: 30,
    available: true,
    ...over,
  };
};

/** A segment ranking's row: no counts (docs/segments.md). */
const noCounts = (r: RankingRow): RankingRow => ({
  ...r,
  votes: null,
  wins: null,
  losses: null,
  ties: null,
  winRate: null,
});

const ranking = (segment: RankingSegment | null, items = [row(1), row(2), row(3)]): Ranking => ({
  items: segment ? items.map(noCounts) : items,
  total: items.length,
  page: 1,
  pageSize: 50,
  team: null,
  fittedAt: '2026-11-24T10:00:00.000Z',
  votes: segment ? null : 180,
  axis: { min: 900, max: 1120 },
  models: [{ slug: 'titular', name: 'Titular', nameEn: null }],
  suppliers: [{ slug: 'marca', name: 'Marca' }],
  seasons: { min: 2021, max: 2023 },
  segment,
});
/** What a segment below the threshold answers: no rows, no counts, nothing of the segment. */
const unavailable = (key: string): Ranking => ({
  ...ranking(segmentInfo(key, { voters: null, available: false }), []),
  fittedAt: null,
  votes: null,
  axis: null,
  models: [],
  suppliers: [],
  seasons: null,
});

const segments: Segments = {
  minVoters: 30,
  fans: [{ team: aurora, voters: 42 }],
  countries: [
    { code: 'BR', voters: 400 },
    { code: 'PT', voters: 35 },
  ],
  states: [{ code: 'SP', voters: 120 }],
};

function serve(answer: (segment: string | null) => Ranking = (s) => ranking(s ? segmentInfo(s) : null)) {
  return fakeServer((request: FakeRequest) => {
    if (request.path === '/api/rankings/segments') return json(200, segments);
    if (request.path === '/api/rankings') return json(200, answer(request.search.get('segment')));
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' });
  });
}
const rankingRequests = (sent: FakeRequest[]) => sent.filter((r) => r.path === '/api/rankings');

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}
const url = () => screen.getByTestId('url').textContent ?? '';

const renderAt = (path: string) =>
  renderScreen(
    <>
      <Routes>
        <Route path="/rankings" element={<GlobalRankingRoute />} />
        <Route path="/rankings/torcidas/:teamSlug" element={<FanbaseRankingRoute />} />
        <Route path="/rankings/times/:teamSlug" element={<TeamRankingRoute />} />
      </Routes>
      <Url />
    </>,
    { path },
  );

beforeAll(async () => {
  await initTestI18n('pt');
  // The pickers' code, which a page loads once it has settled (pickers.ts), is there from the start here.
  await loadPickers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/rankings segments', () => {
  it('the neutral switch asks for the neutral ranking, keeps it in the URL and exports it', async () => {
    const sent = serve();
    renderAt('/rankings');
    const user = userEvent.setup();
    const neutral = await screen.findByRole('switch', { name: 'Ranking neutro (sem votos da própria torcida)' });
    expect(neutral).toHaveProperty('checked', false);
    expect(rankingRequests(sent)[0]!.search.get('segment')).toBeNull();

    await user.click(neutral);
    expect(url()).toBe('?neutro=1');
    await waitFor(() => expect(rankingRequests(sent).at(-1)!.search.get('segment')).toBe('neutral'));
    expect(await screen.findByText(/Sem o voto de cada membro nos duelos com camisas do próprio time/)).toBeTruthy();
    // The neutral snapshot shows like the ordinary one: intervals, best possible places, provisional flags.
    expect((await screen.findAllByRole('img', { name: /^Margem de erro/ })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Provisório').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Como funciona o ranking' }).getAttribute('href')).toBe(
      '/rankings/como-funciona',
    );
    expect(screen.getByRole('link', { name: 'Baixar ranking em CSV' }).getAttribute('href')).toBe(
      '/api/rankings/export?segment=neutral&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Baixar ranking em JSON' }).getAttribute('href')).toBe(
      '/api/rankings/export?segment=neutral&format=json',
    );
  });

  it('the region picker lists the shown regions by name; choosing one clears neutral, and back', async () => {
    const sent = serve();
    renderAt('/rankings?neutro=1&pagina=2');
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Região' });
    expect(picker).toHaveProperty('value', 'Todas as regiões');
    await user.click(picker);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Todas as regiões', 'Brasil', 'Portugal', 'Brasil — São Paulo']);

    await user.click(screen.getByRole('option', { name: 'Brasil — São Paulo' }));
    expect(url()).toBe('?regiao=BR-SP');
    await waitFor(() => expect(rankingRequests(sent).at(-1)!.search.get('segment')).toBe('state:SP'));
    expect(screen.getByRole('switch', { name: /Ranking neutro/ })).toHaveProperty('checked', false);
    expect(
      await screen.findByText('Só os votos de membros desta região (Brasil — São Paulo), segundo o perfil deles.'),
    ).toBeTruthy();
    expect(await screen.findByText(/42 votantes/)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Região' }));
    await user.click(await screen.findByRole('option', { name: 'Todas as regiões' }));
    expect(url()).toBe('');
    await user.click(screen.getByRole('combobox', { name: 'Região' }));
    await user.click(await screen.findByRole('option', { name: 'Portugal' }));
    expect(url()).toBe('?regiao=PT');
    await user.click(screen.getByRole('switch', { name: /Ranking neutro/ }));
    expect(url()).toBe('?neutro=1');
    expect(screen.getByRole('combobox', { name: 'Região' })).toHaveProperty('value', 'Todas as regiões');
  });

  it('a group below the threshold shows the privacy message and no table', async () => {
    serve((s) => (s === 'country:PT' ? unavailable(s) : ranking(s ? segmentInfo(s) : null)));
    renderAt('/rankings?regiao=PT');
    expect(await screen.findByRole('heading', { name: 'Poucos torcedores neste grupo' })).toBeTruthy();
    expect(
      screen.getByText(
        'Menos de 30 pessoas deste grupo votaram, ou o grupo quase coincide com outro já mostrado (como um estado e o ' +
          'Brasil). Para proteger a privacidade de quem votou, nada deste ranking é mostrado.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Baixar ranking em CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Baixar votos em CSV' })).toBeTruthy();
  });

  it('a segment ranking shows no vote counts and says why; the ordinary one has them', async () => {
    serve();
    const { unmount } = renderAt('/rankings');
    expect((await screen.findAllByText(/^60 votos · 54% de vitórias/)).length).toBe(3);
    expect(screen.getByText(/180 votos/)).toBeTruthy();
    expect(screen.queryByText(/sem contagem de votos/)).toBeNull();
    unmount();

    renderAt('/rankings?regiao=BR');
    expect(await screen.findByText(/sem contagem de votos/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Por que sem contagem de votos?' })).toBeTruthy();
    const cards = (await screen.findAllByRole('listitem')).filter((c) => c.textContent!.includes('Pode chegar a'));
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(card.textContent).not.toMatch(/votos|vitórias/);
  });

  it('the wide table drops the votes and win-rate columns for a segment', async () => {
    const { RankingTable } = await import('./ranking-table.tsx');
    const { unmount } = renderScreen(<RankingTable ranking={ranking(null)} />, { path: '/rankings' });
    expect(screen.getByRole('columnheader', { name: 'Votos' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '% vitórias' })).toBeTruthy();
    unmount();
    renderScreen(<RankingTable ranking={ranking(segmentInfo('country:BR'))} />, { path: '/rankings' });
    expect(screen.queryByRole('columnheader', { name: 'Votos' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '% vitórias' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(6);
  });

  it('links the fanbase rankings shown', async () => {
    serve();
    renderAt('/rankings');
    const nav = await screen.findByRole('navigation', { name: 'Rankings por torcida' });
    expect(within(nav).getByRole('link', { name: 'O que a torcida do Aurora FC acha' }).getAttribute('href')).toBe(
      '/rankings/torcidas/aurora',
    );
  });
});

describe('the ranking rows', () => {
  // The server's order, by score: a provisional jersey that scores highest is #1, with its mark where it
  // stands, above an established one (ADR 0034); no heading splits the list into groups.
  const items = [row(1, { provisional: true }), row(2, { provisional: false }), row(3, { provisional: true })];
  const fans = ranking(segmentInfo('fans:aurora'), items);
  const marked = (element: HTMLElement) => within(element).queryByText('Provisório') !== null;

  it('the table lists them in the order given, each provisional one marked in its own row', async () => {
    const { RankingTable } = await import('./ranking-table.tsx');
    renderScreen(<RankingTable ranking={fans} />, { path: '/rankings/torcidas/aurora' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3']);
    expect(rows.map(marked)).toEqual([true, false, true]);
    expect(screen.queryByText(/^Provisórios/)).toBeNull();
  });

  it('the phone list does the same', async () => {
    const { RankingList } = await import('./ranking-list.tsx');
    renderScreen(<RankingList ranking={fans} />, { path: '/rankings/torcidas/aurora' });
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.textContent!.match(/^Posição (\d+)/)?.[1])).toEqual(['1', '2', '3']);
    expect(cards.map(marked)).toEqual([true, false, true]);
    expect(screen.queryByText(/^Provisórios/)).toBeNull();
  });
});

describe('/rankings/torcidas/:teamSlug', () => {
  it('shows what the fans think: the fans segment, its voters and its export', async () => {
    const sent = serve();
    renderAt('/rankings/torcidas/aurora');
    expect(await screen.findByRole('heading', { level: 1, name: 'O que a torcida do Aurora FC acha' })).toBeTruthy();
    expect(rankingRequests(sent).every((r) => r.search.get('segment') === 'fans:aurora' && !r.search.has('team'))).toBe(
      true,
    );
    expect(await screen.findByText(/42 votantes/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('link', { name: 'Baixar ranking em CSV' }).getAttribute('href')).toBe(
      '/api/rankings/export?segment=fans%3Aaurora&format=csv',
    );
  });

  it('below the threshold: the privacy message', async () => {
    serve((s) => unavailable(s!));
    renderAt('/rankings/torcidas/aurora');
    expect(await screen.findByRole('heading', { name: 'Poucos torcedores neste grupo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'O que a torcida do Aurora FC acha' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('/rankings/times/:teamSlug', () => {
  it('links the fanbase ranking when it is shown, a note otherwise; no segment is sent', async () => {
    const sent = serve(() => ({ ...ranking(null), team: aurora }));
    const { unmount } = renderAt('/rankings/times/aurora?neutro=1');
    expect((await screen.findByRole('link', { name: 'O que a torcida do Aurora FC acha' })).getAttribute('href')).toBe(
      '/rankings/torcidas/aurora',
    );
    expect(rankingRequests(sent).every((r) => !r.search.has('segment'))).toBe(true);
    unmount();

    serve(() => ({ ...ranking(null), team: brasa }));
    renderAt('/rankings/times/brasa');
    expect(
      await screen.findByText(
        'A torcida do Brasa EC ainda não tem ranking próprio (são precisos 30 torcedores votando).',
      ),
    ).toBeTruthy();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import type { JerseySummary, MyRanking } from '@manto/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { VOTER_ID_KEY } from '#lib/voter.ts';
import { MyRankingRoute } from './my-ranking-route.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => localStorage.clear());

const VISITOR_ID = 'v1.7c9e6679-7425-40de-944b-e07fc1f90ae7.c2lnbmVk';

const jersey = (n: number, team = 'aurora'): JerseySummary => ({
  id: `j${n}`,
  slug: `camisa-${n}`,
  team: { slug: team, name: team === 'aurora' ? 'Aurora FC' : 'Brasa EC', nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2020 + n,
  modelYear: String(2020 + n),
  mainColor: '#ffffff',
  image: null,
  active: true,
});

const RANKED: MyRanking = {
  votes: 34,
  required: 30,
  items: [
    { rank: 1, jersey: jersey(3), score: 1120.4, wins: 6, losses: 1, ties: 0, crowdRank: 12 },
    { rank: 2, jersey: jersey(1, 'brasa'), score: 1010, wins: 4, losses: 3, ties: 1, crowdRank: null },
    { rank: 3, jersey: jersey(2), score: 870.2, wins: 1, losses: 6, ties: 1, crowdRank: 2 },
  ],
  agreement: { judged: 20, agreed: 13 },
  contrarian: { picked: jersey(3), over: jersey(2), gap: 152.3, pickedRank: 1, overRank: 3 },
  favourite: { jersey: jersey(1, 'brasa'), rank: 2 },
};

describe('MyRankingRoute', () => {
  it('tells a visitor who never voted how many duels are left, without asking the server', async () => {
    const sent = fakeServer(() => json(500, {}));
    renderScreen(<MyRankingRoute />);
    expect(await screen.findByText('Faltam 30 duelos para o seu ranking')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Votar agora' }).getAttribute('href')).toBe('/');
    expect(sent).toHaveLength(0);
  });

  it('shows a visitor the ranking of the votes this browser cast, and how to keep it', async () => {
    localStorage.setItem(VOTER_ID_KEY, VISITOR_ID);
    const sent = fakeServer(() => json(200, { ...RANKED, favourite: null }));
    renderScreen(<MyRankingRoute />);

    const list = await screen.findByRole('list', { name: 'Meu ranking' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      expect.stringContaining('2023'),
      expect.stringContaining('2021'),
      expect.stringContaining('2022'),
    ]);
    expect(rows[0]!.textContent).toContain('6V 1D 0E · galera: 12º');
    expect(rows[1]!.textContent).toContain('fora do ranking da galera');
    expect(screen.getByText('65%')).toBeTruthy();
    expect(screen.getByText(/152 pontos acima/)).toBeTruthy();
    expect(screen.queryByText('Do seu time')).toBeNull();
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/auth/registrar');
    expect(sent[0]?.path).toBe('/api/rankings/mine');
    expect(sent[0]?.headers.get('x-voter-id')).toBe(VISITOR_ID);
  });

  it('shows a member their account’s ranking with their team’s best jersey', async () => {
    const sent = fakeServer(() => json(200, RANKED));
    renderScreen(<MyRankingRoute />, { signedIn: {} });
    expect(await screen.findByText('Do seu time')).toBeTruthy();
    expect(screen.getByText(/é a 2ª do seu ranking/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Criar conta' })).toBeNull();
    expect(sent[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(sent[0]?.headers.get('x-voter-id')).toBeNull();

    // Shared as its top ten: the link names the jerseys in order, so it unfurls as the sharer's top.
    Reflect.deleteProperty(navigator, 'share');
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar meu ranking' }));
    const whatsapp = await screen.findByRole('menuitem', { name: 'WhatsApp (abre em nova aba)' });
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain('/app/rankings/meu?top=j3.j1.j2');
  });

  it('invites whoever opens a shared top to build their own', async () => {
    fakeServer(() => json(500, {}));
    renderScreen(<MyRankingRoute />, { path: '/rankings/meu?top=0123456789' });
    expect(await screen.findByText('Um top 10 compartilhado com você')).toBeTruthy();
  });

  it('counts the duels still missing below the minimum', async () => {
    fakeServer(() => json(200, { ...RANKED, votes: 29, items: [], contrarian: null, favourite: null }));
    renderScreen(<MyRankingRoute />, { signedIn: {} });
    expect(await screen.findByText('Falta 1 duelo para o seu ranking')).toBeTruthy();
    expect(screen.getByText('29 de 30 duelos respondidos')).toBeTruthy();
  });
});

import type { TeamSummary } from '@manto/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { TeamsRoute } from './teams-route.tsx';

// /camisas with the real pt texts; fetch plays the server's team list.
const GREMIO: TeamSummary = {
  id: 't1',
  slug: 'gremio',
  name: 'Grêmio',
  nameEn: null,
  country: 'Brasil',
  state: 'RS',
  city: 'Porto Alegre',
  baseColor: '#0D80BF',
  category: 'club',
  article: 'o',
  crest: null,
  jerseysCount: 3,
};

const page = (items: TeamSummary[]) => json(200, { items, total: items.length, page: 1, pageSize: 48 });

beforeAll(() => initTestI18n('pt'));

describe('TeamsRoute', () => {
  it('an empty catalogue says there are no teams', async () => {
    fakeServer(() => page([]));
    renderScreen(<TeamsRoute />, { path: '/camisas' });
    expect(await screen.findByText('Parece que não há times cadastrados.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).toBeNull();
  });

  it('a search with no match says so, and clearing it brings the teams back', async () => {
    const sent = fakeServer((r) => page(r.search.get('search') ? [] : [GREMIO]));
    const user = userEvent.setup();
    renderScreen(<TeamsRoute />, { path: '/camisas?busca=zebra' });

    expect(
      await screen.findByText('Nenhum time corresponde a “zebra”. Confira a grafia ou limpe a busca.'),
    ).toBeTruthy();
    expect(screen.queryByText('Parece que não há times cadastrados.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));

    expect(await screen.findByText('Grêmio')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Buscar time' })).toHaveProperty('value', '');
    await waitFor(() => expect(sent.at(-1)?.search.get('search')).toBeNull());
  });
});

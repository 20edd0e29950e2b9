import type { ManageJersey, ManageNamed, ManageTeam } from '@manto/contracts';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCard } from '#lib/testing/cards.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { mediaQueries } from '#lib/testing/media.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaJerseysRoute } from './sistema-jerseys-route.tsx';
import { SistemaModelsRoute, SistemaSuppliersRoute } from './sistema-named-route.tsx';
import { SistemaTeamsRoute } from './sistema-teams-route.tsx';

// The Sistema teams, jerseys, models and suppliers lists with the real pt texts; fetch plays the server.

const TEAM: ManageTeam = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'cobalto-esporte-clube',
  name: 'Cobalto Esporte Clube',
  nameEn: null,
  country: 'Portugal',
  state: 'Porto',
  city: 'Vila Nova de Gaia',
  baseColor: '#1F4FA3',
  category: 'national',
  article: 'o',
  crest: null,
  jerseysCount: 3,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const JERSEY: ManageJersey = {
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'cobalto-2023-24-reserva',
  team: { slug: TEAM.slug, name: TEAM.name, nameEn: null, article: 'o' },
  model: { slug: 'reserva', name: 'Reserva', nameEn: 'Away' },
  supplier: { slug: 'listrada', name: 'Listrada Sports' },
  season: 2023,
  modelYear: '2023/24',
  mainColor: '#1F4FA3',
  image: null,
  active: false,
  teamId: TEAM.id,
  modelId: '00000000-0000-4000-8000-000000000003',
  supplierId: '00000000-0000-4000-8000-000000000004',
  imageId: null,
  imageSourceText: 'E2E',
  imageSourceUrl: null,
  description: null,
  descriptionEn: null,
  masterSponsor: null,
  updatedAt: '2030-03-02T12:00:00.000Z',
};

const named = (name: string): ManageNamed => ({
  id: '00000000-0000-4000-8000-000000000005',
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  nameEn: null,
  logo: null,
  jerseysCount: 12,
});

const page = (items: unknown[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });

function server() {
  return fakeServer(({ path }) => {
    if (path === '/api/manage/teams') return page([TEAM]);
    if (path === '/api/manage/jerseys') return page([JERSEY]);
    if (path === '/api/manage/models') return page([named('Terceira')]);
    if (path === '/api/manage/suppliers') return page([named('Listrada Sports')]);
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado.' });
  });
}

const render = (screenElement: ReactNode, path: string) =>
  renderScreen(screenElement, { path, signedIn: { roles: ['Moderator'] } });
const phone = () =>
  vi.stubGlobal(
    'matchMedia',
    mediaQueries((query) => query.includes('max-width')),
  );

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('Sistema catalogue lists', () => {
  it('keep the table on wide screens: sortable headers and the actions column', async () => {
    server();
    render(<SistemaTeamsRoute />, '/sistema/times?ordem=-jerseys');

    const row = within((await screen.findByText(TEAM.name)).closest('tr')!);
    expect(row.getByText('Vila Nova de Gaia · Porto · Portugal')).toBeTruthy();
    expect(row.getByRole('button', { name: `Editar ${TEAM.name}` })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Camisas ativas/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Times' })).toBeNull();
  });

  it('on a phone show a team as a card: the name first, the fields labelled, edit and delete; no table', async () => {
    phone();
    server();
    render(<SistemaTeamsRoute />, '/sistema/times');

    const card = await findCard('Times', TEAM.name);
    // The initials stand beside the name, hidden from screen readers.
    expect(card.item.textContent).toMatch(/^CE/);
    expect(card.field('Cidade / Estado / País').textContent).toBe('Vila Nova de Gaia · Porto · Portugal');
    expect(card.field('Categoria').textContent).toBe('Seleção');
    expect(card.field('Camisas ativas').textContent).toBe('3');
    expect(card.getByRole('button', { name: `Editar ${TEAM.name}` })).toBeTruthy();
    expect(card.getByRole('button', { name: `Excluir ${TEAM.name}` })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a phone show a jersey as a card, its switch named after it', async () => {
    phone();
    server();
    render(<SistemaJerseysRoute />, '/sistema/camisas');

    const card = await findCard('Camisas', TEAM.name);
    expect(card.item.textContent).toMatch(new RegExp(`^${TEAM.name}`));
    // The model year, and the season under it when they differ.
    const season = within(card.field('Temporada'));
    expect(season.getByText('2023/24')).toBeTruthy();
    expect(season.getByText('2023')).toBeTruthy();
    expect(card.field('Modelo').textContent).toBe('Reserva');
    expect(card.field('Fornecedor').textContent).toBe('Listrada Sports');
    expect(card.field('Ativa').querySelector('input')).toBe(
      card.getByRole('switch', { name: 'Ativa: Cobalto Esporte Clube 2023/24 Reserva' }),
    );
    expect(card.getByRole('button', { name: 'Editar Cobalto Esporte Clube 2023/24 Reserva' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a phone show models and suppliers as cards', async () => {
    phone();
    server();
    const { unmount } = render(<SistemaModelsRoute />, '/sistema/modelos');
    const model = await findCard('Modelos', 'Terceira');
    expect(model.field('Slug').textContent).toBe('terceira');
    expect(model.field('Camisas').textContent).toBe('12');
    expect(model.getByRole('button', { name: 'Excluir Terceira' })).toBeTruthy();
    unmount();

    render(<SistemaSuppliersRoute />, '/sistema/fornecedores');
    const supplier = await findCard('Fornecedores', 'Listrada Sports');
    expect(supplier.item.textContent).toMatch(/^LSListrada Sports/);
    expect(supplier.getByRole('button', { name: 'Editar Listrada Sports' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

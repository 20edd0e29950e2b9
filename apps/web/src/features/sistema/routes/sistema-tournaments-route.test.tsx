import type { ManageTournament } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCard } from '#lib/testing/cards.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { mediaQueries } from '#lib/testing/media.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaTournamentsRoute } from './sistema-tournaments-route.tsx';

// The Sistema tournament list with the real pt texts; fetch plays the server.

const base = (n: number, patch: Partial<ManageTournament>): ManageTournament => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `copa-${n}`,
  namePt: `Copa ${n}`,
  nameEn: `Cup ${n}`,
  descriptionPt: null,
  descriptionEn: null,
  cover: null,
  coverImageId: null,
  size: 8,
  startsAt: '2030-05-17T20:00:00.000Z',
  roundHours: 24,
  status: 'upcoming',
  currentRound: null,
  roundClosesAt: null,
  endsAt: '2030-05-20T20:00:00.000Z',
  champion: null,
  topSeeds: [],
  pool: { kind: 'rule', teamIds: [], modelIds: [], supplierIds: [], seasonFrom: null, seasonTo: null, category: null },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});

const UPCOMING = base(1, {});
const ONGOING = base(2, { status: 'ongoing', currentRound: 2, startsAt: '2020-01-01T00:00:00.000Z' });
const DRAWING = base(3, { status: 'ongoing', currentRound: null, startsAt: '2020-01-01T00:00:00.000Z' });

function server(answer: (request: FakeRequest) => Response | undefined = () => undefined) {
  return fakeServer(
    (r) =>
      answer(r) ??
      (r.path === '/api/manage/tournaments'
        ? json(200, { items: [UPCOMING, ONGOING, DRAWING], total: 3, page: 1, pageSize: 20 })
        : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado.' })),
  );
}

const render = (path = '/sistema/torneios') =>
  renderScreen(<SistemaTournamentsRoute />, { path, signedIn: { roles: ['admin'] } });
const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('SistemaTournamentsRoute', () => {
  it('offers delete only before the start and the early close only while a round is open', async () => {
    const sent = server();
    render('/sistema/torneios?situacao=ongoing');

    const upcoming = await row('Copa 1');
    expect(upcoming.getByText('Próximo')).toBeTruthy();
    expect(upcoming.getByText('Ainda não começou')).toBeTruthy();
    expect(upcoming.getByRole('button', { name: 'Excluir Copa 1' })).toBeTruthy();
    expect(upcoming.queryByRole('button', { name: /^Encerrar rodada agora/ })).toBeNull();

    const ongoing = await row('Copa 2');
    expect(ongoing.getByText('Em andamento')).toBeTruthy();
    expect(ongoing.getByText('Semifinal')).toBeTruthy();
    expect(ongoing.queryByRole('button', { name: 'Excluir Copa 2' })).toBeNull();
    expect(ongoing.getByRole('button', { name: 'Encerrar rodada agora: Copa 2' })).toBeTruthy();

    const drawing = await row('Copa 3');
    expect(drawing.getByText('Sorteando a chave…')).toBeTruthy();
    expect(drawing.queryByRole('button', { name: /^Encerrar rodada agora/ })).toBeNull();

    // The status filter comes from the URL and goes to the API.
    const list = sent.find((r) => r.path === '/api/manage/tournaments')!;
    expect(list.search.get('status')).toBe('ongoing');
    expect(list.search.get('sort')).toBe('-start');
  });

  it('on a phone shows each tournament as a card: the name first, the fields labelled, its actions; no table', async () => {
    vi.stubGlobal(
      'matchMedia',
      mediaQueries((query) => query.includes('max-width')),
    );
    server();
    const user = userEvent.setup();
    render();

    const ongoing = await findCard('Torneios', 'Copa 2');
    expect(ongoing.item.textContent).toMatch(/^Copa 2/);
    expect(ongoing.field('Situação').textContent).toBe('Em andamento');
    expect(ongoing.field('Início').textContent).toMatch(/^\d{2}\/\d{2}\/2020/);
    expect(ongoing.field('Tamanho').textContent).toBe('8 camisas');
    expect(ongoing.field('Rodada atual ou campeã').textContent).toBe('Semifinal');
    expect(ongoing.getByRole('button', { name: 'Editar Copa 2' })).toBeTruthy();
    expect(ongoing.queryByRole('button', { name: 'Excluir Copa 2' })).toBeNull();
    expect((await findCard('Torneios', 'Copa 1')).getByRole('button', { name: 'Excluir Copa 1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    // The actions are buttons a keyboard reaches and presses.
    ongoing.getByRole('button', { name: 'Encerrar rodada agora: Copa 2' }).focus();
    await user.keyboard('{Enter}');
    expect(
      within(await screen.findByRole('dialog')).getByText('Encerrar a rodada Semifinal de Copa 2 agora?'),
    ).toBeTruthy();
  });

  it('asks "Encerrar a rodada … agora?" and closes the round', async () => {
    const sent = server((r) =>
      r.method === 'POST' && r.path.endsWith('/close-round') ? json(200, { ...ONGOING, currentRound: 3 }) : undefined,
    );
    const user = userEvent.setup();
    render();

    await user.click((await row('Copa 2')).getByRole('button', { name: 'Encerrar rodada agora: Copa 2' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Encerrar a rodada Semifinal de Copa 2 agora?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Encerrar rodada' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The request names the round the question showed, so it can never close the round after it.
    expect(sent.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [`/api/manage/tournaments/${ONGOING.id}/close-round`, { round: 2 }],
    ]);
  });

  it("shows the refusal of a round closed meanwhile in the server's words, and closes nothing else", async () => {
    const refusal =
      'A rodada 2 não está mais aberta: ela já foi encerrada (por outra pessoa ou no horário previsto). Nada foi alterado; confira a rodada atual antes de encerrar de novo.';
    const sent = server((r) =>
      r.method === 'POST' && r.path.endsWith('/close-round')
        ? json(409, { statusCode: 409, code: 'ROUND_NOT_OPEN', message: refusal })
        : undefined,
    );
    const user = userEvent.setup();
    render();

    await user.click((await row('Copa 2')).getByRole('button', { name: 'Encerrar rodada agora: Copa 2' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Encerrar rodada' }));

    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', refusal);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('asks "Excluir o torneio …?" and shows the refusal of a tournament that has started meanwhile', async () => {
    const refusal =
      'O torneio já começou: a chave está congelada. Só nomes, descrições e capa podem mudar, e ele não pode ser excluído.';
    server((r) =>
      r.method === 'DELETE' ? json(409, { statusCode: 409, code: 'TOURNAMENT_STARTED', message: refusal }) : undefined,
    );
    const user = userEvent.setup();
    render();

    await user.click((await row('Copa 1')).getByRole('button', { name: 'Excluir Copa 1' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Excluir o torneio Copa 1?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Excluir' }));

    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', refusal);
  });
});

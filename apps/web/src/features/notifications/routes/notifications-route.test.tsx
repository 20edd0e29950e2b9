import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JerseySummary, Notification } from '@manto/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { NotificationsRoute } from './notifications-route.tsx';
import { UnsubscribeRoute } from './unsubscribe-route.tsx';

beforeAll(() => initTestI18n('pt'));

const jersey: JerseySummary = {
  id: 'j1',
  slug: '2024-titular',
  team: { slug: 'aurora', name: 'Aurora FC', nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#ffffff',
  image: null,
  active: true,
};
const base = {
  tournament: null,
  round: null,
  rank: null,
  previousRank: null,
  jersey: null,
  targetPriceCents: null,
  offerPriceCents: null,
};
const ITEMS: Notification[] = [
  {
    ...base,
    id: '2',
    kind: 'rank_moved',
    createdAt: '2026-11-28T12:00:00.000Z',
    read: false,
    jersey,
    rank: 3,
    previousRank: 15,
  },
  {
    ...base,
    id: '1',
    kind: 'round_opened',
    createdAt: '2026-11-27T12:00:00.000Z',
    read: true,
    tournament: { slug: 'copa', namePt: 'Copa das Camisas', nameEn: 'Jersey Cup' },
    round: 2,
  },
];

/** The member's API as the page sees it; `unread` drops as the page marks them read. */
function server() {
  let unread = 1;
  let email: string[] = [];
  let follows = [
    {
      kind: 'team',
      id: 't1',
      since: '2026-11-01T00:00:00.000Z',
      team: { slug: 'aurora', name: 'Aurora FC', nameEn: null },
      jersey: null,
      tournament: null,
    },
  ];
  return (r: FakeRequest) => {
    if (r.path === '/api/me/notifications')
      return json(200, {
        items: ITEMS.map((n) => ({ ...n, read: n.read || unread === 0 })),
        total: 2,
        unread,
        page: 1,
        pageSize: 20,
      });
    if (r.path === '/api/me/notifications/read') {
      unread = 0;
      return json(200, { unread });
    }
    if (r.path === '/api/me/notification-settings') {
      if (r.method === 'PUT') email = (r.body as { email: string[] }).email;
      return json(200, { email });
    }
    if (r.path === '/api/me/follows') return json(200, { items: follows });
    if (r.path === '/api/me/follows/team/t1' && r.method === 'DELETE') {
      follows = [];
      return json(200, { following: false });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Não encontrado.' });
  };
}

describe('NotificationsRoute', () => {
  it('lists what the member was told, linked, and marks them read', async () => {
    const sent = fakeServer(server());
    renderScreen(<NotificationsRoute />, { signedIn: {} });
    const moved = await screen.findByRole('link', { name: /foi de 15º para 3º no ranking global/ });
    expect(moved.getAttribute('href')).toBe('/camisas/time/aurora/2024-titular');
    expect(screen.getByRole('link', { name: 'Copa das Camisas: a rodada 2 começou. Vote!' }).getAttribute('href')).toBe(
      '/torneios/copa',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull());
    expect(sent.find((r) => r.path === '/api/me/notifications/read')?.body).toEqual({ all: true });
  });

  it('chooses the e-mail topics and stops following', async () => {
    const sent = fakeServer(server());
    renderScreen(<NotificationsRoute />, { signedIn: {} });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Rankings: camisas que sobem ou caem' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Rankings: camisas que sobem ou caem' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ email: ['rankings'] });

    const follows = screen.getByRole('region', { name: 'O que você segue' });
    await userEvent.click(within(follows).getByRole('button', { name: 'Deixar de seguir Aurora FC' }));
    expect(await within(follows).findByText(/Você ainda não segue nada/)).toBeTruthy();
  });
});

describe('UnsubscribeRoute', () => {
  it('stops a topic’s e-mail from a link, signed out, after a click', async () => {
    const sent = fakeServer(() => json(200, { topic: 'tournaments' }));
    renderScreen(<UnsubscribeRoute />, { path: '/notificacoes/cancelar?u=u1&t=tournaments&s=sig' });
    expect(screen.getByText(/Parar de receber por e-mail as notificações de Torneios/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar e-mails' }));
    expect(await screen.findByText('E-mails cancelados')).toBeTruthy();
    expect(sent[0]?.path).toBe('/api/notifications/unsubscribe');
    expect(Object.fromEntries(sent[0]!.search)).toEqual({ u: 'u1', t: 'tournaments', s: 'sig' });
  });

  it('says what went wrong with a bad link', async () => {
    fakeServer(() =>
      json(400, {
        statusCode: 400,
        code: 'UNSUBSCRIBE_LINK_INVALID',
        message: 'Este link de cancelamento não é válido.',
      }),
    );
    renderScreen(<UnsubscribeRoute />, { path: '/notificacoes/cancelar?u=u1&t=rankings&s=bad' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar e-mails' }));
    expect(await screen.findByText(/^Este link de cancelamento não é válido/)).toBeTruthy();
  });
});

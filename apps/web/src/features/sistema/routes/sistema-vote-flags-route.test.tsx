import { Notifications } from '@mantine/notifications';
import type { VoterFlag } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaVoteFlagsRoute } from './sistema-vote-flags-route.tsx';

// Votos suspeitos with the real pt texts; fetch plays the server.

const MEMBER: VoterFlag = {
  id: '00000000-0000-4000-8000-000000000001',
  voter: 'member-1a2b3c4d',
  userName: 'Joana <b>Silva</b>',
  reason: 'outlier',
  votes: 12,
  zScore: -5.23,
  flaggedAt: '2030-03-02T15:00:00.000Z',
  restoredAt: null,
};
const NETWORK: VoterFlag = {
  id: '00000000-0000-4000-8000-000000000002',
  voter: 'network-9f8e7d6c',
  userName: null,
  reason: 'network_outlier',
  votes: 30,
  zScore: -4.4,
  flaggedAt: '2030-03-01T15:00:00.000Z',
  restoredAt: null,
};
const RESTORED: VoterFlag = {
  id: '00000000-0000-4000-8000-000000000003',
  voter: 'visitor-55aa66bb',
  userName: null,
  reason: 'outlier',
  votes: 7,
  zScore: -6,
  flaggedAt: '2030-02-01T15:00:00.000Z',
  restoredAt: '2030-02-02T15:00:00.000Z',
};

function server(initial: VoterFlag[], restore: (id: string) => Response = () => json(200, { restored: 12 })) {
  let items = initial;
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/api/manage/votes/flags') return json(200, { items });
    const restoring = /^\/api\/manage\/votes\/flags\/([^/]+)\/restore$/.exec(r.path);
    if (r.method === 'POST' && restoring) {
      const answer = restore(restoring[1]!);
      if (answer.ok)
        items = items.map((f) => (f.id === restoring[1] ? { ...f, restoredAt: '2030-03-03T15:00:00.000Z' } : f));
      return answer;
    }
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado.' });
  });
}

// The restore's outcome is a notification.
const render = (path = '/sistema/votos-suspeitos') =>
  renderScreen(
    <>
      <Notifications />
      <SistemaVoteFlagsRoute />
    </>,
    { path, signedIn: { roles: ['moderator'] } },
  );

const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('SistemaVoteFlagsRoute', () => {
  it('shows the empty state when nothing was flagged', async () => {
    server([]);
    render();
    expect(await screen.findByRole('heading', { name: 'Nenhum voto suspeito.' })).toBeTruthy();
  });

  it('lists the open flags with who, when, reason, z-score and votes; names render as text', async () => {
    server([MEMBER, NETWORK, RESTORED]);
    render();

    const member = await row('Joana <b>Silva</b>');
    expect(member.getByText('member-1a2b3c4d')).toBeTruthy();
    expect(member.getByText('Votos contra o ranking')).toBeTruthy();
    expect(member.getByText('-5,2')).toBeTruthy();
    expect(member.getByText('12')).toBeTruthy();
    expect(member.getByText('Aberto')).toBeTruthy();
    expect(member.getByText(/02\/03\/2030/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();

    const network = await row('network-9f8e7d6c');
    expect(network.getByText('Rede de visitantes contra o ranking')).toBeTruthy();
    // The restored one waits under its own filter.
    expect(screen.queryByText('visitor-55aa66bb')).toBeNull();
    // No e-mail anywhere.
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('shows restored flags as restored, without a restore button', async () => {
    server([MEMBER, RESTORED]);
    render('/sistema/votos-suspeitos?situacao=restored');
    const restored = await row('visitor-55aa66bb');
    expect(restored.getByText('Restaurado')).toBeTruthy();
    expect(restored.getByText(/02\/02\/2030/)).toBeTruthy();
    expect(restored.queryByRole('button')).toBeNull();
    expect(screen.queryByText('member-1a2b3c4d')).toBeNull();
  });

  it('asks before restoring, then says how many votes count again', async () => {
    const sent = server([MEMBER, NETWORK]);
    const user = userEvent.setup();
    render();

    await user.click(
      (await row('Joana <b>Silva</b>')).getByRole('button', { name: 'Restaurar os votos de Joana <b>Silva</b>' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Restaurar os votos de Joana <b>Silva</b>?')).toBeTruthy();
    expect(dialog.getByText(/Os 12 votos postos de lado voltam a contar/)).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.click(dialog.getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('12 votos voltaram a contar.')).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.path).toBe(`/api/manage/votes/flags/${MEMBER.id}/restore`);
    // The list refetches: the restored flag leaves the open ones.
    await waitFor(() => expect(screen.queryByText('Joana <b>Silva</b>')).toBeNull());
    expect(screen.getByText('network-9f8e7d6c')).toBeTruthy();
  });

  it('cancelling sends nothing; a flag restored meanwhile shows the error in the dialog', async () => {
    const sent = server([NETWORK], () =>
      json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Registro não encontrado.' }),
    );
    const user = userEvent.setup();
    render();

    const restore = (await row('network-9f8e7d6c')).getByRole('button', { name: /^Restaurar os votos de/ });
    await user.click(restore);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.click(restore);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Restaurar' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Registro não encontrado.');
  });
});

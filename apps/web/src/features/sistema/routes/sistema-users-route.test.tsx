import type { ManageUser, ManageUserDetail } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { mediaQueries } from '#lib/testing/media.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaUsersRoute } from './sistema-users-route.tsx';

// The Sistema users list and detail dialog with the real pt texts; fetch plays the server.

const user = (n: number, patch: Partial<ManageUser>): ManageUser => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Pessoa ${n}`,
  email: `pessoa${n}@example.com`,
  roles: [],
  active: true,
  createdAt: '2030-01-01T12:00:00.000Z',
  confirmedAt: '2030-01-01T12:10:00.000Z',
  lastSignInAt: null,
  ...patch,
});
const ADMIN = user(1, { name: 'Ana Admin', email: 'admin@manto.test', roles: ['Admin'] });
const MEMBER = user(2, { name: '<b>Bruno</b>', lastSignInAt: '2030-02-01T09:00:00.000Z' });
const PENDING = user(3, { name: 'Carla', confirmedAt: null, active: false });
const detail = (u: ManageUser, patch: Partial<ManageUserDetail> = {}): ManageUserDetail => ({
  ...u,
  city: 'Recife',
  state: 'PE',
  country: 'Brasil',
  gender: 'female',
  favouriteTeam: 'Sport',
  language: 'pt',
  activeSessions: 2,
  ...patch,
});

function server(answer: (request: FakeRequest) => Response | undefined = () => undefined) {
  return fakeServer((r) => {
    const given = answer(r);
    if (given) return given;
    const { path } = r;
    if (path === '/api/manage/users')
      return json(200, { items: [ADMIN, MEMBER, PENDING], total: 3, page: 1, pageSize: 20 });
    for (const u of [ADMIN, MEMBER, PENDING]) if (path === `/api/manage/users/${u.id}`) return json(200, detail(u));
    if (path === '/api/manage/audit')
      return json(200, {
        items: [
          {
            id: '7',
            at: '2026-11-20T12:00:00.000Z',
            actorId: ADMIN.id,
            actorName: 'Alice Admin',
            action: 'update',
            resource: 'users',
            targetId: r.search.get('target'),
            route: 'PUT /api/manage/users/:id/active',
            changes: { active: { before: false, after: true } },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado.' });
  });
}

const render = (path = '/sistema/usuarios') =>
  renderScreen(<SistemaUsersRoute />, {
    path,
    signedIn: { email: 'admin@manto.test', name: 'Ana Admin', roles: ['Admin'] },
  });

const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('SistemaUsersRoute', () => {
  it('lists roles and states, sends the filters from the URL, and renders names as text', async () => {
    const sent = server();
    render('/sistema/usuarios?papel=Moderator&ativo=nao&confirmado=sim&busca=jo%C3%A3o');

    expect((await row('Ana Admin')).getByText('Admin')).toBeTruthy();
    const member = await row('<b>Bruno</b>');
    expect(member.getByText('Membro')).toBeTruthy();
    expect(member.getByText('Ativo')).toBeTruthy();
    const pending = await row('Carla');
    expect(pending.getByText('Desativado')).toBeTruthy();
    expect(pending.getByText('Não confirmado')).toBeTruthy();
    expect(pending.getByText('Nunca')).toBeTruthy();
    expect(screen.getByText('3 usuários')).toBeTruthy();

    const list = sent.find((r) => r.path === '/api/manage/users')!;
    expect(Object.fromEntries(list.search)).toMatchObject({
      role: 'Moderator',
      active: 'false',
      confirmed: 'true',
      search: 'joão',
      sort: 'name',
    });
  });

  it('on a phone shows each account as a card, with its badges, dates and the way in, and no table', async () => {
    vi.stubGlobal(
      'matchMedia',
      mediaQueries((query) => query.includes('max-width')),
    );
    server();
    render();

    const list = within(await screen.findByRole('list', { name: 'Usuários' }));
    const card = within((await list.findByText('Carla')).closest('li')!);
    expect(card.getByText('Desativado')).toBeTruthy();
    expect(card.getByText('Não confirmado')).toBeTruthy();
    expect(card.getByText(/Último acesso: Nunca/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Gerenciar Carla' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the detail, asks before making a Moderator, and sends the whole role list', async () => {
    const sent = server((r) =>
      r.method === 'PUT' && r.path.endsWith('/roles') ? json(200, detail(MEMBER, { roles: ['Moderator'] })) : undefined,
    );
    const clicker = userEvent.setup();
    render();

    await clicker.click((await row('<b>Bruno</b>')).getByRole('button', { name: 'Gerenciar <b>Bruno</b>' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Recife, PE, Brasil')).toBeTruthy();
    expect(dialog.getByText('Sport')).toBeTruthy();
    expect(dialog.getByText('2 sessões')).toBeTruthy();
    expect(dialog.getByText('Feminino')).toBeTruthy();
    // Histórico: this user's changes from the audit trail.
    expect(
      await dialog.findByText((_, element) => element?.tagName === 'LI' && element.textContent === 'Ativo: Não → Sim'),
    ).toBeTruthy();
    expect(dialog.getByText('Alice Admin')).toBeTruthy();
    const audit = sent.find((r) => r.path === '/api/manage/audit')!;
    expect(audit.search.get('target')).toBe(MEMBER.id);
    expect(audit.search.get('resource')).toBe('users');

    await clicker.click(dialog.getByRole('button', { name: 'Tornar Moderador' }));
    expect(dialog.getByText('Tornar <b>Bruno</b> Moderador?')).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    await clicker.click(dialog.getAllByRole('button', { name: 'Tornar Moderador' }).at(-1)!);
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/api/manage/users/${MEMBER.id}/roles`);
    expect(put.body).toEqual({ roles: ['Moderator'] });
  });

  it("shows the server's refusal (the last Admin) in the dialog and never offers self-deactivation", async () => {
    server((r) =>
      r.method === 'PUT'
        ? json(409, {
            statusCode: 409,
            code: 'LAST_ADMIN',
            message: 'Não é possível: este é o último Admin ativo.',
          })
        : undefined,
    );
    const clicker = userEvent.setup();
    render();

    await clicker.click((await row('Ana Admin')).getByRole('button', { name: 'Gerenciar Ana Admin' }));
    const dialog = within(await screen.findByRole('dialog'));
    const deactivate = await dialog.findByRole('button', { name: 'Desativar conta' });
    expect((deactivate as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByText('Você não pode desativar a sua própria conta.')).toBeTruthy();

    await clicker.click(dialog.getByRole('button', { name: 'Remover Admin' }));
    await clicker.click(dialog.getAllByRole('button', { name: 'Remover Admin' }).at(-1)!);
    expect((await dialog.findByRole('alert')).textContent).toContain('último Admin ativo');
  });

  it('resends the confirmation of an unconfirmed account with the server message', async () => {
    const sent = server((r) =>
      r.method === 'POST'
        ? json(200, { message: 'Novo link de confirmação enviado para pessoa3@example.com.' })
        : undefined,
    );
    const clicker = userEvent.setup();
    render();
    await clicker.click((await row('Carla')).getByRole('button', { name: 'Gerenciar Carla' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('button', { name: 'Reativar conta' })).toBeTruthy();
    await clicker.click(dialog.getByRole('button', { name: 'Reenviar confirmação' }));
    expect(dialog.getByText('Um novo link vai para pessoa3@example.com; o link anterior deixa de valer.')).toBeTruthy();
    await clicker.click(dialog.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST')?.path).toBe(`/api/manage/users/${PENDING.id}/resend-confirmation`),
    );
  });
});

import type { ManageTerms } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { jwtExpiringIn } from '#lib/testing/fake-jwt.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaTermsRoute } from './sistema-terms-route.tsx';

// Sistema → Termos with the real pt texts; fetch plays the server.

const version = (n: number, patch: Partial<ManageTerms> = {}): ManageTerms => ({
  version: n,
  titlePt: `Termos de uso ${n}`,
  titleEn: `Terms of use ${n}`,
  bodyPt: `## Regras\n\nTexto em português da versão ${n}.`,
  bodyEn: `## Rules\n\nEnglish text of version ${n}.`,
  status: 'current',
  createdAt: '2026-10-01T12:00:00.000Z',
  publishedAt: '2026-10-02T12:00:00.000Z',
  acceptedCount: 12,
  ...patch,
});
const summary = ({ bodyPt: _pt, bodyEn: _en, ...rest }: ManageTerms) => rest;
const noAudit = () => json(200, { items: [], total: 0, page: 1, pageSize: 50 });

beforeAll(() => initTestI18n('pt'));
beforeEach(() => {
  authStore.setAuth(
    { email: 'admin@manto.test', name: 'Ana', team: null, roles: ['Admin'] },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('SistemaTermsRoute', () => {
  it('lists the versions with their status and acceptances', async () => {
    const current = version(2);
    const previous = version(1, { status: 'previous', acceptedCount: 3 });
    fakeServer(() => json(200, { items: [summary(current), summary(previous)] }));
    renderScreen(<SistemaTermsRoute />);
    const table = await screen.findByRole('table', { name: 'Termos de uso' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Termos de uso 2')).toBeTruthy();
    expect(within(rows[1]!).getByText('Atual')).toBeTruthy();
    expect(within(rows[2]!).getByText('Anterior')).toBeTruthy();
    expect(within(rows[2]!).getByText('3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nova versão' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeServer(() => json(200, { items: [] }));
    renderScreen(<SistemaTermsRoute />);
    expect(await screen.findByRole('heading', { name: 'Nenhuma versão dos termos' })).toBeTruthy();
  });

  it('prefills a new version from the current one and shows the server’s field errors', async () => {
    const current = version(2);
    const sent = fakeServer(({ method, path }) => {
      if (path === '/api/manage/terms' && method === 'POST')
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Confira os campos destacados.',
          details: { bodyEn: 'Use pelo menos 20 caracteres.' },
        });
      if (path === '/api/manage/terms/2') return json(200, current);
      return json(200, { items: [summary(current)] });
    });
    renderScreen(<SistemaTermsRoute />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nova versão' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova versão dos termos' }));
    const titles = await dialog.findAllByLabelText(/Título/);
    expect((titles[0] as HTMLInputElement).value).toBe('Termos de uso 2');
    await user.clear(titles[0]!);
    await user.click(titles[0]!);
    await user.paste('Termos de uso 3');

    await user.click(dialog.getByRole('tab', { name: 'Prévia' }));
    expect(await dialog.findByText('Termos de uso 3')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Regras' })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Criar rascunho' }));
    // Back on the fields, with the server's message under the one it names.
    expect(await dialog.findByText('Use pelo menos 20 caracteres.')).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'Editar' }).getAttribute('aria-selected')).toBe('true');
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      titlePt: 'Termos de uso 3',
      titleEn: 'Terms of use 2',
    });
  });

  it('publishes a draft only after the confirmation that every member will have to accept it', async () => {
    const current = version(2);
    let draft: ManageTerms | null = version(3, { status: 'draft', publishedAt: null, acceptedCount: 0 });
    const sent = fakeServer(({ method, path }) => {
      if (path === '/api/manage/terms/3/publish' && method === 'POST') {
        const published = { ...draft!, status: 'current' as const, publishedAt: '2026-11-24T12:00:00.000Z' };
        draft = null;
        return json(200, published);
      }
      if (path === '/api/manage/terms/3') return json(200, draft);
      if (path === '/api/manage/audit') return noAudit();
      if (path === '/api/me') return json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' });
      return json(200, { items: draft ? [summary(draft), summary(current)] : [summary(current)] });
    });
    renderScreen(<SistemaTermsRoute />);
    const user = userEvent.setup();
    expect(await screen.findByText(/Já existe um rascunho \(versão 3\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Abrir rascunho (versão 3)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rascunho · versão 3' }));
    await user.click(await dialog.findByRole('button', { name: 'Publicar' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Publicar os termos' }));
    expect(confirm.getByText(/todos os membros terão de aceitá-la/)).toBeTruthy();
    expect(sent.some((r) => r.path.endsWith('/publish'))).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'POST' && r.path === '/api/manage/terms/3/publish')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Abrir rascunho (versão 3)' })).toBeNull());
  });
});

import type { AuditEntry } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaAuditRoute } from './sistema-audit-route.tsx';

// The audit trail screen with the real pt texts; fetch plays the server.

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-24T10:00:00.000Z',
  actorId: '00000000-0000-4000-8000-000000000001',
  actorName: 'Moderadora Ana',
  action: 'update',
  resource: 'teams',
  targetId: '00000000-0000-4000-8000-0000000000aa',
  route: 'PUT /api/manage/teams/:id',
  changes: { name: { before: 'Náutico', after: '<b>Náutico</b> Capibaribe' } },
  ...patch,
});

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('SistemaAuditRoute', () => {
  it('lists who changed what, with the fields before and after as text, and filters by kind of record', async () => {
    const sent = fakeServer(({ search }) =>
      json(200, {
        items:
          search.get('resource') === 'jerseys'
            ? []
            : [
                entry({}),
                entry({
                  id: '2',
                  actorName: 'Admin Bia',
                  action: 'create',
                  resource: 'tournaments',
                  changes: { size: { before: null, after: 8 } },
                }),
              ],
        total: search.get('resource') === 'jerseys' ? 0 : 2,
        page: 1,
        pageSize: 20,
      }),
    );
    renderScreen(<SistemaAuditRoute />, { path: '/sistema/auditoria', signedIn: { roles: ['Admin'] } });

    const row = within((await screen.findByText('Moderadora Ana')).closest('tr')!);
    expect(row.getByText('Alterou')).toBeTruthy();
    expect(row.getByText('Time')).toBeTruthy();
    // Markup in a stored value is shown as text.
    expect(row.getByText('Náutico → <b>Náutico</b> Capibaribe')).toBeTruthy();
    expect(screen.getByText('definido como 8')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de registro' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Camisa' }));
    expect(await screen.findByText('Nenhuma alteração registrada')).toBeTruthy();
    await waitFor(() => expect(sent.at(-1)?.search.get('resource')).toBe('jerseys'));
  });
});

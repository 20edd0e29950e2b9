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

/** A changed field's line, whole (label, values and arrow are separate elements). */
const change = (text: string | RegExp) =>
  screen.getByText(
    (_, element) =>
      element?.tagName === 'LI' &&
      (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '')),
  );

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
    // Each field by its label; markup in a stored value is shown as text; the record by its name.
    expect(change('Nome: Náutico → <b>Náutico</b> Capibaribe')).toBeTruthy();
    expect(row.getByText('<b>Náutico</b> Capibaribe', { selector: 'p' })).toBeTruthy();
    expect(change('Tamanho da chave: definido como 8')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de registro' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Camisa' }));
    expect(await screen.findByText('Nenhuma alteração registrada')).toBeTruthy();
    await waitFor(() => expect(sent.at(-1)?.search.get('resource')).toBe('jerseys'));
  });

  it('shows values as the screens do: codes by their labels, colours by name, dates and yes or no in the reader’s words', async () => {
    fakeServer(() =>
      json(200, {
        items: [
          entry({
            action: 'create',
            changes: {
              name: { before: null, after: 'Alemanha' },
              category: { before: null, after: 'national' },
              article: { before: null, after: 'a' },
              baseColor: { before: null, after: '#C8102E' },
              crestImageId: { before: null, after: '0b7c2a4e-1d2f-4c8a-9b1e-2f3a4b5c6d7e' },
            },
          }),
          entry({
            id: '2',
            resource: 'jerseys',
            changes: {
              startsAt: { before: '2026-11-24T10:00:00.000Z', after: '2026-11-25T13:30:00.000Z' },
              active: { before: true, after: false },
            },
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    );
    renderScreen(<SistemaAuditRoute />, { path: '/sistema/auditoria', signedIn: { roles: ['Admin'] } });

    expect(await screen.findByText('Alemanha', { selector: 'p' })).toBeTruthy();
    expect(change('Categoria: definido como Seleção')).toBeTruthy();
    expect(change('Artigo do nome: definido como a (da, pela)')).toBeTruthy();
    expect(change('Cor base: definido como Vermelho')).toBeTruthy();
    expect(screen.getByText('0b7c2a4e').getAttribute('title')).toBe('0b7c2a4e-1d2f-4c8a-9b1e-2f3a4b5c6d7e');
    // Dates in the reader's format (the zone is the machine's, so only the shape is fixed here), never ISO.
    expect(change(/^Início: \d{2}\/\d{2}\/2026, \d{2}:\d{2} → \d{2}\/\d{2}\/2026, \d{2}:\d{2}$/)).toBeTruthy();
    // A jersey is "ativa" (a user "ativo": sistema-users-route.test.tsx).
    expect(change('Ativa: Sim → Não')).toBeTruthy();
    expect(screen.queryByText(/2026-11-25T/)).toBeNull();
  });
});

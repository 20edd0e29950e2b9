import type { ManageFeedback } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCard } from '#lib/testing/cards.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { mediaQueries } from '#lib/testing/media.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaFeedbacksRoute } from './sistema-feedbacks-route.tsx';
import { toasts } from '#lib/testing/toasts.ts';

// The Sistema feedback list with the real pt texts; fetch plays the server.

const XSS = '<img src=x onerror="alert(1)">';

const feedback = (n: number, patch: Partial<ManageFeedback>): ManageFeedback => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  type: 'suggestion',
  title: `Feedback ${n}`,
  message: `Mensagem ${n}`,
  status: 'pending',
  priority: 'medium',
  email: null,
  user: null,
  pagePath: '/rankings',
  userAgent: 'Mozilla/5.0',
  note: null,
  createdAt: '2030-01-01T12:00:00.000Z',
  updatedAt: '2030-01-01T12:00:00.000Z',
  ...patch,
});

const VISITOR = feedback(1, { type: 'bug', title: XSS, message: `${XSS}\nsegunda linha`, email: 'fan@example.com' });
const REVIEWED = feedback(2, { status: 'reviewed', priority: 'high', user: { id: 'u1', name: 'Torcedora' } });
const RESOLVED = feedback(3, { status: 'resolved', priority: 'low', note: 'Feito.' });

const page = (items: ManageFeedback[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });

function server(answer: (r: FakeRequest) => Response | undefined = () => undefined) {
  return fakeServer((r) => answer(r) ?? page([VISITOR, REVIEWED, RESOLVED]));
}

const render = (path = '/sistema/feedbacks') =>
  renderScreen(<SistemaFeedbacksRoute />, { path, signedIn: { roles: ['Moderator'] } });
const row = async (title: string) => within((await screen.findByRole('button', { name: title })).closest('tr')!);

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SistemaFeedbacksRoute', () => {
  it('lists feedback with its type, status and priority; filters and sort come from the URL', async () => {
    const sent = server();
    render('/sistema/feedbacks?situacao=pending&tipo=bug&prioridade=high&ordem=-priority&q=zebra');

    // Markup in a title is text: shown as typed, nothing rendered from it.
    const visitor = await row(XSS);
    expect(visitor.getByText('Bug')).toBeTruthy();
    expect(visitor.getByText('Pendente')).toBeTruthy();
    expect(visitor.getByText('Visitante')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const reviewed = await row('Feedback 2');
    expect(reviewed.getByText('Revisado')).toBeTruthy();
    expect(reviewed.getByText('Alta')).toBeTruthy();
    expect(reviewed.getByText('Torcedora')).toBeTruthy();

    const list = sent.find((r) => r.path === '/api/manage/feedbacks')!;
    expect(Object.fromEntries(list.search)).toMatchObject({
      status: 'pending',
      type: 'bug',
      priority: 'high',
      sort: '-priority',
    });
    expect(screen.getByRole('columnheader', { name: /Prioridade/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('on a phone shows each feedback as a card: the title first (it opens the detail), the fields labelled; no table', async () => {
    vi.stubGlobal(
      'matchMedia',
      mediaQueries((query) => query.includes('max-width')),
    );
    server();
    const user = userEvent.setup();
    render();

    const visitor = await findCard('Feedbacks', XSS);
    expect(visitor.item.textContent).toMatch(/^<img src=x/);
    expect(visitor.field('Tipo').textContent).toBe('Bug');
    expect(visitor.field('Situação').textContent).toBe('Pendente');
    expect(visitor.field('Prioridade').textContent).toBe('Média');
    expect(visitor.field('Enviado por').textContent).toBe('Visitante');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((await findCard('Feedbacks', 'Feedback 2')).field('Enviado por').textContent).toBe('Torcedora');
    expect(screen.queryByRole('table')).toBeNull();

    // The title is a button a keyboard reaches and presses.
    visitor.getByRole('button', { name: XSS }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: XSS })).toBeTruthy();
  });

  it('says "Nenhum feedback encontrado." when nothing matches', async () => {
    server(() => page([]));
    render('/sistema/feedbacks?situacao=resolved');
    expect(await screen.findByText('Nenhum feedback encontrado.')).toBeTruthy();
  });

  it('opens the detail, moves the status and saves priority and note', async () => {
    const sent = server((r) => {
      if (r.method !== 'PATCH') return undefined;
      const body = r.body as Record<string, string>;
      return json(200, { ...REVIEWED, ...body, note: body.note ?? REVIEWED.note });
    });
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Feedback 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Feedback 2' }));
    expect(dialog.getByText('Mensagem 2')).toBeTruthy();
    // Reviewed: it may be resolved or reopened, not sent back to reviewed.
    expect(dialog.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Marcar como revisado' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Marcar como resolvido' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
        path: `/api/manage/feedbacks/${REVIEWED.id}`,
        body: { status: 'resolved' },
      }),
    );
    await waitFor(() => expect(toasts('success')).toContain('Feedback marcado como resolvido.'));
    // Resolved now: only reopening is offered, and the keyboard stays in the dialog, on it.
    const reopen = await dialog.findByRole('button', { name: 'Reabrir' });
    expect(dialog.queryByRole('button', { name: 'Marcar como resolvido' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reopen));

    await user.click(dialog.getByRole('textbox', { name: /Nota interna/ }));
    await user.paste('Respondido por e-mail.');
    await user.click(dialog.getByRole('button', { name: 'Salvar nota e prioridade' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PATCH')[1]?.body).toEqual({
        priority: 'high',
        note: 'Respondido por e-mail.',
      }),
    );
  });

  it('shows a visitor’s message as text, with line breaks and the reply address', async () => {
    server();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: XSS }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/segunda linha/).textContent).toBe(`${XSS}\nsegunda linha`);
    expect(dialog.getByText('fan@example.com')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Marcar como revisado' })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

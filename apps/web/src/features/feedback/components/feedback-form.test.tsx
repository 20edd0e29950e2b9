import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeFeedbackDialog, openFeedbackDialog } from '#lib/feedback-dialog.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen, signIn } from '#lib/testing/render.tsx';
import { FeedbackDialog } from './feedback-dialog.tsx';
import { toasts } from '#lib/testing/toasts.ts';

const created = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'bug',
  title: 'Botão quebrado',
  message: 'O botão de votar não responde.',
  status: 'pending',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

async function openDialog(path = '/rankings?escopo=global') {
  renderScreen(<FeedbackDialog />, { path });
  act(() => openFeedbackDialog());
  return within(await screen.findByRole('dialog', { name: 'Enviar feedback' }));
}

async function fill(dialog: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>) {
  await user.click(dialog.getByRole('radio', { name: 'Bug' }));
  await user.type(dialog.getByRole('textbox', { name: /^Título/ }), 'Botão quebrado');
  await user.type(dialog.getByRole('textbox', { name: /^Mensagem/ }), 'O botão de votar não responde.');
}

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  act(() => closeFeedbackDialog());
  vi.unstubAllGlobals();
});

describe('FeedbackDialog', () => {
  it('checks the fields before sending', async () => {
    const sent = fakeServer(() => json(201, created));
    const user = userEvent.setup();
    const dialog = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    expect(await dialog.findByText('Escolha o tipo: sugestão, reclamação, bug ou elogio.')).toBeTruthy();
    expect(dialog.getAllByText('Campo obrigatório.')).toHaveLength(2);
    await user.type(dialog.getByRole('textbox', { name: /^Mensagem/ }), 'curta');
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    expect(await dialog.findByText('Use ao menos 10 caracteres.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends a visitor’s feedback with the page and e-mail, shows server errors on their fields, then a toast', async () => {
    let attempt = 0;
    const sent = fakeServer(() =>
      ++attempt === 1
        ? json(400, {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Verifique os campos destacados.',
            details: { email: 'Formato de e-mail inválido.', title: 'Use no máximo 120 caracteres.' },
          })
        : json(201, created),
    );
    const user = userEvent.setup();
    const dialog = await openDialog();
    await fill(dialog, user);
    await user.type(dialog.getByRole('textbox', { name: /^E-mail para resposta/ }), 'fan@example.com');
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));

    expect(await dialog.findByText('Formato de e-mail inválido.')).toBeTruthy();
    expect(dialog.getByText('Use no máximo 120 caracteres.')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/feedback',
      body: {
        type: 'bug',
        title: 'Botão quebrado',
        message: 'O botão de votar não responde.',
        email: 'fan@example.com',
        pagePath: '/rankings?escopo=global',
      },
    });

    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(toasts('success')).toContain('Feedback enviado. Obrigado!'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the hourly limit’s message, and asks a member for no e-mail', async () => {
    signIn();
    const message = 'Você já enviou 5 feedbacks na última hora. Obrigado! Tente de novo em 12 minutos.';
    const sent = fakeServer(() => json(429, { statusCode: 429, code: 'FEEDBACK_RATE_LIMITED', message }));
    const user = userEvent.setup();
    const dialog = await openDialog();
    expect(dialog.queryByRole('textbox', { name: /^E-mail/ })).toBeNull();
    await fill(dialog, user);
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(message);
    expect(sent[0]?.body).not.toHaveProperty('email');
  });
});

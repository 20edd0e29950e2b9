import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { DeleteAccount } from './delete-account.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteAccount', () => {
  it('asks for the password, shows a wrong one on the field, and ends the session once deleted', async () => {
    const sent = fakeServer(({ body }) =>
      (body as { password?: string }).password === 'certa-123'
        ? json(200, { message: 'Sua conta foi excluída. Seus votos continuam contando, sem ligação com você.' })
        : json(400, {
            statusCode: 400,
            code: 'WRONG_PASSWORD',
            message: 'A senha atual está incorreta.',
            details: { password: 'A senha atual está incorreta.' },
          }),
    );
    renderScreen(<DeleteAccount hasPassword />, { signedIn: {} });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir sua conta?' }));
    await user.type(dialog.getByLabelText(/Sua senha atual/), 'errada');
    await user.click(dialog.getByRole('button', { name: 'Excluir para sempre' }));
    expect(await dialog.findByText('A senha atual está incorreta.')).toBeTruthy();
    expect(authStore.getState().tokens).not.toBeNull();

    await user.clear(dialog.getByLabelText(/Sua senha atual/));
    await user.type(dialog.getByLabelText(/Sua senha atual/), 'certa-123');
    await user.click(dialog.getByRole('button', { name: 'Excluir para sempre' }));
    await waitFor(() => expect(authStore.getState().tokens).toBeNull());
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/me', body: { password: 'certa-123' } });
  });
});

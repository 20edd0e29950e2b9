import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { LoginRoute } from './login-route.tsx';

// The login screen with the real pt texts; fetch plays the server (no social provider configured).
beforeAll(() => initTestI18n('pt'));

describe('LoginRoute', () => {
  it('says why it opened when the session ended by itself', async () => {
    fakeServer(() => json(200, []));
    renderScreen(<LoginRoute />, { path: '/auth/login?sessao=encerrada' });
    expect(await screen.findByText('Sua sessão terminou')).toBeTruthy();
    expect(screen.getByText(/foi encerrada em outro lugar, por exemplo com a troca da senha/)).toBeTruthy();
  });

  it('says nothing of the kind when opened by the visitor', async () => {
    const sent = fakeServer(() => json(200, []));
    renderScreen(<LoginRoute />, { path: '/auth/login' });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(screen.queryByText('Sua sessão terminou')).toBeNull();
  });
});

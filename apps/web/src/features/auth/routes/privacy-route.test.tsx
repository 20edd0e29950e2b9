import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFooter } from '#components/layout/app-footer.tsx';
import { i18n } from '#lib/i18n.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { json } from '#lib/testing/render.tsx';
import { theme } from '#lib/theme.ts';
import { PrivacyRoute } from './privacy-route.tsx';

// /privacidade with the real texts: reached from the footer beside the terms; the retention period is the
// server's (fetch plays GET /api/privacy with a period other than the default, so the page cannot hard-code it).

function stubPrivacy(status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (new URL(input, window.location.href).pathname !== '/api/privacy' || status !== 200)
        return json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Serviço indisponível.' });
      return json(200, { voteTraceRetentionDays: 45 });
    }),
  );
}

function renderApp(path: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/privacidade" element={<PrivacyRoute />} />
              <Route path="*" element={null} />
            </Routes>
            <AppFooter />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PrivacyRoute', () => {
  it('is reached from the footer beside the terms and says what is kept, why, for how long, and how to leave', async () => {
    await initTestI18n('pt');
    stubPrivacy();
    const user = userEvent.setup();
    renderApp('/');
    const footerLinks = within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(footerLinks.indexOf('Privacidade')).toBe(footerLinks.indexOf('Termos de uso') + 1);

    await user.click(screen.getByRole('link', { name: 'Privacidade' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidade' })).toBeTruthy();
    const traces = screen.getByRole('region', { name: 'De onde veio cada voto' });
    expect(within(traces).getByText(/resumo cifrado do seu endereço IP/)).toBeTruthy();
    expect(within(traces).getByText(/^45 dias; depois são apagados\./)).toBeTruthy();
    for (const name of ['Sua conta', 'Seus votos', 'Sessões', 'Feedbacks', 'Registros do servidor'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
    const rights = screen.getByRole('region', { name: 'Seus dados, suas escolhas' });
    expect(within(rights).getByText(/baixar tudo o que o Manto guarda sobre você/)).toBeTruthy();
    expect(within(rights).getByText(/excluir a conta para sempre/)).toBeTruthy();
    expect(within(rights).getByRole('link', { name: 'Ir ao meu perfil' }).getAttribute('href')).toBe('/auth/perfil');
  });

  it('in English too', async () => {
    await initTestI18n('en');
    stubPrivacy();
    renderApp('/privacidade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(screen.getByText(/^45 days, then erased\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacidade');
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toBeTruthy();
  });

  it('says so when the period cannot be loaded, and offers to try again', async () => {
    await initTestI18n('pt');
    stubPrivacy(503);
    renderApp('/privacidade');
    expect(await screen.findByText('Serviço indisponível.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacidade' })).toBeTruthy();
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFooter } from '#components/layout/app-footer.tsx';
import { i18n } from '#lib/i18n.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { json } from '#lib/testing/render.tsx';
import { theme } from '#lib/theme.ts';
import { TermsModal } from '../components/terms-modal.tsx';
import { TermsRoute } from './terms-route.tsx';

// /termos with the real texts: the footer's link leads there, the body's Markdown blocks become elements
// and whatever HTML it holds stays text. fetch plays GET /api/terms/current, answering in the asked language.

const BODY = {
  pt: [
    '## Seus votos',
    '',
    'Votos são **anônimos**.',
    '',
    '- Sem robôs',
    '- Sem contas falsas',
    '',
    '<img src=x onerror=alert(1)> fica como texto.',
    '',
    '## 9. Novidade',
    'Uma linha logo abaixo do título, com [a política](https://manto.example/privacidade) e [um truque](javascript:alert(1)).',
  ].join('\n'),
  en: 'Votes are **anonymous**.',
};

function stubTerms(status = 200) {
  const languages: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const language = new Headers(init.headers).get('Accept-Language') ?? '';
      languages.push(language);
      if (new URL(input, window.location.href).pathname !== '/api/terms/current' || status !== 200)
        return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Registro não encontrado.' });
      const en = language.startsWith('en');
      return json(200, {
        version: 3,
        title: en ? 'Manto terms of use' : 'Termos de uso do Manto',
        body: en ? BODY.en : BODY.pt,
        publishedAt: '2030-03-02T15:00:00.000Z',
      });
    }),
  );
  return languages;
}

function renderApp(path: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/termos" element={<TermsRoute />} />
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

describe('TermsRoute', () => {
  beforeEach(() => initTestI18n('pt'));

  it('is reached from the footer and shows the current terms, Markdown as elements and HTML as text', async () => {
    stubTerms();
    const user = userEvent.setup();
    renderApp('/');

    await user.click(screen.getByRole('link', { name: 'Termos de uso' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de uso do Manto' })).toBeTruthy();
    expect(screen.getByText(/^Versão 3 · publicada em 2 de março de 2030$/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Seus votos' })).toBeTruthy();
    expect(screen.getByText('anônimos').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sem robôs', 'Sem contas falsas']);
    expect(screen.getByText('<img src=x onerror=alert(1)> fica como texto.')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    // A heading with its text on the very next line is still a heading, then a paragraph.
    expect(screen.getByRole('heading', { level: 2, name: '9. Novidade' })).toBeTruthy();
    expect(screen.getByText(/^Uma linha logo abaixo do título/).tagName).toBe('P');
    const link = screen.getByRole('link', { name: 'a política' });
    expect(link.getAttribute('href')).toBe('https://manto.example/privacidade');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'um truque' })).toBeNull();
    expect(document.querySelector('[href^="javascript"]')).toBeNull();
  });

  it('asks for the interface language', async () => {
    await initTestI18n('en');
    const languages = stubTerms();
    renderApp('/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manto terms of use' })).toBeTruthy();
    expect(languages[0]).toMatch(/^en/);
    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/termos');
  });

  it('says so when there are no published terms', async () => {
    stubTerms(404);
    renderApp('/termos');
    expect(await screen.findByText('Registro não encontrado.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeTruthy();
  });
});

describe("TermsModal (the register form's terms)", () => {
  beforeEach(() => initTestI18n('pt'));

  it('shows the terms and links to their page in a new tab, so the form is kept', async () => {
    stubTerms();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter>
              <TermsModal opened onClose={() => {}} />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Seus votos' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Abrir os termos em uma nova aba' });
    expect(link.getAttribute('href')).toBe('/termos');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

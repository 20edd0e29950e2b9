import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyCollection, testEntry } from '#lib/testing/collection.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { MyCollection } from './my-collection.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

const LISTS = emptyCollection({
  owned: [testEntry('owned', 'j1', { size: 'GG' })],
  wanted: [testEntry('wanted', 'j2', { targetPriceCents: 19_990, standing: null })],
});

describe('"Minha coleção" on the profile (ADR 0042)', () => {
  it('lists the owned and wanted jerseys with size, target price and rank, and takes one off', async () => {
    const sent = fakeServer((r) => (r.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, LISTS)));
    renderScreen(<MyCollection />, { signedIn: {} });
    expect(((await screen.findByRole('radio', { name: 'Tenho (1)' })) as HTMLInputElement).checked).toBe(true);
    const owned = screen.getByRole('region', { name: 'Minha coleção' });
    expect(within(owned).getByRole('link', { name: 'Aurora 2024 · Titular' }).getAttribute('href')).toBe(
      '/camisas/time/aurora/2024-titular-j1',
    );
    expect(within(owned).getByText('3º de 40 no ranking global')).toBeTruthy();
    expect(within(owned).getByText('Tamanho GG')).toBeTruthy();

    await userEvent.click(screen.getByText('Quero (1)'));
    const wanted = screen.getByRole('region', { name: 'Minha coleção' });
    expect(within(wanted).queryByText('Tamanho GG')).toBeNull();
    expect(within(wanted).getByText('Ainda fora do ranking')).toBeTruthy();
    expect(within(wanted).getByText(/Avise-me abaixo de R\$\s199,90/)).toBeTruthy();
    await userEvent.click(within(wanted).getByRole('button', { name: 'Tirar Aurora 2024 · Titular da lista' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Quero (0)' })).toBeTruthy());
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/me/collection/wanted/j2' });
  });

  it('is private by default; the switch makes it public and shows its link', async () => {
    const sent = fakeServer((r) =>
      r.method === 'PATCH' ? json(200, { public: true, shareId: 'abc123' }) : json(200, LISTS),
    );
    renderScreen(<MyCollection />, { signedIn: {} });
    const toggle = await screen.findByRole('switch', { name: /^Coleção pública/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'Link público' })).toBeNull();
    await userEvent.click(toggle);
    const link = await screen.findByRole('textbox', { name: 'Link público' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/app/colecao/abc123`);
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/me/collection', body: { public: true } });
  });
});

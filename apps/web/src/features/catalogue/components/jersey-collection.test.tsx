import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyCollection, testEntry } from '#lib/testing/collection.ts';
import { setShop } from '#lib/testing/features.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { JerseyCollection } from './jersey-collection.tsx';

const PATH = '/camisas/time/aurora/2024-titular';

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('"Tenho" and "Quero" on a jersey page (ADR 0042)', () => {
  it('sends a visitor to sign in and back to the jersey, asking nothing', () => {
    const sent = fakeServer(() => json(500, {}));
    renderScreen(<JerseyCollection jerseyId="j1" path={PATH} />);
    for (const name of ['Tenho', 'Quero'])
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(
        `/auth/login?redirectTo=${encodeURIComponent(PATH)}`,
      );
    expect(sent).toHaveLength(0);
  });

  it('a member toggles "Tenho" on, picks a size, and toggles it off', async () => {
    setShop(false);
    const sent = fakeServer((r) => {
      if (r.method === 'GET') return json(200, emptyCollection());
      if (r.method === 'DELETE') return new Response(null, { status: 204 });
      const body = r.body as { size?: string };
      return json(200, testEntry('owned', 'j1', { size: (body.size as 'G' | undefined) ?? null }));
    });
    renderScreen(<JerseyCollection jerseyId="j1" path={PATH} />, { signedIn: {} });
    const have = await screen.findByRole('button', { name: 'Tenho' });
    await waitFor(() => expect(have.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(have.hasAttribute('data-loading')).toBe(false));
    await userEvent.click(have);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tenho' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', path: '/api/me/collection/owned/j1', body: {} });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tamanho da camisa que você tem' }), 'G');
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { size: 'G' } }));
    // No price alert with the shop off.
    expect(screen.queryByRole('textbox', { name: 'Avise-me abaixo de' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Tenho' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tenho' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/me/collection/owned/j1' });
  });

  it('with the shop on, a wanted jersey takes a target price in reais, sent in cents', async () => {
    setShop(true);
    const sent = fakeServer((r) => {
      if (r.method === 'GET') return json(200, emptyCollection({ wanted: [testEntry('wanted', 'j1')] }));
      const body = r.body as { targetPriceCents: number };
      return json(200, testEntry('wanted', 'j1', { targetPriceCents: body.targetPriceCents }));
    });
    renderScreen(<JerseyCollection jerseyId="j1" path={PATH} />, { signedIn: {} });
    const price = await screen.findByRole('textbox', { name: 'Avise-me abaixo de' });
    expect(screen.getByRole('button', { name: 'Quero' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(price, 'abc{Enter}');
    expect(await screen.findByText('Informe um preço, como 199,90.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(price);
    await userEvent.type(price, '199,90{Enter}');
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { targetPriceCents: 19_990 } }));
    await waitFor(() => expect((price as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('R$ 199,90'));
  });
});

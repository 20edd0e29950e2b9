import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setShop } from '#lib/testing/features.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { JerseyWhereToBuy } from './jersey-where-to-buy.tsx';

const offer = {
  productSlug: 'camisa-aurora-2025',
  productName: 'Camisa Aurora 2025',
  offer: { storeName: 'Loja A', priceCents: 29_990, url: 'https://a.example.com/p' },
};

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('Onde comprar on a jersey page', () => {
  it('shows the cheapest offer with the product page and the store link', async () => {
    setShop(true);
    fakeServer((r) => (r.path === '/api/shop/jerseys/j1/offer' ? json(200, offer) : json(500, {})));
    renderScreen(<JerseyWhereToBuy jerseyId="j1" />);
    expect(await screen.findByRole('heading', { name: 'Onde comprar' })).toBeTruthy();
    expect(screen.getByText(/R\$\s299,90 na Loja A/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comparar lojas: Camisa Aurora 2025' }).getAttribute('href')).toBe(
      '/loja/camisa-aurora-2025',
    );
    const store = screen.getByRole('link', { name: 'Ir à loja Loja A (abre em nova aba)' });
    expect(store.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    expect(store.getAttribute('target')).toBe('_blank');
  });

  it('shows nothing when the shop does not sell the jersey', async () => {
    setShop(true);
    const sent = fakeServer(() => json(200, null));
    renderScreen(<JerseyWhereToBuy jerseyId="j1" />);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Onde comprar' })).toBeNull();
  });

  it('with the shop off, asks nothing and shows nothing', () => {
    setShop(false);
    const sent = fakeServer(() => json(200, offer));
    renderScreen(<JerseyWhereToBuy jerseyId="j1" />);
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Onde comprar' })).toBeNull();
  });
});

import type { Offer, ProductDetail } from '@manto/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { ProductRoute } from './product-route.tsx';

// The product page with the real pt texts; fetch plays the server.

const offer = (id: string, storeName: string, priceCents: number, over: Partial<Offer> = {}): Offer => ({
  id,
  storeName,
  url: `https://${id}.example.com/produto`,
  priceCents,
  shippingNote: 'Frete grátis acima de R$ 200',
  inStock: true,
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

const image = (n: number) => ({
  id: `i${n}`,
  src: `/img/${n}.webp`,
  srcSet: `/img/${n}.webp 480w`,
  width: 480,
  height: 480,
});

const detail: ProductDetail = {
  slug: 'camisa-aurora-2025',
  category: 'jerseys',
  name: 'Camisa Aurora 2025 Titular',
  team: 'Aurora FC',
  image: image(1),
  priceCents: 34_990,
  discountPercent: 10,
  finalPriceCents: 31_491,
  currency: 'BRL',
  rating: 4.2,
  reviewsCount: 1,
  isNew: true,
  inStock: true,
  bestOffer: null,
  description: 'A camisa titular da temporada.',
  season: '2025/26',
  images: [image(1), image(2), image(3)],
  colours: ['Azul', 'Branco'],
  sizes: [
    { size: 'P', inStock: true },
    { size: 'G', inStock: false },
  ],
  // Deliberately out of order: the page shows the cheapest first whatever it gets.
  offers: [
    offer('b', 'Loja B', 32_000),
    offer('a', 'Loja A', 29_990, { inStock: false }),
    offer('c', 'Loja C', 35_500),
  ],
  jersey: { id: 'j1', label: 'Aurora FC 2025/26 · Titular', teamSlug: 'aurora-fc', slug: '2025-titular' },
};

function renderProduct(product: ProductDetail | null) {
  fakeServer((request) =>
    request.path === `/api/shop/products/${detail.slug}` && product
      ? json(200, product)
      : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' }),
  );
  return renderScreen(<ProductRoute />, { path: `/loja/${detail.slug}`, route: '/loja/:productSlug' });
}

const text = (el: Element) => el.textContent?.replace(/\s+/g, ' ').trim();

beforeAll(() => initTestI18n('pt'));
afterEach(() => vi.unstubAllGlobals());

describe('/loja/:productSlug', () => {
  it('compares the partner offers cheapest first, each a sponsored link to a new tab', async () => {
    renderProduct(detail);
    expect(await screen.findByRole('heading', { level: 1, name: detail.name })).toBeTruthy();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => text(within(row).getByRole('rowheader')))).toEqual(['Loja A', 'Loja B', 'Loja C']);
    expect(text(rows[0]!)).toContain('R$ 299,90');
    expect(within(rows[0]!).getByText('Indisponível')).toBeTruthy();
    expect(within(rows[1]!).getByText('Disponível')).toBeTruthy();

    const links = within(table).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://a.example.com/produto',
      'https://b.example.com/produto',
      'https://c.example.com/produto',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    }
    expect(links[0]!.getAttribute('aria-label')).toBe('Ir à loja Loja A (abre em nova aba)');
    expect(screen.getByText('A venda, o frete e a entrega são feitos pela loja parceira.')).toBeTruthy();
  });

  it('shows the price, rating, sizes (sold-out ones marked) and colours, and links the catalogue jersey', async () => {
    renderProduct(detail);
    await screen.findByRole('heading', { level: 1, name: detail.name });

    expect(screen.getByText('4,2 de 5 estrelas, 1 avaliação')).toBeTruthy();
    expect(screen.getByText('-10%')).toBeTruthy();
    const sizes = within(screen.getByRole('list', { name: 'Tamanhos' })).getAllByRole('listitem');
    expect(sizes.map((s) => s.textContent)).toEqual(['P', 'GG (esgotado)']);
    expect(within(screen.getByRole('list', { name: 'Cores' })).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByRole('link', { name: /Ver a camisa no catálogo: Aurora FC 2025\/26/ }).getAttribute('href'),
    ).toBe('/camisas/time/aurora-fc/2025-titular');
  });

  it('the gallery shows the picked thumbnail, with the keyboard too', async () => {
    renderProduct(detail);
    await screen.findByRole('heading', { level: 1, name: detail.name });
    const main = () => screen.getByRole('img', { name: /imagem \d de 3/ });
    expect(main().getAttribute('alt')).toBe('Camisa Aurora 2025 Titular, imagem 1 de 3');

    const gallery = screen.getByRole('group', { name: 'Imagens do produto' });
    fireEvent.click(within(gallery).getByRole('button', { name: 'Mostrar imagem 3 de 3' }));
    expect(main().getAttribute('src')).toBe('/img/3.webp');
    fireEvent.keyDown(within(gallery).getByRole('button', { name: 'Mostrar imagem 3 de 3' }), { key: 'ArrowRight' });
    expect(main().getAttribute('alt')).toBe('Camisa Aurora 2025 Titular, imagem 1 de 3');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Mostrar imagem 1 de 3');
  });

  it('an unknown product is the not-found screen', async () => {
    renderProduct(null);
    expect(await screen.findByText('404')).toBeTruthy();
  });
});

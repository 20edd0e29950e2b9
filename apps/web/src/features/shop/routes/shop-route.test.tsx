import type { ProductCard, ProductList } from '@manto/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { ShopRoute } from './shop-route.tsx';

// The product list with the real pt texts; fetch plays the server.

const product = (n: number, over: Partial<ProductCard> = {}): ProductCard => ({
  slug: `produto-${n}`,
  category: 'jerseys',
  name: `Camisa ${n}`,
  team: 'Aurora FC',
  image: null,
  priceCents: 34_990,
  discountPercent: 0,
  finalPriceCents: 34_990,
  currency: 'BRL',
  rating: 4.5,
  reviewsCount: 128,
  isNew: false,
  inStock: true,
  bestOffer: null,
  ...over,
});

const page = (items: ProductCard[]): ProductList => ({ items, total: items.length, page: 1, pageSize: 24 });
const filters = { teams: ['Aurora FC', 'Brasa EC'], minPriceCents: 1_000, maxPriceCents: 99_900 };

/** Shows the router's current search, so a test can read what the screen keeps in the URL. */
function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}
const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');

function serve(list: (request: FakeRequest) => ProductCard[]) {
  return fakeServer((request) =>
    request.path === '/api/shop/filters' ? json(200, filters) : json(200, page(list(request))),
  );
}
const listRequests = (sent: FakeRequest[]) => sent.filter((r) => r.path === '/api/shop/products');

const renderList = (path = '/loja') =>
  renderScreen(
    <>
      <ShopRoute />
      <Url />
    </>,
    { path },
  );

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/loja', () => {
  it('shows each card: price after the discount, the old one struck, rating for a screen reader, Novo, the best offer', async () => {
    serve(() => [
      product(1, {
        name: 'Camisa Aurora 2025',
        discountPercent: 20,
        finalPriceCents: 27_992,
        isNew: true,
        bestOffer: { storeName: 'Loja Centro', priceCents: 26_990, url: 'https://example.com/a' },
      }),
    ]);
    renderList();

    const card = (await screen.findByRole('link', { name: 'Camisa Aurora 2025' })).closest('article')!;
    expect(within(card).getByText('R$ 279,92', { normalizer: (s) => s.replace(/\s+/g, ' ') })).toBeTruthy();
    expect(card.querySelector('s')?.textContent?.replace(/\s+/g, ' ')).toBe('Preço anterior: R$ 349,90');
    expect(within(card).getByText('-20%')).toBeTruthy();
    expect(within(card).getByText('4,5 de 5 estrelas, 128 avaliações')).toBeTruthy();
    expect(within(card).getByText('Novo')).toBeTruthy();
    expect(within(card).getByText(/a partir de R\$\s269,90 na Loja Centro/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Camisa Aurora 2025' }).getAttribute('href')).toBe('/loja/produto-1');
  });

  it('reads its filters from the URL and sends them to the API in cents', async () => {
    const sent = serve(() => [product(1)]);
    renderList(
      '/loja?categoria=camisas&time=Aurora+FC&min=100&max=350&promocao=sim&novos=sim&busca=azul&ordem=menor-preco&pagina=2',
    );
    await screen.findByRole('link', { name: 'Camisa 1' });

    const query = listRequests(sent).at(-1)!.search;
    expect(Object.fromEntries(query)).toEqual({
      category: 'jerseys',
      team: 'Aurora FC',
      minPrice: '10000',
      maxPrice: '35000',
      onSale: 'true',
      isNew: 'true',
      q: 'azul',
      sort: 'price-asc',
      page: '2',
      pageSize: '24',
    });
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveProperty('value', 'Camisas');
    expect(screen.getByRole('checkbox', { name: 'Em promoção' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveProperty('value', 'Menor preço');
  });

  it('keeps a new filter in the URL and goes back to page 1', async () => {
    const sent = serve(() => [product(1)]);
    renderList('/loja?pagina=3');
    await screen.findByRole('link', { name: 'Camisa 1' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Novidades' }));
    await waitFor(() => expect(url().get('novos')).toBe('sim'));
    expect(url().get('pagina')).toBeNull();
    await waitFor(() => expect(listRequests(sent).at(-1)!.search.get('isNew')).toBe('true'));
    expect(listRequests(sent).at(-1)!.search.get('page')).toBe('1');
  });

  it('offers the six sorts', async () => {
    serve(() => [product(1)]);
    renderList();
    await screen.findByRole('link', { name: 'Camisa 1' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Destaques', 'Menor preço', 'Maior preço', 'Melhor avaliação', 'Relevância', 'Novidades']);
  });

  it('an empty result says Nenhum produto encontrado, and Limpar filtros clears the filters but keeps the sort', async () => {
    const sent = serve((request) => (request.search.has('q') || request.search.has('category') ? [] : [product(1)]));
    renderList('/loja?busca=zzz&categoria=bolas&ordem=maior-preco');

    expect(await screen.findByRole('heading', { name: 'Nenhum produto encontrado' })).toBeTruthy();
    expect(screen.getByText('Mude ou limpe os filtros para ver outros produtos.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Limpar filtros' });
    fireEvent.click(clear.at(-1)!);

    expect(await screen.findByRole('link', { name: 'Camisa 1' })).toBeTruthy();
    expect(Object.fromEntries(url())).toEqual({ ordem: 'maior-preco' });
    expect(screen.getByRole('searchbox', { name: 'Buscar produto' })).toHaveProperty('value', '');
    const last = listRequests(sent).at(-1)!.search;
    expect(last.has('q') || last.has('category')).toBe(false);
    expect(last.get('sort')).toBe('price-desc');
  });

  it('an empty shop says so without offering to clear anything', async () => {
    serve(() => []);
    renderList();
    expect(await screen.findByRole('heading', { name: 'Nenhum produto encontrado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  });

  it('a failing list shows Erro with Tentar Novamente', async () => {
    let fail = true;
    fakeServer((request) =>
      request.path === '/api/shop/filters'
        ? json(200, filters)
        : fail
          ? json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Indisponível' })
          : json(200, page([product(1)])),
    );
    renderList();
    const retry = await screen.findByRole('button', { name: 'Tentar Novamente' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Camisa 1' })).toBeTruthy();
  });
});

import type { ManageProduct, ManageProductDetail } from '@manto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { jwtExpiringIn } from '#lib/testing/fake-jwt.ts';
import { findCard } from '#lib/testing/cards.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { mediaQueries } from '#lib/testing/media.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaProductsRoute } from './sistema-products-route.tsx';
import { toasts } from '#lib/testing/toasts.ts';

// The Sistema product list and form with the real pt texts; fetch plays the server.

const product = (n: number, patch: Partial<ManageProduct>): ManageProduct => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `produto-${n}`,
  category: 'jerseys',
  namePt: `Camisa ${n}`,
  nameEn: `Jersey ${n}`,
  image: null,
  priceCents: 34990,
  discountPercent: 0,
  featured: false,
  units: 40,
  lowStockThreshold: 5,
  stockStatus: 'in',
  offersCount: 2,
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});

const IN_STOCK = product(1, {});
const LOW = product(2, { units: 3, stockStatus: 'low', discountPercent: 10, offersCount: 1 });
const OUT = product(3, { units: 0, stockStatus: 'out', category: 'balls', namePt: 'Bola Oficial', offersCount: 0 });

const DETAIL: ManageProductDetail = {
  id: OUT.id,
  slug: OUT.slug,
  category: 'balls',
  namePt: 'Bola Oficial',
  nameEn: 'Official Ball',
  descriptionPt: 'A bola oficial do campeonato.',
  descriptionEn: 'The official ball of the league.',
  team: null,
  season: null,
  jerseyId: null,
  images: [],
  colours: ['Branca'],
  sizes: ['5'],
  priceCents: 19990,
  discountPercent: 0,
  rating: 4.5,
  reviewsCount: 12,
  isNew: null,
  featured: false,
  lowStockThreshold: 5,
  stock: { '5': 0 },
  offers: [
    {
      id: 'offer-1',
      storeName: 'Loja Um',
      url: 'https://loja.example/bola',
      priceCents: 18990,
      shippingNote: '',
      inStock: true,
      updatedAt: '2030-01-01T00:00:00.000Z',
    },
  ],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const page = (items: ManageProduct[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });
const noContent = () => new Response(null, { status: 204 });

function server(answer: (r: FakeRequest) => Response | undefined = () => undefined) {
  return fakeServer((r) => {
    const given = answer(r);
    if (given) return given;
    if (r.path === `/api/manage/products/${OUT.id}`) return json(200, DETAIL);
    if (r.path === '/api/manage/jerseys') return json(200, { items: [], total: 0, page: 1, pageSize: 20 });
    return page([IN_STOCK, LOW, OUT]);
  });
}

const render = (path = '/sistema/produtos') => renderScreen(<SistemaProductsRoute />, { path });
const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

beforeAll(() => initTestI18n('pt'));
beforeEach(() => {
  authStore.setAuth(
    { email: 'mod@manto.test', name: 'Mod', team: null, roles: ['Moderator'] },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('SistemaProductsRoute list', () => {
  it('shows price, units with a low/out badge and offers; filters and sort come from the URL', async () => {
    const sent = server();
    render('/sistema/produtos?stock=low&categoria=jerseys&ordem=-price');

    const low = await row('Camisa 2');
    // R$ 349,90 less 10 % is R$ 314,91 (rounded half up, in cents).
    expect(low.getByText(/314,91/)).toBeTruthy();
    expect(low.getByText('10% de desconto')).toBeTruthy();
    expect(low.getByText('Estoque baixo')).toBeTruthy();
    expect(low.getByText('1 oferta')).toBeTruthy();
    const out = await row('Bola Oficial');
    expect(out.getByText('Sem estoque')).toBeTruthy();
    expect(out.getByText('Bolas')).toBeTruthy();
    expect(out.getByText('Nenhuma oferta')).toBeTruthy();
    const fine = await row('Camisa 1');
    expect(fine.queryByText('Estoque baixo')).toBeNull();
    expect(fine.getByText('2 ofertas')).toBeTruthy();

    const list = sent.find((r) => r.path === '/api/manage/products')!;
    expect(Object.fromEntries(list.search)).toMatchObject({ stock: 'low', category: 'jerseys', sort: '-price' });
    expect(screen.getByRole('combobox', { name: 'Estoque' })).toHaveProperty('value', 'Estoque baixo');
    expect(screen.getByRole('columnheader', { name: /Preço/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('on a phone shows each product as a card: the name first, the fields labelled, edit and delete; no table', async () => {
    vi.stubGlobal(
      'matchMedia',
      mediaQueries((query) => query.includes('max-width')),
    );
    server();
    const user = userEvent.setup();
    render();

    const low = await findCard('Produtos', 'Camisa 2');
    expect(low.item.textContent).toMatch(/^Camisa 2/);
    expect(low.field('Categoria').textContent).toBe('Camisas');
    expect(low.field('Preço').textContent).toMatch(/314,91.*10% de desconto/);
    expect(low.field('Unidades').textContent).toBe('3Estoque baixo');
    expect(low.field('Ofertas').textContent).toBe('1 oferta');
    expect(low.getByRole('button', { name: 'Editar Camisa 2' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    // The actions are buttons a keyboard reaches and presses.
    const remove = (await findCard('Produtos', 'Bola Oficial')).getByRole('button', { name: 'Excluir Bola Oficial' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(within(await screen.findByRole('dialog')).getByText('Excluir o produto Bola Oficial?')).toBeTruthy();
  });

  it('puts the stock filter in the URL and asks the API for it', async () => {
    const sent = server();
    const user = userEvent.setup();
    render();
    await row('Camisa 1');

    await user.click(screen.getByRole('combobox', { name: 'Estoque' }));
    await user.click(await screen.findByRole('option', { name: 'Sem estoque' }));
    await waitFor(() =>
      expect(sent.some((r) => r.path === '/api/manage/products' && r.search.get('stock') === 'out')).toBe(true),
    );
  });

  it('says "Nenhum produto encontrado" when nothing matches', async () => {
    server(() => page([]));
    render('/sistema/produtos?stock=out');
    expect(await screen.findByText('Nenhum produto encontrado')).toBeTruthy();
  });

  it('asks "Excluir o produto …?" and deletes', async () => {
    const sent = server((r) => (r.method === 'DELETE' ? noContent() : undefined));
    const user = userEvent.setup();
    render();

    await user.click((await row('Bola Oficial')).getByRole('button', { name: 'Excluir Bola Oficial' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Excluir o produto Bola Oficial?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/manage/products/${OUT.id}`]);
    expect(toasts('success')).toContain('Produto excluído.');
  });
});

/**
 * Types `text` into a field as one paste: the form re-renders on each key, and typing its fields key by
 * key made this file the slowest of the web tests.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The list, then "Novo produto" with a category picked: the form's dialog. */
async function openNewProduct(user: ReturnType<typeof userEvent.setup>, category: string) {
  render();
  await row('Camisa 1');
  await user.click(screen.getByRole('button', { name: 'Novo produto' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Novo produto' }));
  await user.click(dialog.getByRole('combobox', { name: 'Categoria' }));
  await user.click(await screen.findByRole('option', { name: category }));
  return dialog;
}

describe('SistemaProductsRoute form', () => {
  it('shows the legacy rules under the fields before anything is sent', async () => {
    const sent = server();
    const user = userEvent.setup();
    const dialog = await openNewProduct(user, 'Camisas');
    await fill(user, dialog.getByRole('textbox', { name: 'Nome (português)' }), 'ab');
    await fill(user, dialog.getByRole('textbox', { name: 'Descrição (português)' }), 'curta');
    await fill(user, dialog.getByRole('textbox', { name: 'Time' }), 'F');
    await fill(user, dialog.getByRole('textbox', { name: /^Preço \(R\$\)/ }), '0,00');
    await user.click(dialog.getByRole('button', { name: 'Cadastrar' }));

    expect(await dialog.findByText('O nome deve ter ao menos 3 caracteres.')).toBeTruthy();
    expect(dialog.getByText('O time deve ter ao menos 2 caracteres.')).toBeTruthy();
    expect(dialog.getByText('A descrição deve ter ao menos 10 caracteres.')).toBeTruthy();
    expect(dialog.getByText('O preço deve ser maior que zero.')).toBeTruthy();
    expect(dialog.getByText('Informe ao menos uma cor.')).toBeTruthy();
    expect(dialog.getByText('Informe ao menos um tamanho.')).toBeTruthy();
    // Season is required for jerseys.
    expect(dialog.getAllByText('Campo obrigatório.').length).toBeGreaterThan(0);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses an offer link holding an invisible character under its field, before anything is sent', async () => {
    const sent = server();
    const user = userEvent.setup();
    const dialog = await openNewProduct(user, 'Acessórios');
    await user.click(dialog.getByRole('button', { name: 'Adicionar oferta' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Loja' }), 'Loja Um');
    await user.click(dialog.getByRole('textbox', { name: 'Link do produto na loja' }));
    // A zero-width space pasted with the address (ADR 0032).
    await user.paste('https://loja.example/cache\u200bcol');
    await user.click(dialog.getByRole('button', { name: 'Cadastrar' }));

    expect(
      await dialog.findByText(
        'O endereço não pode ter espaços, quebras de linha nem caracteres invisíveis ou de controle.',
      ),
    ).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('sends "349,90" as 34990 cents, with stock per size and an offer', async () => {
    const sent = server((r) => (r.method === 'POST' ? json(201, {}) : undefined));
    const user = userEvent.setup();
    const dialog = await openNewProduct(user, 'Acessórios');
    await fill(user, dialog.getByRole('textbox', { name: 'Nome (português)' }), 'Cachecol');
    await fill(user, dialog.getByRole('textbox', { name: 'Nome (inglês)' }), 'Scarf');
    await fill(user, dialog.getByRole('textbox', { name: 'Descrição (português)' }), 'Cachecol de tricô listrado.');
    await fill(user, dialog.getByRole('textbox', { name: 'Descrição (inglês)' }), 'A striped knitted scarf.');
    await user.type(dialog.getByPlaceholderText('Digite uma cor e tecle Enter'), 'Vermelho{enter}');
    await user.type(dialog.getByPlaceholderText('Digite um tamanho e tecle Enter'), 'Único{enter}');
    await fill(user, dialog.getByRole('textbox', { name: /^Preço \(R\$\)/ }), '349,90');
    await fill(user, dialog.getByRole('textbox', { name: 'Tamanho Único' }), '7');
    await user.click(dialog.getByRole('button', { name: 'Adicionar oferta' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Loja' }), 'Loja Um');
    await fill(user, dialog.getByRole('textbox', { name: 'Link do produto na loja' }), 'https://loja.example/cachecol');
    await fill(user, dialog.getByRole('textbox', { name: 'Preço na loja (R$)' }), '1.234,5');
    await user.click(dialog.getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(sent.find((r) => r.method === 'POST')).toBeTruthy());
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/manage/products',
      body: {
        category: 'accessories',
        namePt: 'Cachecol',
        colours: ['Vermelho'],
        sizes: ['Único'],
        priceCents: 34990,
        discountPercent: 0,
        isNew: null,
        stock: { Único: 7 },
        offers: [{ storeName: 'Loja Um', url: 'https://loja.example/cachecol', priceCents: 123450, inStock: true }],
      },
    });
    await waitFor(() => expect(toasts('success')).toContain('Produto cadastrado.'));
  });

  it('edits the whole product read fresh, and puts the server’s 400 details under their fields', async () => {
    const sent = server((r) =>
      r.method === 'PUT'
        ? json(400, {
            statusCode: 400,
            code: 'VALIDATION_ERROR',
            message: 'Dados inválidos.',
            details: {
              namePt: 'Já existe um produto com esse nome.',
              'offers.0.priceCents': 'O preço da oferta deve ser maior que zero.',
              'stock.5': 'O estoque não pode ser negativo.',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    render();

    await user.click((await row('Bola Oficial')).getByRole('button', { name: 'Editar Bola Oficial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Bola Oficial' }));
    expect(await dialog.findByDisplayValue('199,90')).toBeTruthy();
    expect(dialog.getByDisplayValue('Loja Um')).toBeTruthy();
    const stock = dialog.getByRole('textbox', { name: 'Tamanho 5' });
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));

    expect(await dialog.findByText('Já existe um produto com esse nome.')).toBeTruthy();
    expect(dialog.getByText('O preço da oferta deve ser maior que zero.')).toBeTruthy();
    expect(dialog.getByText('O estoque não pode ser negativo.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/api/manage/products/${OUT.id}`);
    expect(put.body).toMatchObject({ priceCents: 19990, stock: { '5': 12 }, rating: 4.5 });
    // Nothing typed is lost: the dialog stays open with the edited values.
    expect(dialog.getByRole('textbox', { name: 'Tamanho 5' })).toHaveProperty('value', '12');
    expect(toasts('error')).toEqual([]);
  });
});

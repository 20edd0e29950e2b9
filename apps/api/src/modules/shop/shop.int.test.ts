import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  Dashboard,
  ManageProductDetail,
  ManageProductList,
  ProductDetail,
  ProductInput,
  ProductList,
} from '@manto/contracts';
import { images } from '#db/schema/index.ts';
import { seedCatalogue } from '../../../test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '../../../test/helpers.ts';

let t: TestApp;
let off: TestApp;
let mod: Record<string, string>;
let admin: Record<string, string>;

const DAY_MS = 86_400_000;

const input = (o: Partial<ProductInput> = {}): ProductInput => ({
  category: 'accessories',
  namePt: 'Cachecol listrado',
  nameEn: 'Striped scarf',
  descriptionPt: 'Cachecol de lã para os dias de jogo.',
  descriptionEn: 'A wool scarf for match days.',
  colours: ['Azul'],
  sizes: ['U'],
  priceCents: 5000,
  stock: { U: 10 },
  ...o,
});

const create = async (body: ProductInput, headers = mod) => {
  const res = await t.inject({ method: 'POST', url: '/api/manage/products', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManageProductDetail>();
};
const put = (id: string, body: unknown, headers: Record<string, string> = mod) =>
  t.inject({ method: 'PUT', url: `/api/manage/products/${id}`, headers, payload: body as object });
const post = (body: unknown, language = 'pt') =>
  t.inject({
    method: 'POST',
    url: '/api/manage/products',
    headers: { ...mod, 'accept-language': language },
    payload: body as object,
  });
const list = async (query: string, language = 'pt') => {
  const res = await t.inject({
    method: 'GET',
    url: `/api/shop/products?${query}`,
    headers: { 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductList>();
};

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ SHOP_ENABLED: 'true' }), createTestApp()]);
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  admin = bearer((await t.userWithRoles(['Admin'])).accessToken);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

describe('the public list', () => {
  // A, B, C, D by name; D is the oldest (31 days before the others), C the newest.
  const slugs: Record<string, string> = {};
  const letters = (l: ProductList) => l.items.map((i) => Object.keys(slugs).find((k) => slugs[k] === i.slug));
  const order = async (query: string, language = 'pt') => letters(await list(query, language));

  beforeAll(async () => {
    slugs.D = (
      await create(
        input({
          category: 'jerseys',
          namePt: 'Delta Camisa',
          nameEn: 'Delta Shirt',
          descriptionPt: 'Camisa clássica, a camisa de jogo do Grêmio.',
          descriptionEn: 'A classic shirt, the match shirt of Grêmio.',
          team: 'Grêmio',
          season: '2023',
          priceCents: 12000,
          rating: 3,
          reviewsCount: 100,
          featured: true,
          sizes: ['P', 'M'],
          stock: { P: 40, M: 0 },
        }),
      )
    ).slug;
    t.clock.advance(31 * DAY_MS);
    slugs.A = (
      await create(
        input({
          category: 'jerseys',
          namePt: 'Alfa Camisa',
          nameEn: 'Alpha Shirt',
          descriptionPt: 'Uma peça oficial para torcedores.',
          descriptionEn: 'An official piece for supporters.',
          team: 'Flamengo',
          season: '2024',
          priceCents: 20000,
          rating: 4.5,
          reviewsCount: 10,
          featured: true,
          isNew: false,
        }),
      )
    ).slug;
    t.clock.advance(1000);
    slugs.B = (
      await create(
        input({
          category: 'balls',
          namePt: 'Bola Beta',
          nameEn: 'Beta Ball',
          descriptionPt: 'Bola oficial de futebol de campo.',
          descriptionEn: 'Official football for the pitch.',
          priceCents: 15000,
          discountPercent: 20,
          rating: 4.8,
          reviewsCount: 5,
          isNew: true,
          stock: { U: 3 },
        }),
      )
    ).slug;
    t.clock.advance(1000);
    slugs.C = (
      await create(
        input({
          namePt: 'Chaveiro Gama',
          nameEn: 'Gamma Keyring',
          descriptionPt: 'Chaveiro de metal com o escudo.',
          descriptionEn: 'Metal keyring with the crest.',
          team: 'Grêmio',
          priceCents: 5000,
          rating: 4.8,
          reviewsCount: 50,
          stock: { U: 0 },
        }),
      )
    ).slug;
  });

  it('sorts six ways, each with a stable tiebreak', async () => {
    expect(await order('')).toEqual(['A', 'D', 'B', 'C']);
    expect(await order('sort=featured')).toEqual(['A', 'D', 'B', 'C']);
    // Final prices: A 200,00; B 150,00 − 20% = 120,00; C 50,00; D 120,00 (ties by name).
    expect(await order('sort=price-asc')).toEqual(['C', 'B', 'D', 'A']);
    expect(await order('sort=price-desc')).toEqual(['A', 'B', 'D', 'C']);
    expect(await order('sort=rating')).toEqual(['C', 'B', 'A', 'D']);
    expect(await order('sort=newest')).toEqual(['C', 'B', 'A', 'D']);
    expect(await order('sort=relevance')).toEqual(['A', 'D', 'B', 'C']);
    // D says "camisa" three times, A once: D is the better match.
    expect(await order('sort=relevance&q=camisa')).toEqual(['D', 'A']);
    expect(await order('sort=relevance&q=shirt', 'en')).toEqual(['D', 'A']);
    const page2 = await list('pageSize=2&page=2');
    expect(letters(page2)).toEqual(['B', 'C']);
    expect(page2.total).toBe(4);
  });

  it('filters by category, team, final price, sale, novelty and text in the request’s language', async () => {
    expect(await order('category=balls')).toEqual(['B']);
    expect(await order('team=FLAMENGO')).toEqual(['A']);
    expect(await order('team=gr%C3%AAmio')).toEqual(['D', 'C']);
    expect(await order('minPrice=12000&sort=price-asc')).toEqual(['B', 'D', 'A']);
    // B lists at 150,00 but sells at 120,00: the filter reads the final price.
    expect(await order('minPrice=13000')).toEqual(['A']);
    expect(await order('maxPrice=12000&sort=price-asc')).toEqual(['C', 'B', 'D']);
    expect(await order('onSale=true')).toEqual(['B']);
    expect(await order('onSale=false')).toEqual(['A', 'D', 'C']);
    // B is new by hand, C by age; A is not by hand, D is older than 30 days.
    expect(await order('isNew=true')).toEqual(['B', 'C']);
    expect(await order('isNew=false')).toEqual(['A', 'D']);
    expect(await order('q=camisas')).toEqual(['A', 'D']);
    expect(await order('q=bola')).toEqual(['B']);
    expect(await order('q=keyring', 'en')).toEqual(['C']);
    expect(await order('q=keyring')).toEqual([]);
    expect(await order('q=%22')).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/shop/products?sort=cheapest' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/shop/products?onSale=yes' })).statusCode).toBe(400);
  });

  it('shows cards in the request’s language with the final price and whether there are units', async () => {
    const [b] = (await list('category=balls', 'en')).items;
    expect(b).toMatchObject({
      name: 'Beta Ball',
      priceCents: 15000,
      discountPercent: 20,
      finalPriceCents: 12000,
      currency: 'BRL',
      rating: 4.8,
      isNew: true,
      inStock: true,
      bestOffer: null,
      image: null,
    });
    expect((await list('q=chaveiro')).items[0]).toMatchObject({ name: 'Chaveiro Gama', inStock: false, isNew: true });
  });

  it('offers the teams and price range as filters', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/shop/filters' });
    expect(res.json()).toEqual({ teams: ['Flamengo', 'Grêmio'], minPriceCents: 5000, maxPriceCents: 20000 });
  });
});

describe('a product’s page and a jersey’s offer', () => {
  it('shows offers cheapest first, sizes with units, and the jersey it is', async () => {
    const { jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Titular'], seasons: [2024] });
    const jersey = jerseys[0]!;
    const none = await t.inject({ method: 'GET', url: `/api/shop/jerseys/${jersey.id}/offer` });
    // Every jersey page asks: no product is an empty answer, not an error in the browser's console.
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const p = await create(
      input({
        category: 'jerseys',
        namePt: 'Camisa Página',
        nameEn: 'Page Shirt',
        team: 'Time',
        season: '2024',
        jerseyId: jersey.id,
        sizes: ['P', 'M', 'G'],
        stock: { P: 2, G: 0 },
        offers: [
          { storeName: 'Loja Cara', url: 'https://cara.example/p', priceCents: 30000 },
          { storeName: 'Loja Esgotada', url: 'https://esgotada.example/p', priceCents: 10000, inStock: false },
          { storeName: 'Loja Boa', url: 'http://boa.example/p', priceCents: 25000, shippingNote: 'Frete grátis' },
        ],
      }),
    );
    const res = await t.inject({
      method: 'GET',
      url: `/api/shop/products/${p.slug}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<ProductDetail>();
    expect(detail.name).toBe('Page Shirt');
    expect(detail.description).toBe('A wool scarf for match days.');
    expect(detail.offers.map((o) => o.storeName)).toEqual(['Loja Esgotada', 'Loja Boa', 'Loja Cara']);
    expect(detail.bestOffer).toEqual({ storeName: 'Loja Boa', priceCents: 25000, url: 'http://boa.example/p' });
    expect(detail.sizes).toEqual([
      { size: 'P', inStock: true },
      { size: 'M', inStock: false },
      { size: 'G', inStock: false },
    ]);
    expect(detail.jersey).toEqual({
      id: jersey.id,
      label: expect.stringMatching(/^Time 0 \w+ 2024\/25 · Titular \w+$/),
      teamSlug: jersey.teamSlug,
      slug: jersey.slug,
    });

    const offer = await t.inject({ method: 'GET', url: `/api/shop/jerseys/${jersey.id}/offer` });
    expect(offer.json()).toEqual({
      productSlug: p.slug,
      productName: 'Camisa Página',
      offer: { storeName: 'Loja Boa', priceCents: 25000, url: 'http://boa.example/p' },
    });
    expect((await t.inject({ method: 'GET', url: '/api/shop/products/nao-existe' })).statusCode).toBe(404);
  });
});

describe('with the shop off', () => {
  it('answers 404 NOT_FOUND on every public shop route, and Sistema still keeps the products', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      '/api/shop/products',
      '/api/shop/products?sort=nonsense',
      '/api/shop/filters',
      '/api/shop/products/qualquer',
      `/api/shop/jerseys/${id}/offer`,
    ]) {
      const res = await off.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
    }
    const moderator = bearer((await off.userWithRoles(['Moderator'])).accessToken);
    expect((await off.inject({ method: 'GET', url: '/api/manage/products', headers: moderator })).statusCode).toBe(200);
  });
});

describe('the product form’s rules', () => {
  const refused = async (body: unknown, field: string, pt: string, en: string) => {
    const a = await post(body);
    expect(a.statusCode, a.body).toBe(400);
    expect(a.json().details[field]).toBe(pt);
    const b = await post(body, 'en');
    expect(b.json().details[field]).toBe(en);
  };

  it('refuses each legacy rule with its localised message', async () => {
    await refused(
      input({ namePt: 'ab' }),
      'namePt',
      'O nome deve ter ao menos 3 caracteres.',
      'The name must have at least 3 characters.',
    );
    await refused(
      input({ category: 'jerseys', team: 'F', season: '2024' }),
      'team',
      'O time deve ter ao menos 2 caracteres.',
      'The team must have at least 2 characters.',
    );
    await refused(
      input({ category: 'jerseys', team: 'Flamengo', season: '2' }),
      'season',
      'A temporada deve ter ao menos 2 caracteres.',
      'The season must have at least 2 characters.',
    );
    await refused(
      input({ category: 'jerseys', season: '2024' }),
      'team',
      'Campo obrigatório.',
      'This field is required.',
    );
    await refused(
      input({ priceCents: 0 }),
      'priceCents',
      'O preço deve ser maior que zero.',
      'The price must be greater than zero.',
    );
    await refused(
      input({ priceCents: -100 }),
      'priceCents',
      'O preço deve ser maior que zero.',
      'The price must be greater than zero.',
    );
    await refused(
      input({ priceCents: 10.5 }),
      'priceCents',
      'O preço deve ser maior que zero.',
      'The price must be greater than zero.',
    );
    await refused(
      input({ priceCents: 1e12 }),
      'priceCents',
      'Preço alto demais: confira o valor.',
      'Price too high: check the amount.',
    );
    await refused(
      input({ descriptionEn: 'curta' }),
      'descriptionEn',
      'A descrição deve ter ao menos 10 caracteres.',
      'The description must have at least 10 characters.',
    );
    await refused(
      input({ stock: { U: -1 } }),
      'stock.U',
      'O estoque não pode ser negativo.',
      'Stock cannot be negative.',
    );
    await refused(input({ colours: [] }), 'colours', 'Informe ao menos uma cor.', 'Enter at least one colour.');
    await refused(input({ sizes: [] }), 'sizes', 'Informe ao menos um tamanho.', 'Enter at least one size.');
    await refused(
      input({ stock: { XG: 1 } }),
      'stock.XG',
      'Este tamanho não está na lista de tamanhos.',
      'This size is not in the list of sizes.',
    );
    await refused(
      input({ discountPercent: 91 }),
      'discountPercent',
      'O desconto deve ser de 0 a 90%.',
      'The discount must be from 0 to 90%.',
    );
    await refused(
      input({ rating: 4.55 }),
      'rating',
      'A avaliação vai de 0 a 5, com uma casa decimal.',
      'The rating goes from 0 to 5, with one decimal.',
    );
  });

  it('takes sizes named like Object’s methods, and refuses numbers sent as other JSON types', async () => {
    const odd = await create(input({ sizes: ['constructor', 'toString'], stock: { toString: 2 } }));
    expect(odd.stock).toEqual({ constructor: 0, toString: 2 });
    for (const wrong of [
      { priceCents: true },
      { priceCents: '5000' },
      { discountPercent: '' },
      { stock: { U: '3' } },
    ]) {
      const res = await post(input(wrong as unknown as Partial<ProductInput>));
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
    }
  });

  it('refuses offers that are not web links or have no price, absurd stock, and references to nothing', async () => {
    const offer = { storeName: 'Loja', url: 'https://loja.example/p', priceCents: 100 };
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://loja.example', 'https://']) {
      const res = await post(input({ offers: [{ ...offer, url }] }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details['offers.0.url']).toBe('Informe um endereço começando com http:// ou https://.');
    }
    const free = await post(input({ offers: [{ ...offer, priceCents: 0 }] }), 'en');
    expect(free.json().details['offers.0.priceCents']).toBe('The offer price must be greater than zero.');
    expect((await post(input({ stock: { U: 1e9 } }))).statusCode).toBe(400);
    expect((await post(input({ lowStockThreshold: -1 }))).statusCode).toBe(400);
    expect((await post({ ...input(), extra: true })).statusCode).toBe(400);

    const ghost = '00000000-0000-4000-8000-000000000000';
    const noJersey = await post(input({ jerseyId: ghost }));
    expect(noJersey.statusCode).toBe(422);
    expect(noJersey.json().details).toEqual({ jerseyId: 'Registro relacionado não encontrado.' });
    const noImage = await post(input({ imageIds: [ghost] }), 'en');
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().details).toEqual({ imageIds: 'Related record not found.' });
  });
});

describe('management', () => {
  it('replaces offers, stock and pictures in one write, keeps the slug unique, and audits each write', async () => {
    const [img1, img2] = await t.db
      .insert(images)
      .values(
        [1, 2].map(() => ({ width: 640, height: 640, variants: [320, 640], originalType: 'image/png', byteSize: 1 })),
      )
      .returning();
    const first = await create(input({ namePt: 'Boné Oficial', imageIds: [img1!.id] }));
    const second = await create(input({ namePt: 'Boné Oficial' }));
    expect(first.slug).toBe('bone-oficial');
    expect(second.slug).toBe('bone-oficial-2');

    const kept = { storeName: 'Loja Um', url: 'https://um.example/bone', priceCents: 4000 };
    const withOffer = await put(first.id, input({ namePt: 'Boné Oficial', imageIds: [img1!.id], offers: [kept] }));
    expect(withOffer.statusCode, withOffer.body).toBe(200);
    const keptOffer = withOffer.json<ManageProductDetail>().offers[0]!;
    t.clock.advance(1000);
    const res = await put(
      first.id,
      input({
        namePt: 'Boné Oficial',
        imageIds: [img2!.id, img1!.id],
        sizes: ['P', 'G'],
        stock: { P: 1, G: 7 },
        offers: [kept, { storeName: 'Loja Dois', url: 'https://dois.example/bone', priceCents: 3500 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<ManageProductDetail>();
    expect(after.slug).toBe('bone-oficial');
    expect(after.images.map((i) => i.id)).toEqual([img2!.id, img1!.id]);
    expect(after.stock).toEqual({ P: 1, G: 7 });
    expect(after.offers.map((o) => o.storeName)).toEqual(['Loja Dois', 'Loja Um']);
    // The unchanged offer keeps its id and the time its price was last set.
    expect(after.offers[1]).toEqual(keptOffer);

    // A refused write changes nothing.
    expect((await put(first.id, input({ imageIds: ['00000000-0000-4000-8000-000000000000'] }))).statusCode).toBe(422);
    const reread = await t.inject({ method: 'GET', url: `/api/manage/products/${first.id}`, headers: mod });
    expect(reread.json<ManageProductDetail>()).toEqual(after);

    const renamed = await put(second.id, input({ namePt: 'Boné Reserva' }));
    expect(renamed.json().slug).toBe('bone-reserva');
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/manage/products/${second.id}`, headers: mod })).statusCode,
    ).toBe(204);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/manage/products/${second.id}`, headers: mod })).statusCode,
    ).toBe(404);
    expect((await put(second.id, input())).statusCode).toBe(404);

    const trail = async (id: string) =>
      (
        await t.inject({ method: 'GET', url: `/api/manage/audit?resource=products&target=${id}`, headers: admin })
      ).json<{ items: AuditEntry[] }>().items;
    expect((await trail(first.id)).map((e) => e.action).sort()).toEqual(['create', 'update', 'update']);
    const latest = (await trail(first.id)).find((e) => e.changes.stock);
    expect(latest?.changes.stock).toEqual({ before: { U: 10 }, after: { P: 1, G: 7 } });
    expect((await trail(second.id)).map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('lists with search, category and stock status, and counts the inventory on the dashboard', async () => {
    const dashboard = async () =>
      (await t.inject({ method: 'GET', url: '/api/manage/dashboard', headers: mod })).json<Dashboard>().inventory;
    const before = await dashboard();
    const tag = `Estoque${Date.now() % 100000}`;
    const make = (name: string, stock: Record<string, number>, lowStockThreshold = 5) =>
      create(input({ namePt: `${tag} ${name}`, sizes: Object.keys(stock), stock, lowStockThreshold }));
    const full = await make('Cheio', { P: 4, M: 4 });
    const low = await make('Baixo', { P: 2, M: 3 });
    const out = await make('Vazio', { P: 0 });
    const zeroThreshold = await make('Limiar zero', { P: 1 }, 0);
    const ids = (l: ManageProductList) => l.items.map((i) => i.id);
    const manage = async (query: string) =>
      (
        await t.inject({ method: 'GET', url: `/api/manage/products?search=${tag}&${query}`, headers: mod })
      ).json<ManageProductList>();
    expect(ids(await manage('stock=in'))).toEqual([full.id, zeroThreshold.id]);
    expect(ids(await manage('stock=low'))).toEqual([low.id]);
    expect(ids(await manage('stock=out'))).toEqual([out.id]);
    expect(ids(await manage('sort=-stock'))).toEqual([full.id, low.id, zeroThreshold.id, out.id]);
    expect((await manage('category=balls')).total).toBe(0);
    expect((await manage('sort=name')).items[0]).toMatchObject({ units: 5, stockStatus: 'low', offersCount: 0 });

    expect(await dashboard()).toEqual({
      totalUnits: before.totalUnits + 8 + 5 + 0 + 1,
      lowStock: before.lowStock + 1,
      outOfStock: before.outOfStock + 1,
    });
  });

  it('sorts names in the screen’s language and prices as shown, after the discount', async () => {
    const tag = `Ordem${Date.now() % 100000}`;
    // pt and en names in opposite orders; the dearer list price is the cheaper after its discount.
    const a = await create(input({ namePt: `${tag} A`, nameEn: `${tag} Z`, priceCents: 10_000, discountPercent: 50 }));
    const b = await create(input({ namePt: `${tag} B`, nameEn: `${tag} Y`, priceCents: 8_000 }));
    const ids = async (query: string, language = 'pt') =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/manage/products?search=${tag}&${query}`,
          headers: { ...mod, 'accept-language': language },
        })
      )
        .json<ManageProductList>()
        .items.map((i) => i.id);
    expect(await ids('sort=name')).toEqual([a.id, b.id]);
    expect(await ids('sort=name', 'en')).toEqual([b.id, a.id]);
    expect(await ids('sort=price')).toEqual([a.id, b.id]);
    expect(await ids('sort=-price')).toEqual([b.id, a.id]);
  });

  it('is for moderators and admins: 401 for visitors, 403 for members', async () => {
    const member = bearer((await t.userWithRoles([])).accessToken);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/manage/products'],
      ['GET', `/api/manage/products/${id}`],
      ['POST', '/api/manage/products'],
      ['PUT', `/api/manage/products/${id}`],
      ['DELETE', `/api/manage/products/${id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? input() : undefined;
      expect((await t.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.inject({ method, url, payload, headers: member })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the SPA page', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'manto-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="manto-features" content="" /></head><body></body></html>',
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('carries "shop" in the features meta when the shop is on, and nothing when it is off', async () => {
    for (const [env, content] of [
      [{ SHOP_ENABLED: 'true' }, 'shop'],
      [{}, ''],
    ] as const) {
      const app = await createTestApp(env, { webDist: dist });
      try {
        for (const url of ['/app/', '/app/loja/produto']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toContain(`<meta name="manto-features" content="${content}" />`);
        }
      } finally {
        await app.close();
      }
    }
  });
});

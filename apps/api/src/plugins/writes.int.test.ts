/**
 * Writes that must not silently accept or drop what the client sent (docs/security.md items 11 and 12,
 * ADR 0032): a URL with a control, invisible or whitespace character is refused on its field, and a
 * body field the route does not know is a 400 naming it — on routes with a body schema and on writes
 * that take no body at all. Runs on PGlite and PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '@manto/contracts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let mod: Record<string, string>;
let imageId: string;
let jersey: { teamId: string; modelId: string; supplierId: string };

beforeAll(async () => {
  t = await createTestApp({ SHOP_ENABLED: 'true' });
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
  const upload = await t.inject({
    method: 'POST',
    url: '/api/manage/images',
    headers: { ...mod, 'content-type': 'image/png' },
    payload: png,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  imageId = upload.json<{ id: string }>().id;
  const catalogue = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2020] });
  const supplier = await t.inject({
    method: 'POST',
    url: '/api/manage/suppliers',
    headers: mod,
    payload: { name: 'Umbro' },
  });
  jersey = { teamId: catalogue.teams[0]!.id, modelId: catalogue.models[0]!.id, supplierId: supplier.json().id };
});
afterAll(async () => t?.close());

const product = (url: string): ProductInput => ({
  category: 'accessories',
  namePt: 'Cachecol listrado',
  nameEn: 'Striped scarf',
  descriptionPt: 'Cachecol de lã para os dias de jogo.',
  descriptionEn: 'A wool scarf for match days.',
  colours: ['Azul'],
  sizes: ['U'],
  priceCents: 5000,
  stock: { U: 10 },
  offers: [{ storeName: 'Loja', url, priceCents: 4500 }],
});
const jerseyBody = (imageSourceUrl: string) => ({
  ...jersey,
  season: 2024,
  modelYear: '2024',
  mainColor: '#006437',
  imageId,
  imageSourceText: 'Foto do clube',
  imageSourceUrl,
});

const URL_PT = 'O endereço não pode ter espaços, quebras de linha nem caracteres invisíveis ou de controle.';
const URL_EN = 'The address cannot hold spaces, line breaks or invisible or control characters.';
const UNKNOWN_PT = 'Campo não permitido.';
const UNKNOWN_EN = 'Field not allowed.';

/** Characters inside an address that a browser, a log or a reader would take differently from the rest. */
const BAD_URLS: [string, string][] = [
  ['a control character (the issue probe)', 'http://x\u0001y'],
  ['DEL', 'https://loja.example/a\u007fb'],
  ['a C1 control (NEL)', 'https://loja.example/a\u0085b'],
  ['a space', 'https://loja.example/camisa azul'],
  ['a tab', 'https://loja.example/a\tb'],
  ['a line break', 'https://loja.example/a\nhttps://evil.example'],
  ['a no-break space', 'https://loja.example/a\u00a0b'],
  ['a zero-width space', 'https://loja.example/a\u200bb'],
  ['a right-to-left override', 'https://loja.example/\u202egpj.exe'],
  ['a line separator', 'https://loja.example/a\u2028b'],
  ['a byte-order mark', 'https://loja.example/a\ufeffb'],
];

describe('URL fields refuse control, invisible and whitespace characters', () => {
  it.each(BAD_URLS)('an offer URL with %s is refused on its field, and nothing is stored', async (_, url) => {
    const before = await t.count('products');
    const res = await t.inject({ method: 'POST', url: '/api/manage/products', headers: mod, payload: product(url) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { 'offers.0.url': URL_PT } });
    expect(await t.count('products')).toBe(before);
  });

  it('says so in English too, on a product edited with PUT', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: mod,
      payload: product('https://loja.example/cachecol'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const res = await t.inject({
      method: 'PUT',
      url: `/api/manage/products/${id}`,
      headers: { ...mod, 'accept-language': 'en' },
      payload: product('http://x\u0001y'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ 'offers.0.url': URL_EN });
    const stored = await t.inject({ method: 'GET', url: `/api/manage/products/${id}`, headers: mod });
    expect(stored.json().offers[0].url).toBe('https://loja.example/cachecol');
  });

  it.each(BAD_URLS)('a jersey image-source URL with %s is refused on its field', async (_, url) => {
    const res = await t.inject({ method: 'POST', url: '/api/manage/jerseys', headers: mod, payload: jerseyBody(url) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { imageSourceUrl: URL_PT } });
  });

  it('still takes real addresses: non-ASCII letters, percent escapes, a query; spaces around are trimmed', async () => {
    const jerseyRes = await t.inject({
      method: 'POST',
      url: '/api/manage/jerseys',
      headers: mod,
      payload: jerseyBody('  https://grêmio.example/camisa%20azul?ano=2024#frente  '),
    });
    expect(jerseyRes.statusCode, jerseyRes.body).toBe(201);
    expect(jerseyRes.json().imageSourceUrl).toBe('https://grêmio.example/camisa%20azul?ano=2024#frente');
    const productRes = await t.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: mod,
      payload: product('https://loja.example/açaí?cor=azul'),
    });
    expect(productRes.statusCode, productRes.body).toBe(201);
  });
});

describe('a body field the route does not know is a 400 naming it', () => {
  it('a model refuses a logo (models have none) instead of dropping it; a supplier keeps its logo', async () => {
    const before = await t.count('models');
    const res = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: 'Terceira', logoImageId: imageId },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Verifique os campos destacados.',
      details: { logoImageId: UNKNOWN_PT },
    });
    expect(await t.count('models')).toBe(before);

    const model = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: 'Quarta' },
    });
    expect(model.statusCode, model.body).toBe(201);
    const edit = await t.inject({
      method: 'PUT',
      url: `/api/manage/models/${model.json().id}`,
      headers: { ...mod, 'accept-language': 'en' },
      payload: { name: 'Quarta', logoImageId: null },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().details).toEqual({ logoImageId: UNKNOWN_EN });

    const supplier = await t.inject({
      method: 'POST',
      url: '/api/manage/suppliers',
      headers: mod,
      payload: { name: 'Penalty', logoImageId: imageId },
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    expect(supplier.json().logo.id).toBe(imageId);
  });

  it('names every unknown field, nested ones by their path', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: mod,
      payload: {
        ...product('https://loja.example/x'),
        sku: 'A-1',
        toString: 'x',
        offers: [{ storeName: 'Loja', url: 'https://loja.example/x', priceCents: 4500, coupon: 'FUZZ' }],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ sku: UNKNOWN_PT, toString: UNKNOWN_PT, 'offers.0.coupon': UNKNOWN_PT });
  });

  it.each([
    [
      'POST',
      '/api/manage/teams',
      { name: 'Clube', country: 'Brasil', city: 'Recife', baseColor: '#112233', category: 'club', website: 'x' },
      'website',
    ],
    ['PATCH', '/api/me', { name: 'Nova', nickname: 'nova' }, 'nickname'],
    [
      'POST',
      '/api/feedback',
      { type: 'praise', title: 'Ótimo app', message: 'Muito bom, obrigado pelo app!', rating: 5 },
      'rating',
    ],
    ['PUT', '/api/manage/users/{me}/active', { active: true, reason: 'x' }, 'reason'],
  ])('%s %s refuses an extra field', async (method, url, payload, field) => {
    const admin = await t.userWithRoles(['Admin']);
    const res = await t.inject({
      method: method as 'POST',
      url: url.replace('{me}', admin.id),
      headers: bearer(admin.accessToken),
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toMatchObject({ [field]: UNKNOWN_PT });
  });

  it('a write that takes no body refuses one with fields, and does nothing', async () => {
    const model = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: 'Quinta' },
    });
    const id = model.json().id;
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/manage/models/${id}`,
      headers: { ...mod, 'accept-language': 'en' },
      payload: { force: true },
    });
    expect(del.statusCode, del.body).toBe(400);
    expect(del.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { force: UNKNOWN_EN } });
    const still = await t.inject({ method: 'GET', url: `/api/manage/models?search=Quinta`, headers: mod });
    expect(still.json().total).toBe(1);

    const member = await t.userWithRoles([]);
    const logout = await t.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(member.accessToken),
      payload: { everywhere: true },
    });
    expect(logout.statusCode, logout.body).toBe(400);
    expect(logout.json().details).toEqual({ everywhere: UNKNOWN_PT });
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: bearer(member.accessToken) });
    expect(me.statusCode).toBe(200);

    const visitor = await t.inject({ method: 'POST', url: '/api/duels/visitor', payload: { voterId: 'mine' } });
    expect(visitor.statusCode, visitor.body).toBe(400);
    expect(visitor.json().details).toEqual({ voterId: UNKNOWN_PT });
  });

  it('a write that takes no body still works without one, with an empty object or with null', async () => {
    for (const payload of [undefined, {}, 'null']) {
      const model = await t.inject({
        method: 'POST',
        url: '/api/manage/models',
        headers: mod,
        payload: { name: 'Sexta' },
      });
      const res = await t.inject({
        method: 'DELETE',
        url: `/api/manage/models/${model.json().id}`,
        headers: payload === 'null' ? { ...mod, 'content-type': 'application/json' } : mod,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const visitor = await t.inject({ method: 'POST', url: '/api/duels/visitor' });
    expect(visitor.statusCode, visitor.body).toBe(200);
  });
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '#db/schema/index.ts';
import { ImageService, diskStore } from '#modules/images/index.ts';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let mod: Record<string, string>;
let member: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
  member = bearer((await t.userWithRoles([])).accessToken);
});
afterAll(async () => t?.close());

const png = (width = 900, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#c8102e' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .png()
    .toBuffer();

async function upload(body: Buffer, type = 'image/png', headers = mod) {
  return t.inject({
    method: 'POST',
    url: '/api/manage/images',
    payload: body,
    headers: { ...headers, 'content-type': type },
  });
}

async function makeTeam(name: string, extra: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/manage/teams',
    headers: mod,
    payload: {
      name,
      country: 'Brasil',
      state: 'SP',
      city: 'Campinas',
      baseColor: '#006437',
      category: 'club',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const makeNamed = async (kind: 'models' | 'suppliers', name: string) => {
  const res = await t.inject({ method: 'POST', url: `/api/manage/${kind}`, headers: mod, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('images', () => {
  it('decodes, strips metadata and stores WebP variants no wider than the original, served immutable', async () => {
    const res = await upload(await png());
    expect(res.statusCode).toBe(201);
    const img = res.json();
    expect(img.srcSet).toBe(
      ['192', '320', '640', '900'].map((w) => `/api/images/${img.id}/${w}.webp ${w}w`).join(', '),
    );
    expect(img).toMatchObject({ src: `/api/images/${img.id}/640.webp`, width: 900, height: 1000 });
    const variant = await t.inject({ method: 'GET', url: img.src });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);
    const original = await t.inject({ method: 'GET', url: `/api/images/${img.id}/original` });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect((await sharp(await png()).metadata()).exif).toBeDefined();
  });

  it('gives an image stored before the thumbnail width its 192 px variant, from the original, once', async () => {
    const img = (await upload(await png(600, 800))).json();
    // As the image was stored before 192 joined the widths: no file, not in the row.
    rmSync(path.join(t.config.dataDir, 'images', img.id, '192.webp'));
    await t.db
      .update(images)
      .set({ variants: [320, 600] })
      .where(eq(images.id, img.id));
    const store = new ImageService(t.db, diskStore(path.join(t.config.dataDir, 'images')));

    expect(await store.addMissingVariants()).toBe(1);
    const [row] = await t.db.select({ variants: images.variants }).from(images).where(eq(images.id, img.id));
    expect(row!.variants).toEqual([192, 320, 600]);
    const thumb = await t.inject({ method: 'GET', url: `/api/images/${img.id}/192.webp` });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 192, height: 256 });
    // Done once: a second pass (a restart, another process) finds nothing left.
    expect(await store.addMissingVariants()).toBe(0);
    // A shutdown stops the pass before the next image.
    await t.db
      .update(images)
      .set({ variants: [320, 600] })
      .where(eq(images.id, img.id));
    expect(await store.addMissingVariants(AbortSignal.abort())).toBe(0);
  });

  it('stores a drawing at a lower WebP effort when asked (the demo), the same widths, an upload at the default', async () => {
    // Stripes, so the encoder has something to choose about.
    const stripes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">${Array.from(
        { length: 16 },
        (_, i) => `<rect x="${i * 40}" width="20" height="640" fill="#${i % 2 ? '1f4fa3' : 'f2c200'}"/>`,
      ).join('')}</svg>`,
    );
    const drawing = await sharp(stripes).png().toBuffer();
    const store = new ImageService(t.db, diskStore(path.join(t.config.dataDir, 'images')));
    const [upload, demo] = [await store.store(drawing), await store.store(drawing, { webpEffort: 2 })];
    expect(demo.variants).toEqual(upload.variants);
    const file = async (id: string) =>
      (await t.inject({ method: 'GET', url: `/api/images/${id}/640.webp` })).rawPayload;
    const [a, b] = [await file(upload.id), await file(demo.id)];
    expect(await sharp(b).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
    expect(b.equals(a)).toBe(false);
  });

  it('refuses a renamed text file, a non-image type and anonymous or member uploads', async () => {
    const fake = await upload(Buffer.from('this is not really a png, just text'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      code: 'INVALID_IMAGE',
      message: expect.stringContaining('não é uma imagem válida'),
    });
    expect((await upload(Buffer.from('%PDF-1.4'), 'application/pdf')).statusCode).toBe(415);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/manage/images',
          payload: await png(),
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await upload(await png(), 'image/png', member)).statusCode).toBe(403);
  });

  it('refuses files over 10 MB and images over the pixel cap', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    expect((await upload(huge)).statusCode).toBe(413);
    const giant = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(giant);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
  });
});

describe('management', () => {
  it('validates the team form with the spec messages in pt and en', async () => {
    const pt = await t.inject({ method: 'POST', url: '/api/manage/teams', headers: mod, payload: {} });
    expect(pt.statusCode).toBe(400);
    expect(pt.json().details).toEqual({
      name: 'O nome do time é obrigatório.',
      country: 'O país é obrigatório.',
      city: 'A cidade é obrigatória.',
      baseColor: 'A cor base é obrigatória.',
      category: 'A categoria é obrigatória.',
    });
    const en = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: { ...mod, 'accept-language': 'en' },
      payload: { name: '  ', country: 'X', city: 'Y', baseColor: 'red', category: 'club' },
    });
    expect(en.json().details).toEqual({
      name: 'The team name is required.',
      baseColor: 'Use a colour in the #RRGGBB format.',
    });
  });

  it('keeps a team’s Portuguese article: the reference teams’, one chosen in the form, "o" when omitted', async () => {
    const reference = async (slug: string) =>
      (await t.inject({ method: 'GET', url: `/api/catalogue/teams/${slug}/jerseys` })).json().team.article;
    expect(await reference('alemanha')).toBe('a');
    expect(await reference('juventus')).toBe('a');
    expect(await reference('flamengo')).toBe('o');

    const usa = await makeTeam('Estados Unidos', { article: 'os', category: 'national' });
    expect(usa.article).toBe('os');
    expect((await makeTeam('Ponte Preta')).article).toBe('o');
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/manage/teams/${usa.id}`,
      headers: mod,
      payload: {
        name: usa.name,
        country: 'EUA',
        city: 'Washington',
        baseColor: '#002868',
        category: 'national',
        article: 'as',
      },
    });
    expect(edited.json().article).toBe('as');

    const wrong = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: { ...mod, 'accept-language': 'en' },
      payload: {
        name: 'Filipinas',
        country: 'Filipinas',
        city: 'Manila',
        baseColor: '#0038A8',
        category: 'national',
        article: 'la',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ article: 'Invalid value.' });
  });

  it('keeps English names and descriptions beside the Portuguese ones: reference teams, the forms, search by either', async () => {
    const reference = async (slug: string) =>
      (await t.inject({ method: 'GET', url: `/api/catalogue/teams/${slug}/jerseys` })).json().team;
    expect(await reference('alemanha')).toMatchObject({ name: 'Alemanha', nameEn: 'Germany' });
    expect(await reference('flamengo')).toMatchObject({ name: 'Flamengo', nameEn: null });
    const options = (await t.inject({ method: 'GET', url: '/api/teams' })).json();
    expect(options).toContainEqual(expect.objectContaining({ slug: 'italia', nameEn: 'Italy' }));

    const team = await makeTeam('Seleção da Escócia', { nameEn: '  Scotland ', article: 'a', category: 'national' });
    expect(team.nameEn).toBe('Scotland');
    const model = await t.inject({
      method: 'POST',
      url: '/api/manage/models',
      headers: mod,
      payload: { name: 'Reserva Escocesa', nameEn: 'Scottish away' },
    });
    expect(model.json()).toMatchObject({ name: 'Reserva Escocesa', nameEn: 'Scottish away' });
    // A supplier is a brand: an English name sent for one is refused by name (ADR 0032), not dropped.
    const supplierEn = await t.inject({
      method: 'POST',
      url: '/api/manage/suppliers',
      headers: mod,
      payload: { name: 'Umbro Teste', nameEn: 'Umbro' },
    });
    expect(supplierEn.statusCode).toBe(400);
    const supplier = await makeNamed('suppliers', 'Umbro Teste');
    expect(supplier.nameEn).toBeNull();
    const image = (await upload(await png(700, 700))).json();
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/jerseys',
      headers: mod,
      payload: {
        teamId: team.id,
        modelId: model.json().id,
        supplierId: supplier.id,
        season: 1986,
        modelYear: '1986',
        mainColor: '#FFFFFF',
        imageId: image.id,
        imageSourceText: 'Museu',
        description: 'Camisa branca da Copa.',
        descriptionEn: 'White World Cup shirt.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      description: 'Camisa branca da Copa.',
      descriptionEn: 'White World Cup shirt.',
    });
    const detail = (
      await t.inject({ method: 'GET', url: `/api/catalogue/teams/${team.slug}/jerseys/${created.json().slug}` })
    ).json();
    expect(detail).toMatchObject({
      team: { name: 'Seleção da Escócia', nameEn: 'Scotland', article: 'a' },
      model: { name: 'Reserva Escocesa', nameEn: 'Scottish away' },
      descriptionEn: 'White World Cup shirt.',
    });

    // Found by its English name too, in the public list and in Sistema's.
    const found = (await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=scotland' })).json();
    expect(found.items.map((x: { slug: string }) => x.slug)).toEqual([team.slug]);
    const managed = (
      await t.inject({ method: 'GET', url: '/api/manage/jerseys?search=scottish', headers: mod })
    ).json();
    expect(managed.items.map((x: { id: string }) => x.id)).toEqual([created.json().id]);
  });

  it('validates the jersey form with the spec messages', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/manage/jerseys', headers: mod, payload: { season: '' } });
    expect(res.json().details).toMatchObject({
      teamId: 'Time obrigatório',
      modelId: 'Modelo obrigatório',
      modelYear: 'Temporada obrigatória',
      supplierId: 'Fornecedor obrigatório',
      mainColor: 'Cor principal obrigatória',
      imageId: 'Imagem obrigatória',
      imageSourceText: 'Fonte da imagem obrigatória',
    });
    const noYear = await t.inject({ method: 'POST', url: '/api/manage/jerseys', headers: mod, payload: {} });
    expect(noYear.json().details.season).toBe('Ano obrigatório');
    const named = await t.inject({ method: 'POST', url: '/api/manage/models', headers: mod, payload: { name: '' } });
    expect(named.json().details).toEqual({ name: 'Nome é obrigatório' });
  });

  it('derives slugs with accents folded and refuses a duplicate name', async () => {
    const team = await makeTeam('Associação Atlética Ponte Preta');
    expect(team.slug).toBe('associacao-atletica-ponte-preta');
    const dup = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: mod,
      payload: {
        name: 'ASSOCIAÇÃO Atlética Ponte Preta',
        country: 'Brasil',
        city: 'Campinas',
        baseColor: '#111111',
        category: 'club',
      },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details.name).toBe('Já existe um registro com este nome.');
  });

  it('creates, lists, edits, deactivates and deletes a jersey; the public catalogue follows', async () => {
    const team = await makeTeam('Guarani Futebol Clube');
    const model = await makeNamed('models', 'Titular Teste');
    const supplier = await makeNamed('suppliers', 'Fornecedor Teste');
    const image = (await upload(await png(700, 700))).json();
    const body = {
      teamId: team.id,
      modelId: model.id,
      supplierId: supplier.id,
      season: 2024,
      modelYear: '2024',
      mainColor: '#006437',
      imageId: image.id,
      imageSourceText: 'Foto do clube',
      imageSourceUrl: 'https://guarani.example/camisa',
      description: 'Camisa verde.',
      masterSponsor: 'Aurora',
    };
    const created = await t.inject({ method: 'POST', url: '/api/manage/jerseys', headers: mod, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const jersey = created.json();
    expect(jersey).toMatchObject({ slug: '2024-titular-teste', team: { slug: 'guarani-futebol-clube' }, active: true });
    const second = (await t.inject({ method: 'POST', url: '/api/manage/jerseys', headers: mod, payload: body })).json();
    expect(second.slug).toBe('2024-titular-teste-2');

    const publicTeams = (await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=GUARANI' })).json();
    expect(publicTeams.items).toEqual([expect.objectContaining({ slug: 'guarani-futebol-clube', jerseysCount: 2 })]);
    const detail = await t.inject({
      method: 'GET',
      url: '/api/catalogue/teams/guarani-futebol-clube/jerseys/2024-titular-teste',
    });
    expect(detail.json()).toMatchObject({
      masterSponsor: 'Aurora',
      imageSource: { text: 'Foto do clube', url: 'https://guarani.example/camisa' },
      otherJerseys: [expect.objectContaining({ slug: '2024-titular-teste-2' })],
    });

    const edited = await t.inject({
      method: 'PUT',
      url: `/api/manage/jerseys/${jersey.id}`,
      headers: mod,
      payload: { ...body, season: 2023, modelYear: '2023' },
    });
    expect(edited.json()).toMatchObject({ season: 2023, slug: '2023-titular-teste' });

    const off = await t.inject({
      method: 'PATCH',
      url: `/api/manage/jerseys/${jersey.id}/active`,
      headers: mod,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    const listed = (
      await t.inject({ method: 'GET', url: '/api/catalogue/teams/guarani-futebol-clube/jerseys' })
    ).json();
    expect(listed.items.map((j: { slug: string }) => j.slug)).toEqual(['2024-titular-teste-2']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/catalogue/teams/guarani-futebol-clube/jerseys/2023-titular-teste' }))
        .statusCode,
    ).toBe(404);

    // Still referenced: the model and the team cannot go, with a clear message.
    const refused = await t.inject({ method: 'DELETE', url: `/api/manage/models/${model.id}`, headers: mod });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 camisas ainda usam este registro');
    expect((await t.inject({ method: 'DELETE', url: `/api/manage/teams/${team.id}`, headers: mod })).statusCode).toBe(
      409,
    );

    for (const j of [jersey, second])
      expect((await t.inject({ method: 'DELETE', url: `/api/manage/jerseys/${j.id}`, headers: mod })).statusCode).toBe(
        204,
      );
    expect((await t.inject({ method: 'DELETE', url: `/api/manage/models/${model.id}`, headers: mod })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/manage/teams/${team.id}`, headers: mod })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=guarani' })).json().total).toBe(0);
  });

  it('refuses references to records that do not exist', async () => {
    const team = await makeTeam('Time Sem Nada');
    const res = await t.inject({
      method: 'POST',
      url: '/api/manage/jerseys',
      headers: mod,
      payload: {
        teamId: team.id,
        modelId: '00000000-0000-4000-8000-000000000000',
        supplierId: '00000000-0000-4000-8000-000000000000',
        season: 2020,
        modelYear: '2020',
        mainColor: '#000000',
        imageId: '00000000-0000-4000-8000-000000000000',
        imageSourceText: 'x',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('public catalogue', () => {
  it('filters a team’s jerseys by season range, model and supplier, sorts by season and pages', async () => {
    const team = await makeTeam('Paysandu Sport Club');
    const [home, away] = [await makeNamed('models', 'Casa'), await makeNamed('models', 'Fora')];
    const [s1, s2] = [await makeNamed('suppliers', 'Lobo'), await makeNamed('suppliers', 'Outro')];
    const image = (await upload(await png(400, 400))).json();
    for (const [season, model, supplier] of [
      [2019, home, s1],
      [2020, away, s1],
      [2021, home, s2],
      [2022, home, s2],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/manage/jerseys',
        headers: mod,
        payload: {
          teamId: team.id,
          modelId: model.id,
          supplierId: supplier.id,
          season,
          modelYear: String(season),
          mainColor: '#0057A8',
          imageId: image.id,
          imageSourceText: 'Clube',
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const url = '/api/catalogue/teams/paysandu-sport-club/jerseys';
    const all = (await t.inject({ method: 'GET', url })).json();
    expect(all.items.map((j: { season: number }) => j.season)).toEqual([2022, 2021, 2020, 2019]);
    expect(all.seasons).toEqual({ min: 2019, max: 2022 });
    expect(all.models.map((m: { slug: string }) => m.slug)).toEqual(['casa', 'fora']);
    const range = (
      await t.inject({ method: 'GET', url: `${url}?seasonFrom=2020&seasonTo=2021&sort=season_asc` })
    ).json();
    expect(range.items.map((j: { season: number }) => j.season)).toEqual([2020, 2021]);
    const byModel = (await t.inject({ method: 'GET', url: `${url}?model=casa&supplier=outro` })).json();
    expect(byModel.total).toBe(2);
    const paged = (await t.inject({ method: 'GET', url: `${url}?pageSize=3&page=2` })).json();
    expect(paged).toMatchObject({ total: 4, page: 2, items: [expect.objectContaining({ season: 2019 })] });
    expect((await t.inject({ method: 'GET', url: `${url}?pageSize=101` })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/catalogue/teams/no-such-team/jerseys' })).statusCode).toBe(404);
  });

  it('filters teams by category and finds them without accents or case', async () => {
    const res = (await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=PAYSANDU&category=club' })).json();
    expect(res.items.map((x: { slug: string }) => x.slug)).toEqual(['paysandu-sport-club']);
    const national = (
      await t.inject({ method: 'GET', url: '/api/catalogue/teams?search=paysandu&category=national' })
    ).json();
    expect(national.total).toBe(0);
    const accents = (
      await t.inject({ method: 'GET', url: `/api/catalogue/teams?search=${encodeURIComponent('pàysândü')}` })
    ).json();
    expect(accents.total).toBe(1);
  });
});

describe('dashboard', () => {
  it('counts the catalogue for moderators only', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/manage/dashboard', headers: mod });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.teams).toBeGreaterThanOrEqual(33);
    expect(body.activeJerseys).toBeGreaterThanOrEqual(4);
    expect(body.activeUsers).toBeGreaterThanOrEqual(2);
    expect((await t.inject({ method: 'GET', url: '/api/manage/dashboard', headers: member })).statusCode).toBe(403);
  });
});

describe('Sistema list orders', () => {
  // Orders used to be looked up on a plain object: `constructor` or `toString` found a prototype
  // function and the list answered 500.
  const lists = [
    ['teams', 'name, -name, country, -country, jerseys, -jerseys, updated, -updated'],
    ['jerseys', 'season, -season, team, -team, updated, -updated'],
    ['models', 'name, -name, jerseys, -jerseys'],
    ['suppliers', 'name, -name, jerseys, -jerseys'],
  ] as const;
  const bad = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'nome'];
  it.each(lists)('/api/manage/%s answers 400 naming the allowed orders, in pt and en', async (list, allowed) => {
    for (const sort of bad) {
      const pt = await t.inject({ method: 'GET', url: `/api/manage/${list}?sort=${sort}`, headers: mod });
      expect(pt.statusCode, `${list} ${sort}: ${pt.body}`).toBe(400);
      expect(pt.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { sort: `Valor inválido. Use um destes: ${allowed}.` },
      });
    }
    const en = await t.inject({
      method: 'GET',
      url: `/api/manage/${list}?sort=constructor`,
      headers: { ...mod, 'accept-language': 'en' },
    });
    expect(en.json().details).toEqual({ sort: `Invalid value. Use one of: ${allowed}.` });
    const first = allowed.split(', ')[1]!;
    const ok = await t.inject({ method: 'GET', url: `/api/manage/${list}?sort=${first}`, headers: mod });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('jerseys by id', () => {
  it('lists exactly the jerseys asked for, and refuses ids that are not ids', async () => {
    const { jerseys } = await seedCatalogue(t.db, { teams: 1, models: ['Home'], seasons: [2001, 2002, 2003] });
    const wanted = [jerseys[0]!.id, jerseys[2]!.id];
    const res = await t.inject({ method: 'GET', url: `/api/manage/jerseys?ids=${wanted.join(',')}`, headers: mod });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .items.map((j: { id: string }) => j.id)
        .sort(),
    ).toEqual([...wanted].sort());
    const bad = await t.inject({ method: 'GET', url: '/api/manage/jerseys?ids=1,2', headers: mod });
    expect(bad.statusCode).toBe(400);
  });
});

describe('references to records that do not exist', () => {
  // The foreign key used to surface as a 500; now it is the client's mistake, with the field named.
  const missing = '00000000-0000-4000-8000-000000000000';
  const team = { country: 'Brasil', state: 'SP', city: 'Campinas', baseColor: '#006437', category: 'club' };

  it('a team crest that does not exist is a 422 on create and update, and nothing is saved', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/teams',
      headers: mod,
      payload: { ...team, name: 'Sem Escudo FC', crestImageId: missing },
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { crestImageId: 'Registro relacionado não encontrado.' },
    });
    const list = await t.inject({ method: 'GET', url: '/api/manage/teams?search=Sem%20Escudo', headers: mod });
    expect(list.json().total).toBe(0);

    const saved = await makeTeam('Com Escudo FC');
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/manage/teams/${saved.id}`,
      headers: { ...mod, 'accept-language': 'en' },
      payload: { ...team, name: 'Com Escudo FC', crestImageId: missing },
    });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(updated.json().details).toEqual({ crestImageId: 'Related record not found.' });
  });

  it('a supplier logo that does not exist is a 422 on create and update', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/manage/suppliers',
      headers: mod,
      payload: { name: 'Marca Fantasma', logoImageId: missing },
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().details).toEqual({ logoImageId: 'Registro relacionado não encontrado.' });
    const saved = await makeNamed('suppliers', 'Marca Real');
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/manage/suppliers/${saved.id}`,
      headers: mod,
      payload: { name: 'Marca Real', logoImageId: missing },
    });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(updated.json().details).toEqual({ logoImageId: 'Registro relacionado não encontrado.' });
  });
});

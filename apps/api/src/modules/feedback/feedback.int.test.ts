import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, ManageFeedback, ManageFeedbackList, MyFeedback, MyFeedbackList } from '@manto/contracts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';

let t: TestApp;
let mod: Record<string, string>;
let ipCounter = 0;
/** A fresh address per visitor, so one test's sends do not use up another's hourly limit. */
const freshIp = () => `10.44.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer((await t.userWithRoles(['Moderator'])).accessToken);
});
afterAll(async () => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'suggestion',
  title: 'Mais camisas retrô',
  message: 'Gostaria de ver mais camisas dos anos 80 nos duelos.',
  ...overrides,
});

async function send(
  payload: Record<string, unknown>,
  { headers = {}, ip = freshIp() }: { headers?: Record<string, string>; ip?: string } = {},
) {
  return t.inject({ method: 'POST', url: '/api/feedback', payload, headers, remoteAddress: ip });
}

async function sent(payload: Record<string, unknown>, opts?: Parameters<typeof send>[1]): Promise<MyFeedback> {
  const res = await send(payload, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MyFeedback>();
}

const manage = async (query = '') => {
  const res = await t.inject({ method: 'GET', url: `/api/manage/feedbacks${query}`, headers: mod });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ManageFeedbackList>();
};

const patch = (id: string, payload: Record<string, unknown>, headers = mod) =>
  t.inject({ method: 'PATCH', url: `/api/manage/feedbacks/${id}`, payload, headers });

describe('sending feedback', () => {
  it('stores a visitor’s feedback as pending, medium, with the page, user agent and reply address', async () => {
    const res = await send(body({ email: 'Visitante@Example.com', pagePath: '/rankings?escopo=global' }), {
      headers: { 'user-agent': '  Mozilla/5.0 Teste  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<MyFeedback>();
    expect(created.status).toBe('pending');
    const [item] = (await manage(`?search=${encodeURIComponent('anos 80')}`)).items.filter((i) => i.id === created.id);
    expect(item).toMatchObject({
      status: 'pending',
      priority: 'medium',
      user: null,
      email: 'visitante@example.com',
      pagePath: '/rankings?escopo=global',
      userAgent: 'Mozilla/5.0 Teste',
      note: null,
    });
  });

  it('records the member who sent it, and no reply address for a member', async () => {
    const member = await t.userWithRoles([]);
    const created = await sent(body({ title: 'Feedback de membro', email: 'outro@example.com' }), {
      headers: bearer(member.accessToken),
    });
    const item = (await manage()).items.find((i) => i.id === created.id)!;
    expect(item.user).toEqual({ id: member.id, name: expect.any(String) });
    expect(item.email).toBeNull();
  });

  it('refuses bad input with localised field messages (pt and en)', async () => {
    const bad = { type: 'rant', title: 'ab', message: 'curta', email: 'nope', extra: 1 };
    const pt = await send(bad);
    expect(pt.statusCode).toBe(400);
    expect(pt.json().details).toMatchObject({
      type: 'Escolha o tipo: sugestão, reclamação, bug ou elogio.',
      title: 'Use ao menos 3 caracteres.',
      message: 'Use ao menos 10 caracteres.',
      email: 'Formato de e-mail inválido.',
    });
    const en = await send(bad, { headers: { 'accept-language': 'en' } });
    expect(en.json().details).toMatchObject({
      type: 'Choose the type: suggestion, complaint, bug or praise.',
      title: 'Use at least 3 characters.',
      message: 'Use at least 10 characters.',
      email: 'Invalid email format.',
    });
    const empty = await send(body({ title: '   ', message: 'x'.repeat(4001) }));
    expect(empty.json().details).toMatchObject({
      title: 'Campo obrigatório.',
      message: 'Use no máximo 4000 caracteres.',
    });
    const long = await send(body({ title: 'x'.repeat(121) }), { headers: { 'accept-language': 'en' } });
    expect(long.json().details).toMatchObject({ title: 'Use at most 120 characters.' });
    expect((await send(body({ pagePath: 'https://evil.example' }))).statusCode).toBe(400);
  });

  it('allows 5 an hour per address; the 6th is a localised 429 that says when to come back', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await sent(body({ title: `Limite ${i}` }), { ip });
    const sixth = await send(body(), { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('FEEDBACK_RATE_LIMITED');
    expect(sixth.json().message).toMatch(/^Você já enviou 5 feedbacks na última hora\./);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const en = await send(body(), { ip, headers: { 'accept-language': 'en' } });
    expect(en.json().message).toMatch(/^You have already sent 5 feedbacks in the last hour\./);
    // Another address is not affected; the next hour is free again.
    await sent(body());
    t.clock.advance(60 * 60 * 1000);
    await sent(body(), { ip });
  });

  it('limits a member per account, whatever the address', async () => {
    const member = await t.userWithRoles([]);
    const headers = bearer(member.accessToken);
    for (let i = 0; i < 5; i++) await sent(body(), { headers });
    expect((await send(body(), { headers })).statusCode).toBe(429);
  });

  it('stores and returns markup verbatim (it is text, never HTML)', async () => {
    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const created = await sent(body({ title: `<b>${xss}</b>`.slice(0, 120), message: xss }));
    expect(created.message).toBe(xss);
    const item = (await manage(`?search=${encodeURIComponent('onerror')}`)).items.find((i) => i.id === created.id)!;
    expect(item.message).toBe(xss);
    expect(item.title).toBe(`<b>${xss}</b>`.slice(0, 120));
  });
});

describe('a member’s own feedbacks', () => {
  it('lists only the caller’s, newest first, with status; visitors get 401', async () => {
    const a = await t.userWithRoles([]);
    const b = await t.userWithRoles([]);
    const first = await sent(body({ title: 'Primeiro de A' }), { headers: bearer(a.accessToken) });
    t.clock.advance(1000);
    const second = await sent(body({ title: 'Segundo de A', type: 'bug' }), { headers: bearer(a.accessToken) });
    await sent(body({ title: 'De B' }), { headers: bearer(b.accessToken) });
    expect((await patch(first.id, { status: 'reviewed' })).statusCode).toBe(200);

    const res = await t.inject({ method: 'GET', url: '/api/me/feedbacks', headers: bearer(a.accessToken) });
    expect(res.statusCode).toBe(200);
    const list = res.json<MyFeedbackList>();
    expect(list.total).toBe(2);
    expect(list.items.map((i) => [i.id, i.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'reviewed'],
    ]);
    // The moderators' note and priority stay theirs.
    expect(list.items[0]).not.toHaveProperty('note');
    expect(list.items[0]).not.toHaveProperty('priority');
    expect((await t.inject({ method: 'GET', url: '/api/me/feedbacks' })).statusCode).toBe(401);
  });
});

describe('moderation', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {};
    const make = async (key: string, o: Record<string, unknown>, priority?: string) => {
      t.clock.advance(1000);
      ids[key] = (await sent(body(o))).id;
      if (priority) expect((await patch(ids[key]!, { priority })).statusCode).toBe(200);
    };
    await make(
      'bug',
      { type: 'bug', title: 'Zebra no ranking', message: 'O ranking de ÁGUIAS mostra zebra errada.' },
      'high',
    );
    await make('praise', { type: 'praise', title: 'Parabéns', message: 'Adorei o site, muito bom mesmo!' }, 'low');
    await make('complaint', { type: 'complaint', title: 'Lento', message: 'Os duelos às vezes demoram a carregar.' });
  });

  it('filters by type, status and priority, and searches title and message ignoring accents and case', async () => {
    expect((await manage('?type=praise')).items.every((i) => i.type === 'praise')).toBe(true);
    expect((await manage('?type=praise')).items.map((i) => i.id)).toContain(ids.praise);
    expect((await manage('?priority=high')).items.map((i) => i.id)).toEqual([ids.bug]);
    expect((await manage('?status=resolved&type=bug')).items.filter((i) => i.id === ids.bug)).toEqual([]);
    expect((await manage('?search=aguias')).items.map((i) => i.id)).toEqual([ids.bug]);
    expect((await manage('?search=PARABENS')).items.map((i) => i.id)).toEqual([ids.praise]);
    expect((await manage('?search=ás%20VEZES')).items.map((i) => i.id)).toEqual([ids.complaint]);
    expect((await manage('?search=100%25')).items).toEqual([]);
  });

  it('sorts by date and priority; an unknown sort or filter is a 400 naming the allowed values', async () => {
    const mine = (list: ManageFeedbackList) =>
      list.items.map((i) => i.id).filter((id) => Object.values(ids).includes(id));
    expect(mine(await manage('?pageSize=100'))).toEqual([ids.complaint, ids.praise, ids.bug]);
    expect(mine(await manage('?sort=date&pageSize=100'))).toEqual([ids.bug, ids.praise, ids.complaint]);
    expect(mine(await manage('?sort=-priority&pageSize=100'))).toEqual([ids.bug, ids.complaint, ids.praise]);
    expect(mine(await manage('?sort=priority&pageSize=100'))).toEqual([ids.praise, ids.complaint, ids.bug]);
    const bad = await t.inject({ method: 'GET', url: '/api/manage/feedbacks?sort=title', headers: mod });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.sort).toBe('Valor inválido. Use um destes: -date, date, -priority, priority.');
    const badStatus = await t.inject({ method: 'GET', url: '/api/manage/feedbacks?status=open', headers: mod });
    expect(badStatus.statusCode).toBe(400);
  });

  it('paginates', async () => {
    const page1 = await manage('?pageSize=2&page=1');
    const page2 = await manage('?pageSize=2&page=2');
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(page2.total);
    expect(page2.items.map((i) => i.id)).not.toContain(page1.items[0]!.id);
  });

  it('moves pending → reviewed → resolved, reopens from either, and refuses other moves with a localised 409', async () => {
    const id = ids.complaint!;
    const skip = await patch(id, { status: 'resolved' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().code).toBe('FEEDBACK_TRANSITION');
    expect(skip.json().message).toMatch(/^Mudança de situação não permitida/);
    const skipEn = await patch(id, { status: 'resolved' }, { ...mod, 'accept-language': 'en' });
    expect(skipEn.json().message).toMatch(/^Status change not allowed/);

    const reviewed = await patch(id, { status: 'reviewed', note: '  Verificar com a equipe.  ' });
    expect(reviewed.json<ManageFeedback>()).toMatchObject({ status: 'reviewed', note: 'Verificar com a equipe.' });
    expect((await patch(id, { status: 'pending' })).json().status).toBe('pending');
    expect((await patch(id, { status: 'reviewed' })).json().status).toBe('reviewed');
    const resolved = await patch(id, { status: 'resolved', priority: 'low' });
    expect(resolved.json<ManageFeedback>()).toMatchObject({ status: 'resolved', priority: 'low' });
    expect((await patch(id, { status: 'reviewed' })).statusCode).toBe(409);
    expect((await patch(id, { status: 'pending', note: '' })).json()).toMatchObject({ status: 'pending', note: null });

    expect((await patch(id, { status: 'closed' })).statusCode).toBe(400);
    expect((await patch(id, { priority: 'urgent' })).statusCode).toBe(400);
    const longNote = await patch(id, { note: 'x'.repeat(2001) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().details.note).toBe('Use no máximo 2000 caracteres.');
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'reviewed' })).statusCode).toBe(404);
  });

  it('counts pending feedback on the dashboard', async () => {
    const dashboard = async () =>
      (await t.inject({ method: 'GET', url: '/api/manage/dashboard', headers: mod })).json<Dashboard>();
    const before = (await dashboard()).pendingFeedbacks;
    expect(before).toBe((await manage('?status=pending')).total);
    const id = (await sent(body())).id;
    expect((await dashboard()).pendingFeedbacks).toBe(before + 1);
    await patch(id, { status: 'reviewed' });
    expect((await dashboard()).pendingFeedbacks).toBe(before);
  });

  it('is for moderators and admins only: 401 for visitors, 403 for members', async () => {
    const member = bearer((await t.userWithRoles([])).accessToken);
    const admin = bearer((await t.userWithRoles(['Admin'])).accessToken);
    expect((await t.inject({ method: 'GET', url: '/api/manage/feedbacks' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/manage/feedbacks', headers: member })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/manage/feedbacks', headers: admin })).statusCode).toBe(200);
    expect((await patch(ids.praise!, { status: 'reviewed' }, {})).statusCode).toBe(401);
    expect((await patch(ids.praise!, { status: 'reviewed' }, member)).statusCode).toBe(403);
    expect((await patch(ids.praise!, { status: 'reviewed' }, admin)).statusCode).toBe(200);
  });
});

describe('the audit trail', () => {
  it('records a status move with its before and after', async () => {
    const admin = bearer((await t.userWithRoles(['Admin'])).accessToken);
    const id = (await sent(body({ title: 'Auditado' }))).id;
    expect((await patch(id, { status: 'reviewed', note: 'Visto.' })).statusCode).toBe(200);
    const res = await t.inject({
      method: 'GET',
      url: `/api/manage/audit?resource=feedbacks&target=${id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().items;
    expect(row).toMatchObject({
      action: 'update',
      changes: { status: { before: 'pending', after: 'reviewed' }, note: { before: null, after: 'Visto.' } },
    });
  });
});

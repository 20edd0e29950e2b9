import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailOutboxPage } from '@manto/contracts';
import { jobLeases, mailOutbox, users } from '#db/schema/index.ts';
import { type TestApp, bearer, createTestApp } from '#test/helpers.ts';
import { closedPort, linkIn, startMailCapture } from '#test/mail-capture.ts';
import { onPostgres } from '#test/server-process.ts';
import { fullTier } from '#test/tier.ts';
import { MAX_ATTEMPTS } from './index.ts';

const post = (t: TestApp, url: string, payload: unknown, remoteAddress = '10.60.0.1') =>
  t.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

/** A forty-minute step is past any retry delay (at most 30 min + 20% jitter). */
const PAST_ANY_BACKOFF = 40 * 60_000;

const rowsTo = (t: TestApp, email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

describe('with the SMTP server down', () => {
  let t: TestApp;
  let port: number;
  let logged = '';
  beforeAll(async () => {
    port = await closedPort();
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      }),
    );
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, {}, { log });
  });
  afterAll(async () => t?.close());

  it('register answers 201, forgot-password answers as for an unknown email, and the mails go out once SMTP is back', async () => {
    const body = t.registration();
    expect((await post(t, '/api/auth/register', body)).statusCode).toBe(201);
    const member = await t.userWithRoles();
    const [known] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    const existing = await post(t, '/api/auth/forgot-password', { email: known!.email });
    const unknown = await post(t, '/api/auth/forgot-password', { email: 'nobody-outbox@example.com' });
    expect(existing.statusCode).toBe(unknown.statusCode);
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual(unknown.json());

    // The sender tried once each and keeps them for later.
    await t.flushMail();
    for (const email of [body.email, known!.email]) {
      const [row] = await rowsTo(t, email);
      expect(row).toMatchObject({ sentAt: null, deadAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(row!.text).toContain('/app/auth/');
    }
    expect(await rowsTo(t, 'nobody-outbox@example.com')).toEqual([]);

    // SMTP comes back; at the next due time both mails go out, and their links work.
    const capture = await startMailCapture(port);
    try {
      t.clock.advance(PAST_ANY_BACKOFF);
      await t.flushMail();
      const confirm = linkIn(await capture.waitFor(body.email), '/app/auth/confirmar-email');
      const reset = linkIn(await capture.waitFor(known!.email), '/app/auth/redefinir-senha');
      // What the app logged while writing, failing and sending the mails: never their links.
      const loggedBySender = logged;
      expect(loggedBySender).toContain('mail not sent; will retry');
      expect(loggedBySender).not.toContain(confirm.searchParams.get('token'));
      expect(loggedBySender).not.toContain(reset.searchParams.get('token'));
      expect((await t.inject({ method: 'GET', url: `/api/auth/confirm-email${confirm.search}` })).statusCode).toBe(200);
      const done = await post(t, '/api/auth/reset-password', {
        userId: reset.searchParams.get('userId'),
        token: reset.searchParams.get('token'),
        password: 'nova-senha-da-torcida',
        confirmPassword: 'nova-senha-da-torcida',
      });
      expect(done.statusCode).toBe(200);

      // Sent: the one-time links are gone from the table, the metadata stays.
      for (const email of [body.email, known!.email]) {
        const [row] = await rowsTo(t, email);
        expect(row).toMatchObject({ text: null, html: null, attempts: 2 });
        expect(row!.sentAt).not.toBeNull();
      }
    } finally {
      await capture.close();
    }
  });
});

describe('a mail that keeps failing', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => t?.close());

  const outbox = (token: string, query = '') =>
    t.inject({ method: 'GET', url: `/api/manage/mail-outbox${query}`, headers: bearer(token) });

  it('is retried with backoff, dead-lettered after MAX_ATTEMPTS, listed for Admins only and requeued by them', async () => {
    const admin = await t.userWithRoles(['Admin']);
    const moderator = await t.userWithRoles(['Moderator']);
    const member = await t.userWithRoles([]);
    const body = t.registration();
    expect((await post(t, '/api/auth/register', body, '10.61.0.1')).statusCode).toBe(201);
    await t.flushMail();
    expect((await rowsTo(t, body.email))[0]!.attempts).toBe(1);

    // Not due again yet: the first retry waits at least 24 s.
    t.clock.advance(10_000);
    await t.flushMail();
    expect((await rowsTo(t, body.email))[0]!.attempts).toBe(1);
    const failed = (await outbox(admin.accessToken, '?status=failed')).json<MailOutboxPage>();
    expect(failed.counts).toEqual({ pending: 0, failed: 1, dead: 0 });
    expect(failed.items[0]).toMatchObject({ recipient: body.email, status: 'failed', attempts: 1 });

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.clock.advance(PAST_ANY_BACKOFF);
      await t.flushMail();
      expect((await rowsTo(t, body.email))[0]!.attempts).toBe(attempt);
    }
    const [dead] = await rowsTo(t, body.email);
    expect(dead!.deadAt).not.toBeNull();
    expect(dead).toMatchObject({ text: null, html: null, sentAt: null });
    // Dead stays dead, however long one waits.
    t.clock.advance(PAST_ANY_BACKOFF);
    await t.flushMail();
    expect((await rowsTo(t, body.email))[0]!.attempts).toBe(MAX_ATTEMPTS);

    const list = await outbox(admin.accessToken, '?status=dead');
    expect(list.statusCode).toBe(200);
    const page = list.json<MailOutboxPage>();
    expect(page.counts).toEqual({ pending: 0, failed: 0, dead: 1 });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      id: dead!.id,
      kind: 'confirm',
      status: 'dead',
      recipient: body.email,
      attempts: MAX_ATTEMPTS,
    });
    expect(page.items[0]!.lastError).toBeTruthy();
    expect(list.body).not.toMatch(/confirmar-email|token/);

    // Moderators and members may not see or requeue mail; visitors are asked to sign in.
    for (const caller of [moderator, member]) {
      expect((await outbox(caller.accessToken)).statusCode).toBe(403);
      const retry = await t.inject({
        method: 'POST',
        url: `/api/manage/mail-outbox/${dead!.id}/retry`,
        headers: bearer(caller.accessToken),
      });
      expect(retry.statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/manage/mail-outbox' })).statusCode).toBe(401);

    // SMTP is back; the Admin requeues the mail: a fresh link goes out and works.
    const capture = await startMailCapture(port);
    try {
      const retry = await t.inject({
        method: 'POST',
        url: `/api/manage/mail-outbox/${dead!.id}/retry`,
        headers: bearer(admin.accessToken),
      });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ id: dead!.id, status: 'pending', attempts: 0, deadAt: null });
      await t.flushMail();
      const link = linkIn(await capture.waitFor(body.email), '/app/auth/confirmar-email');
      expect((await t.inject({ method: 'GET', url: `/api/auth/confirm-email${link.search}` })).statusCode).toBe(200);
      const [sent] = await rowsTo(t, body.email);
      expect(sent).toMatchObject({ text: null, html: null, deadAt: null, attempts: 1 });
      expect(sent!.sentAt).not.toBeNull();
    } finally {
      await capture.close();
    }

    // A sent mail is not dead: 404. A dead confirmation for an account confirmed since: 409, localised.
    const again = await t.inject({
      method: 'POST',
      url: `/api/manage/mail-outbox/${dead!.id}/retry`,
      headers: bearer(admin.accessToken),
    });
    expect(again.statusCode).toBe(404);
    await t.db.update(mailOutbox).set({ deadAt: new Date(), sentAt: null }).where(eq(mailOutbox.id, dead!.id));
    const moot = await t.inject({
      method: 'POST',
      url: `/api/manage/mail-outbox/${dead!.id}/retry`,
      headers: { ...bearer(admin.accessToken), 'accept-language': 'en' },
    });
    expect(moot.statusCode).toBe(409);
    expect(moot.json()).toMatchObject({
      code: 'MAIL_NOT_RETRYABLE',
      message: expect.stringContaining('cannot be sent'),
    });
  });
});

describe('the sender lease', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends nothing while another process holds the lease, and everything once it is free', async () => {
    await holdLeaseElsewhere(t);
    const body = t.registration();
    expect((await post(t, '/api/auth/register', body, '10.62.0.1')).statusCode).toBe(201);
    await t.flushMail();
    expect(t.mail.to(body.email)).toHaveLength(0);
    expect((await rowsTo(t, body.email))[0]).toMatchObject({ attempts: 0, sentAt: null });

    // The other process's lease runs out (it died, or let go).
    await releaseLeaseElsewhere(t);
    await t.flushMail();
    linkIn(await t.mail.waitFor(body.email), '/app/auth/confirmar-email');
    expect((await rowsTo(t, body.email))[0]).toMatchObject({ attempts: 1, text: null });
  });
});

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { databaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('deliver each mail exactly once, whichever holds the lease', async () => {
    const emails: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const app = i % 2 === 0 ? a : b;
        const body = app.registration({ email: `twin${i}-${Date.now()}@example.com` });
        emails.push(body.email);
        expect((await post(app, '/api/auth/register', body, `10.63.${i}.1`)).statusCode).toBe(201);
      }),
    );
    // Whichever process is free sends; the other finds the lease taken or nothing due. Both flush until
    // every mail has arrived (the bound is only a safety net), then no mail may have gone out twice.
    const delivered = () => emails.filter((e) => a.mail.to(e).length + b.mail.to(e).length > 0).length;
    await vi.waitFor(
      async () => {
        await Promise.all([a.flushMail(), b.flushMail()]);
        expect(delivered()).toBe(emails.length);
      },
      { timeout: 60_000, interval: 50 },
    );
    for (const email of emails) expect(a.mail.to(email).length + b.mail.to(email).length, email).toBe(1);
  });
});

/** Another process holds the sender's lease for ten minutes: nothing here sends or turns requests. */
async function holdLeaseElsewhere(t: TestApp): Promise<void> {
  await t.db
    .insert(jobLeases)
    .values({ name: 'mail', holder: 'another-process', until: sql`now() + interval '10 minutes'` })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder: 'another-process', until: sql`now() + interval '10 minutes'` },
    });
}

async function releaseLeaseElsewhere(t: TestApp): Promise<void> {
  await t.db
    .update(jobLeases)
    .set({ until: sql`now()` })
    .where(eq(jobLeases.name, 'mail'));
}

async function emailOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

describe('forgot-password is written down before it is answered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('leaves a request row while no process may send, and the mail goes out once one may', async () => {
    await holdLeaseElsewhere(t);
    const email = await emailOf(t, (await t.userWithRoles()).id);
    const res = await post(t, '/api/auth/forgot-password', { email }, '10.64.0.1');
    expect(res.statusCode).toBe(200);
    await t.flushMail();
    // The request survives in the database, whatever happens to this process now.
    expect(await t.count('mail_requests')).toBe(1);
    expect(t.mail.to(email)).toHaveLength(0);

    await releaseLeaseElsewhere(t);
    await t.flushMail();
    linkIn(await t.mail.waitFor(email), '/app/auth/redefinir-senha');
    expect(await t.count('mail_requests')).toBe(0);
  });

  it('drops a request older than a reset link’s life instead of mailing it', async () => {
    await holdLeaseElsewhere(t);
    const email = await emailOf(t, (await t.userWithRoles()).id);
    expect((await post(t, '/api/auth/forgot-password', { email }, '10.64.0.2')).statusCode).toBe(200);
    t.clock.advance(61 * 60_000);
    await releaseLeaseElsewhere(t);
    await t.flushMail();
    expect(await t.count('mail_requests')).toBe(0);
    expect(await rowsTo(t, email)).toEqual([]);
  });
});

/**
 * Requests in the flood: enough for several of the sender's batches of requests (100) in `npm test`;
 * the full tier sends the original 1 500.
 */
const FLOOD = fullTier ? 1_500 : 300;

describe('a flood of forgot-password requests for unknown addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('does not keep a real user’s reset mail from going out', async () => {
    const email = await emailOf(t, (await t.userWithRoles()).id);
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      post(t, '/api/auth/forgot-password', { email: `ghost${i}@example.com` }, `10.65.${i >> 8}.${i & 255}`),
    );
    const real = post(t, '/api/auth/forgot-password', { email }, '10.66.0.1');
    // Every request is answered, and alike; all of them are turned, the ghosts into nothing.
    const answers = await Promise.all([...flood, real]);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(FLOOD + 1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    await t.flushMail();
    linkIn(await t.mail.waitFor(email), '/app/auth/redefinir-senha');
    expect(await t.count('mail_requests')).toBe(0);
    expect(await t.count('mail_outbox')).toBe(1);
    expect(t.mail.mails).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('a process that dies right after answering forgot-password', () => {
  let a: TestApp;
  let b: TestApp | undefined;
  beforeAll(async () => {
    a = await createTestApp();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('loses nothing: the next process on the database sends the reset mail', async () => {
    await holdLeaseElsewhere(a);
    const email = await emailOf(a, (await a.userWithRoles()).id);
    expect((await post(a, '/api/auth/forgot-password', { email }, '10.67.0.1')).statusCode).toBe(200);
    // The process is gone: nothing it had in memory runs against the database any more.
    await a.closeDatabase();

    b = await createTestApp({}, { databaseUrl: a.config.databaseUrl });
    await releaseLeaseElsewhere(b);
    await b.flushMail();
    const link = linkIn(await b.mail.waitFor(email), '/app/auth/redefinir-senha');
    const done = await post(b, '/api/auth/reset-password', {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'nova-senha-da-torcida',
      confirmPassword: 'nova-senha-da-torcida',
    });
    expect(done.statusCode).toBe(200);
    expect(a.mail.to(email)).toHaveLength(0);
  });
});

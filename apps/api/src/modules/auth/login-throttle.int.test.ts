/**
 * The login throttle as clients see it (docs/security.md item 2, ADR 0011): strangers guessing from
 * rotating IPs are slowed, but never lock the owner's known browser (device cookie) out; brute force
 * without a device cookie is still slowed, per IP and per account; the counters are shared by two
 * processes through Redis. Runs on PGlite and PostgreSQL; the Redis suite needs the local Redis
 * (test/redis.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { linkIn } from '#test/mail-capture.ts';
import { PASSWORD, type TestApp, createTestApp } from '#test/helpers.ts';
import { REDIS_URL, redisSuitesRun } from '#test/redis.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

let ipCounter = 0;
/** A fresh address each call (documentation and private ranges), so only the rules under test apply. */
const randomIp = () => {
  ipCounter += 1;
  return `10.${ipCounter % 250}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
};

interface Attempt {
  email: string;
  password: string;
  ip: string;
  device?: string;
  lang?: string;
}

/** A login behind the one trusted proxy (TRUST_PROXY=true): the client's address is in X-Forwarded-For. */
const login = (app: TestApp, a: Attempt) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: a.email, password: a.password },
    headers: {
      'x-forwarded-for': a.ip,
      ...(a.device ? { cookie: `manto_device=${a.device}` } : {}),
      ...(a.lang ? { 'accept-language': a.lang } : {}),
    },
  });

/** The device cookie a response sets, as the browser would keep it. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('manto_device='));
  if (!header) throw new Error('no device cookie was set');
  return String(header).split(';')[0]!.slice('manto_device='.length);
}

/** `n` wrong passwords for `email`, each from a new address; returns the status codes. */
async function guessFromRotatingIps(app: TestApp, email: string, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++)
    codes.push((await login(app, { email, password: `guess-${i}-${randomIp()}`, ip: randomIp() })).statusCode);
  return codes;
}

/** The owner's browser signs in once, as before the attack; returns its device cookie. */
async function knownBrowser(app: TestApp, user: { email: string }, ip = randomIp()): Promise<string> {
  const res = await login(app, { email: user.email, password: PASSWORD, ip });
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookie(res);
}

describe('login throttle (memory counters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('the probe: after wrong passwords from rotating IPs, the owner’s known browser signs in at once', async () => {
    const owner = await t.registerConfirmed();
    const homeIp = randomIp();
    const device = await knownBrowser(t, owner, homeIp);
    // The stranger: 15 wrong passwords, each from another address; the account is slowed down.
    const codes = await guessFromRotatingIps(t, owner.email, 15);
    expect(codes.slice(0, LOGIN_LIMITS.account)).toEqual(Array(LOGIN_LIMITS.account).fill(401));
    expect(codes.slice(LOGIN_LIMITS.account)).toContain(429);
    // A new browser (no device cookie) is slowed too, even with the right password…
    expect((await login(t, { email: owner.email, password: PASSWORD, ip: randomIp() })).statusCode).toBe(429);
    // …but the owner's browser that signed in before passes at once, from home or elsewhere.
    const home = await login(t, { email: owner.email, password: PASSWORD, ip: homeIp, device });
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().email).toBe(owner.email);
    const away = await login(t, { email: owner.email, password: PASSWORD, ip: randomIp(), device });
    expect(away.statusCode, away.body).toBe(200);
    // The owner signing in does not hand the stranger fresh attempts.
    expect((await login(t, { email: owner.email, password: 'one-more-guess', ip: randomIp() })).statusCode).toBe(429);
  });

  it('slows brute force from one IP without a device cookie: the 6th attempt waits, localised, with Retry-After', async () => {
    const owner = await t.registerConfirmed();
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.accountIp; i++)
      codes.push((await login(t, { email: owner.email, password: `wrong-${i}-xx`, ip })).statusCode);
    expect(codes).toEqual(Array(LOGIN_LIMITS.accountIp).fill(401));
    const blocked = await login(t, { email: owner.email, password: PASSWORD, ip, lang: 'en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Wait (1 second|([2-9]|\d\d+) seconds) and try again\.$/),
    });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // Once the wait is over, the right password passes (and the escalation is per attempt, not a lockout).
    t.clock.advance(wait * 1000);
    expect((await login(t, { email: owner.email, password: PASSWORD, ip })).statusCode).toBe(200);
  });

  it('slows brute force from rotating IPs without a device cookie; another account’s or a forged cookie does not help', async () => {
    const owner = await t.registerConfirmed();
    const stranger = await t.registerConfirmed();
    const strangersOwnDevice = await knownBrowser(t, stranger);
    const codes = await guessFromRotatingIps(t, owner.email, LOGIN_LIMITS.account);
    expect(codes).toEqual(Array(LOGIN_LIMITS.account).fill(401));
    const next = await login(t, { email: owner.email, password: 'next-guess-1', ip: randomIp() });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // A device cookie the stranger earned on their own account is not one for this account.
    const withOwn = await login(t, {
      email: owner.email,
      password: 'next-guess-2',
      ip: randomIp(),
      device: strangersOwnDevice,
    });
    expect(withOwn.statusCode).toBe(429);
    const [id] = strangersOwnDevice.split('.');
    const forged = await login(t, {
      email: owner.email,
      password: 'next-guess-3',
      ip: randomIp(),
      device: `${id}.${randomBytes(32).toString('base64url')}`,
    });
    expect(forged.statusCode).toBe(429);
  });

  it('counts parallel guesses before checking them: 30 at once from 30 IPs get at most the free attempts', async () => {
    const owner = await t.registerConfirmed();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t, { email: owner.email, password: `parallel-${i}`, ip: randomIp() })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.account);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - LOGIN_LIMITS.account);
  });

  it('judges a known browser by its own failures: it is slowed after 5, while the owner’s other browser is not', async () => {
    const owner = await t.registerConfirmed();
    const laptop = await knownBrowser(t, owner);
    const phone = await knownBrowser(t, owner);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.device + 1; i++)
      codes.push(
        (await login(t, { email: owner.email, password: `typo-${i}-xx`, ip: randomIp(), device: laptop })).statusCode,
      );
    expect(codes).toEqual([...Array(LOGIN_LIMITS.device).fill(401), 429]);
    expect(
      (await login(t, { email: owner.email, password: PASSWORD, ip: randomIp(), device: laptop })).statusCode,
    ).toBe(429);
    expect((await login(t, { email: owner.email, password: PASSWORD, ip: randomIp(), device: phone })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown email exactly as a known one, step by step (no enumeration)', async () => {
    const owner = await t.registerConfirmed();
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
    const device = await knownBrowser(t, owner);
    for (let i = 0; i < LOGIN_LIMITS.account + 2; i++) {
      const ip = randomIp();
      // The owner's device cookie is sent for both: for the unknown email it is nobody's.
      const known = await login(t, { email: owner.email, password: `wrong-${i}-xx`, ip, device: 'x' });
      const unknown = await login(t, { email: ghost, password: `wrong-${i}-xx`, ip: randomIp(), device });
      expect([unknown.statusCode, unknown.body, unknown.headers['retry-after']]).toEqual([
        known.statusCode,
        known.body,
        known.headers['retry-after'],
      ]);
    }
  });

  it('a new browser during an attack: a password reset makes it a known device, and it signs in at once', async () => {
    const owner = await t.registerConfirmed();
    await guessFromRotatingIps(t, owner.email, LOGIN_LIMITS.account + 3);
    const ip = randomIp();
    expect((await login(t, { email: owner.email, password: PASSWORD, ip })).statusCode).toBe(429);
    const forgot = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
      headers: { 'x-forwarded-for': ip },
    });
    expect(forgot.statusCode).toBe(200);
    const link = linkIn(await t.mail.waitFor(owner.email, 2), '/app/auth/redefinir-senha');
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        userId: link.searchParams.get('userId'),
        token: link.searchParams.get('token'),
        password: 'nova-senha-2026',
        confirmPassword: 'nova-senha-2026',
      },
      headers: { 'x-forwarded-for': ip },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await login(t, { email: owner.email, password: 'nova-senha-2026', ip, device: deviceCookie(reset) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, with no personal data in it', async () => {
    const owner = await t.registerConfirmed();
    const res = await login(t, { email: owner.email, password: PASSWORD, ip: randomIp() });
    const header = String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('manto_device=')));
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Secure/);
    const value = deviceCookie(res);
    expect(value).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(value).not.toContain(owner.userId);
    expect(Buffer.from(value.split('.')[0]!, 'base64url').toString('latin1')).not.toContain(owner.email);
  });
});

describe('device cookie in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => prod?.close());

  it('is Secure with the __Host- prefix', async () => {
    const owner = await prod.userWithRoles();
    const res = await prod.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(
      /^__Host-manto_device=[\w-]+\.[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

// ———————————————————————————————————— two processes sharing Redis ————————————————————————————————————

const redisUp = await redisSuitesRun('login-throttle.int.test');

describe.skipIf(!redisUp)('login throttle shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two processes of one deployment: the same secret (same counter keys, same device cookies), the same Redis.
    const env = { REDIS_URL, TRUST_PROXY: 'true', JWT_SECRET: randomBytes(32).toString('hex') };
    a = await createTestApp(env);
    b = await createTestApp(env);
    // Each test app has its own standing clock; two processes share real time, so start them together.
    a.clock.advance(Math.max(0, b.clock.now() - a.clock.now()));
    // Until its Redis connection is ready an app counts in its own memory (by design). Wait, with a bound,
    // until failures counted on each app slow the other down.
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const)
      await sharedLive(from, to);
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  /** An account registered on A, as the one database of a real deployment would show it to B too. */
  async function ownerOnBoth() {
    const owner = await a.registerConfirmed();
    const [row] = await a.db.select().from(users).where(eq(users.id, owner.userId));
    // The test apps' reference rows (teams) have their own ids; the throttle needs none of them.
    await b.db.insert(users).values({ ...row!, favouriteTeamId: null });
    return owner;
  }

  async function sharedLive(from: TestApp, to: TestApp) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const probe = `probe-${randomBytes(4).toString('hex')}@example.com`;
      const ip = randomIp();
      for (let i = 0; i < LOGIN_LIMITS.accountIp; i++) await login(from, { email: probe, password: `p-${i}-xxxx`, ip });
      if ((await login(to, { email: probe, password: 'p-last-xxxx', ip })).statusCode === 429) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the login throttle never reached Redis');
  }

  it('a failure counted on app A slows app B: 10 guesses on A, the 11th on B waits', async () => {
    const owner = await ownerOnBoth();
    expect(await guessFromRotatingIps(a, owner.email, LOGIN_LIMITS.account)).toEqual(
      Array(LOGIN_LIMITS.account).fill(401),
    );
    const onB = await login(b, { email: owner.email, password: 'guess-on-b', ip: randomIp() });
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('splits the guesses between the apps: 5 on A and 5 on B, then both wait; the owner’s browser passes on either', async () => {
    const owner = await ownerOnBoth();
    const device = await knownBrowser(a, owner);
    await guessFromRotatingIps(a, owner.email, 5);
    await guessFromRotatingIps(b, owner.email, 5);
    for (const app of [a, b])
      expect((await login(app, { email: owner.email, password: 'guess-again', ip: randomIp() })).statusCode).toBe(429);
    for (const app of [a, b]) {
      const res = await login(app, { email: owner.email, password: PASSWORD, ip: randomIp(), device });
      expect(res.statusCode, `${app === a ? 'A' : 'B'}: ${res.body}`).toBe(200);
    }
  });
});

describe('login throttle with Redis down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: this process counts on its own rather than letting guesses through.
    down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', TRUST_PROXY: 'true' });
  });
  afterAll(async () => down?.close());

  it('still signs people in and still slows guessing', async () => {
    const owner = await down.registerConfirmed();
    expect(await guessFromRotatingIps(down, owner.email, LOGIN_LIMITS.account)).toEqual(
      Array(LOGIN_LIMITS.account).fill(401),
    );
    expect((await login(down, { email: owner.email, password: 'guess', ip: randomIp() })).statusCode).toBe(429);
    const other = await down.registerConfirmed();
    expect((await login(down, { email: other.email, password: PASSWORD, ip: randomIp() })).statusCode).toBe(200);
  });
});

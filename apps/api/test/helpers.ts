import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import type { LoginResponse, RegisterBody, Role } from '@manto/contracts';
import { buildApp } from '#app.ts';
import { type Config, loadConfig } from '#config.ts';
import { currentTermsVersion, users } from '#db/schema/index.ts';
import { hashPassword } from '#lib/passwords.ts';
import { SessionService } from '#modules/auth/sessions.ts';
import { TestClock } from './clock.ts';
import { linkIn, startMailCapture } from './mail-capture.ts';

export const PUBLIC_URL = 'http://manto.test';
export const PASSWORD = 'camisa-dez-1970';

/** The migrated PGlite every in-memory test app starts from (test/pglite-template.ts), read once per file. */
let pgliteTemplate: Blob | undefined;
function migratedPglite(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** A fresh PostgreSQL database per test file (TEST_DB=postgres), or in-memory PGlite. */
async function freshDatabaseUrl(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: null, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for TEST_DB=postgres');
  const name = `manto_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (test/postgres-template.ts): the app's migrations find nothing to do.
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  {
    log = pino({ level: 'silent' }),
    scheduledRanking = true,
  }: { log?: Logger; /** False: rankings fit only through `fitRankings()`. */ scheduledRanking?: boolean } = {},
) {
  const mail = await startMailCapture();
  const database = await freshDatabaseUrl();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'manto-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SMTP_URL: mail.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Cheap password hashes: the suites register and sign in hundreds of times (lib/passwords.ts). Only
      // under NODE_ENV=test, which the few production-mode apps of the suites leave for their own.
      PASSWORD_HASHING: (env.NODE_ENV ?? 'test') === 'test' ? 'test' : 'standard',
      ...env,
    },
    { databaseUrl: database.url, pgliteDir: 'memory://', webDist: null, ...overrides },
  );
  const clock = new TestClock();
  const pglite = config.databaseUrl === null && config.pgliteDir === 'memory://';
  const built = await buildApp(config, log, {
    clock,
    pgliteTemplate: pglite ? migratedPglite() : undefined,
    scheduledRanking,
  });
  const { app } = built;
  const db = built.database.db;
  const sessions = new SessionService(db, config.jwtSecret);
  let counter = 0;

  const api = {
    app,
    db,
    mail,
    config,
    sessions,
    /** The time duels, rankings and vote limits see; it moves only when a test advances it. */
    clock,
    inject: app.inject.bind(app),
    beginShutdown: built.beginShutdown,
    /** Settles when demo seeding (SEED_DEMO) is done, or at once without it. */
    demoSeeding: built.demoSeeding,
    /**
     * Turns the waiting mail requests (forgot-password, resend) into mails, then tries every mail due by
     * the test clock now, as the background sender does on its own.
     */
    flushMail: () => built.mailSender.flush(),
    /** Fits every changed ranking scope now, as the background job would. */
    fitRankings: (opts?: { force?: boolean }) => built.rankingJob.runOnce(opts),
    /** One pass of the tournament round job (draws and closes what is due by the test clock). */
    runTournaments: () => built.tournamentJob.runOnce(),
    /** One sweep of the vote trace retention job (what is past VOTE_TRACE_RETENTION_DAYS by the test clock). */
    sweepVoteTraces: () => built.voteTraceJob.runOnce(),
    /** One notification run: the events since the last, then the digests due (docs/notifications.md). */
    notify: () => built.notificationJob.runOnce(),
    /** The collection's service: its price detector step (`recordPriceCrossings`), as the notification job calls it. */
    collection: built.collection,
    /** Pulls the database away under the running app (failure drills). */
    closeDatabase: () => built.database.close(),
    /** A unique, valid registration body. */
    registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
      counter += 1;
      return {
        name: 'Torcedora Teste',
        email: `fan${counter}-${randomBytes(3).toString('hex')}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        city: 'Porto Alegre',
        state: 'RS',
        country: 'Brasil',
        gender: 'female',
        favouriteTeam: 'gremio',
        acceptTerms: true,
        ...overrides,
      };
    },
    /** Registers through the API and confirms from the mailed link; returns the login body. */
    async registerConfirmed(
      overrides: Partial<RegisterBody> = {},
    ): Promise<LoginResponse & { userId: string; password: string }> {
      const body = api.registration(overrides);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body,
        remoteAddress: `10.9.${counter % 250}.1`,
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
      const link = linkIn(await mail.waitFor(body.email), '/app/auth/confirmar-email');
      const confirm = await app.inject({ method: 'GET', url: `/api/auth/confirm-email${link.search}` });
      if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
      return { ...confirm.json<LoginResponse>(), userId: link.searchParams.get('userId')!, password: body.password };
    },
    /** A confirmed user with the given roles, created directly, and a fresh session's access token. */
    async userWithRoles(roles: Role[] = []) {
      counter += 1;
      const email = `role${counter}-${randomBytes(3).toString('hex')}@example.com`;
      const [user] = await db
        .insert(users)
        .values({
          email,
          name: `User ${counter}`,
          passwordHash: await hashPassword(PASSWORD),
          roles,
          confirmedAt: new Date(),
          // Like a registration: the current terms are accepted.
          termsVersion: currentTermsVersion,
          termsAcceptedAt: new Date(),
        })
        .returning({ id: users.id });
      const login = await sessions.startSession(user!.id, false);
      return { id: user!.id, ...login };
    },
    async setUser(id: string, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.id, id));
    },
    async count(table: string): Promise<number> {
      const rows = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      const list = (rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]);
      return list[0]!.n;
    },
    async close() {
      await built.close().catch(() => {});
      await mail.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return api;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

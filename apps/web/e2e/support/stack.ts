/**
 * The e2e stack, started by playwright.config.ts's `webServer`:
 *  (a) an SMTP capture server (smtp-server) whose messages are readable over HTTP,
 *  (b) a local OpenID Connect provider (oauth2-mock-server) standing in for Google,
 *  (c) a fresh database on the PostgreSQL server of E2E_DATABASE_URL (else TEST_DATABASE_URL), or
 *      embedded PGlite in a fresh temporary folder when neither is set (or E2E_DATABASE_URL is empty),
 *  (d) the app itself (API + built SPA) on that database.
 * The ports go to STACK_FILE for the test workers. Children are stopped on exit.
 *
 * Run by hand: `node --import tsx apps/web/e2e/support/stack.ts` from the repository root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';
import { ADMIN, APP_PORT, APP_URL, DEFAULT_OIDC_IDENTITY, STACK_FILE, type StackInfo } from './stack-info.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const log = (message: string) => process.stderr.write(`[e2e stack] ${message}\n`);
// Playwright may close our pipes while we shut down; that must not stop the clean-up.
process.stderr.on('error', () => {});
process.stdout.on('error', () => {});

interface StoredMail extends ParsedMail {
  receivedAt: string;
}

const mails: StoredMail[] = [];
let identity: Record<string, unknown> = { ...DEFAULT_OIDC_IDENTITY };
let app: ChildProcess | null = null;
const closers: (() => Promise<void> | void)[] = [];
let dataDir = '';

// (a) SMTP capture ------------------------------------------------------------------------------
async function startSmtp(): Promise<number> {
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          mails.push({
            ...parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo),
            receivedAt: new Date().toISOString(),
          });
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  closers.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return (smtp.server.address() as AddressInfo).port;
}

// (b) OIDC provider ---------------------------------------------------------------------------
async function startOidc(): Promise<string> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  // 127.0.0.1 rather than 'localhost', so the API's fetches never try ::1 first.
  const issuer = `http://127.0.0.1:${oidc.address().port}`;
  oidc.issuer.url = issuer;
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    // Both the access token and the ID token carry the chosen identity.
    Object.assign(token.payload, identity);
  });
  closers.push(() => oidc.stop());
  return issuer;
}

// Control endpoint for the workers ---------------------------------------------------------------
function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

async function startControl(): Promise<string> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      if (req.method === 'GET' && url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        return send(200, to ? mails.filter((m) => m.to.includes(to)) : mails);
      }
      if (req.method === 'POST' && url.pathname === '/oidc/identity') {
        const next = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
        identity = { ...DEFAULT_OIDC_IDENTITY, ...next };
        return send(200, identity);
      }
      if (req.method === 'DELETE' && url.pathname === '/oidc/identity') {
        identity = { ...DEFAULT_OIDC_IDENTITY };
        return send(200, identity);
      }
      if (url.pathname === '/health') return send(200, { status: 'ok' });
      return send(404, { error: 'not found' });
    })().catch((err: unknown) => send(500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// (c) the database: a fresh database on a PostgreSQL server, or embedded PGlite in the data folder ------
let databaseUrl: string | null = null;
async function createDatabase(serverUrl: string): Promise<string> {
  const name = `manto_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  closers.push(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// (d) the app -----------------------------------------------------------------------------------
function startApp(smtpPort: number, oidcIssuer: string): ChildProcess {
  const dist = path.join(ROOT, 'apps/api/dist/server.js');
  const args = existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')];
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    log('apps/web/dist/index.html is missing: run `npm run build` first, or /app/ will not be served');
  }
  const env: NodeJS.ProcessEnv = {};
  // A clean environment: nothing from the caller's app configuration leaks in (e.g. DATABASE_URL,
  // TEST_DATABASE_URL or provider secrets); the database is PGlite's or E2E_DATABASE_URL's, above.
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS'])
    if (process.env[key]) env[key] = process.env[key];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: APP_URL,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID: 'manto-e2e-google',
    GOOGLE_CLIENT_SECRET: 'manto-e2e-google-secret',
    GOOGLE_ISSUER: oidcIssuer,
    // Journeys create their own catalogue; screenshots may ask for the drawn demo one.
    SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'false',
    // Journeys vote quickly from one IP and want to see the ranking move within seconds.
    VOTE_RATE_PER_MINUTE: '600',
    // Short limits, so no journey waits on a real one: a duel may be answered 100 ms after it was issued (each
    // duel says so, and the browser holds a quick vote until then), and after five failed sign-ins the next
    // wait is 60 s at once (login-throttle.spec.ts reaches it without waiting out the doubling).
    VOTE_MIN_DECISION_MS: '100',
    LOGIN_BACKOFF_MS: '60000',
    RANKING_INTERVAL_SECONDS: '2',
    // Followers are told within seconds of a fit or a round (docs/notifications.md).
    NOTIFICATION_INTERVAL_SECONDS: '2',
    // The segment journeys (segments.spec.ts) make a fanbase of 10, the lowest threshold allowed.
    SEGMENT_MIN_VOTERS: '10',
    // …and want the segments refitted with every ranking run, not every 10 minutes.
    SEGMENT_INTERVAL_SECONDS: '0',
    // As behind one proxy: `registerUser` gives each API registration its own client address, so the
    // run is not capped by the 10 registrations per 15 minutes per address; browsers keep 127.0.0.1.
    TRUST_PROXY: 'true',
    // Cheap password hashes: journeys register and sign in often (the API refuses this outside NODE_ENV=test).
    PASSWORD_HASHING: 'test',
    // The shop's journeys (shop.spec.ts); its flag-off screens are checked by serving index.html without it.
    SHOP_ENABLED: 'true',
  });
  log(`starting the app: node ${args.map((a) => path.relative(ROOT, a) || a).join(' ')} on ${APP_URL}`);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    app = null;
    if (!stopping) {
      log(`the app exited early (code ${code}, signal ${signal})`);
      void stop(1);
    }
  });
  return child;
}

// Lifecycle -------------------------------------------------------------------------------------
let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (app) {
    const child = app;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 8_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch {
      // Closing best effort.
    }
  }
  try {
    unlinkSync(STACK_FILE);
  } catch {
    // Already gone.
  }
  try {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (err) {
    log(`could not remove ${dataDir}: ${String(err)}`);
  }
  process.exit(code);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
// A hard exit still takes the app down with it.
process.on('exit', () => app?.kill('SIGKILL'));

async function main() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'manto-e2e-data-'));
  const smtpPort = await startSmtp();
  const oidcIssuer = await startOidc();
  const controlUrl = await startControl();
  // PostgreSQL when the test tier has one (production's engine, and the database's work off the app's
  // thread: the journeys run side by side); E2E_DATABASE_URL= (empty) keeps embedded PGlite.
  const server = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) databaseUrl = await createDatabase(server);
  const info: StackInfo = {
    appUrl: APP_URL,
    controlUrl,
    smtpPort,
    oidcIssuer,
    dataDir,
  };
  writeFileSync(STACK_FILE, JSON.stringify(info, null, 2));
  log(
    `smtp 127.0.0.1:${smtpPort}, oidc ${oidcIssuer}, control ${controlUrl}, data ${dataDir}, database ${databaseUrl ?? 'PGlite'}`,
  );
  app = startApp(smtpPort, oidcIssuer);
}

main().catch((err: unknown) => {
  log(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  void stop(1);
});

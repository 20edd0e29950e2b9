// `node scripts/bench-forgot.mjs` (part of `npm run bench`; build first; needs a PostgreSQL server): how long
// POST /api/auth/forgot-password takes for an existing account and for an unknown email, which must not
// differ (docs/security.md item 3). Two runs of the built server: with a real SMTP server (a local capture,
// smtp-server) and with SMTP down (a closed port). Each run sends BENCH_FORGOT_REQUESTS (default 300)
// requests per class one at a time, alternating existing and unknown (the order flips every pair), each
// existing one to a different account so the one-mail-a-minute rule never short-cuts it, each from its
// own X-Forwarded-For so the per-IP limit stays out of the way. It prints median and p95 per class,
// their ratio (existing ÷ unknown; 1.00 means nothing to tell them apart) and, as the baseline of the
// same run, a raw node:http server's median for the same POST. With SMTP up it also checks every
// existing account's mail reached the capture; figures only, never pass/fail.
// BENCH_FORGOT_SERVER runs another build (e.g. an older commit's apps/api/dist/server.js) for comparison.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { median, start, startRaw, stop, waitFor } from './bench-lib.mjs';

const REQUESTS = Number(process.env.BENCH_FORGOT_REQUESTS ?? 300);
const WARMUP = 30;
const SERVER = process.env.BENCH_FORGOT_SERVER ?? 'apps/api/dist/server.js';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ANSWER = JSON.stringify({ message: 'Se o e-mail estiver cadastrado, enviaremos um link.' });

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const ms = (x) => `${x.toFixed(2)} ms`;

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Free ports, picked at start: other benches or test servers may be listening on fixed ones.
const PORT = await freePort();
const RAW_PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

async function startCapture() {
  const received = new Set();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) received.add(r.address.toLowerCase());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received, close: () => server.close() };
}

/** One POST, timed from the first byte sent to the whole answer read. */
async function timed(base, email, n) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ email }),
  });
  const body = await res.text();
  const elapsed = performance.now() - started;
  return { elapsed, status: res.status, body };
}

/** Waits for the requests to become mails (one outbox row per existing account) and, with SMTP up, for the deliveries. */
async function outboxReport(dbUrl, total, capture) {
  const since = performance.now();
  const seconds = () => `${((performance.now() - since) / 1000).toFixed(1)} s after the last answer`;
  const [{ present }] = await sql(dbUrl, `select to_regclass('mail_outbox') is not null as present`);
  if (!present) {
    console.log('  no mail_outbox table: a build from before the outbox, which sent in the request');
    return;
  }
  const count = async () => (await sql(dbUrl, 'select count(*)::int as n from mail_outbox'))[0].n;
  while ((await count()) < total && performance.now() - since < 120_000) await new Promise((r) => setTimeout(r, 200));
  const [row] = await sql(
    dbUrl,
    `select count(*)::int as n, count(sent_at)::int as sent, count(*) filter (where last_error is not null)::int as failed
       from mail_outbox`,
  );
  console.log(
    `  outbox: ${row.n} rows (one per existing account) ${seconds()}; ${row.sent} sent, ${row.failed} failed so far`,
  );
  if (!capture) return;
  const wanted = Array.from({ length: total }, (_, i) => `bench${i + 1}@example.com`);
  const delivered = () => wanted.filter((a) => capture.received.has(a)).length;
  while (delivered() < total && performance.now() - since < 180_000) await new Promise((r) => setTimeout(r, 100));
  console.log(`  delivered to the capture: ${delivered()} of ${total}, ${seconds()}`);
}

async function scenario(name, smtpUrl, capture, rawMedian) {
  const db = `manto_bench_${randomBytes(4).toString('hex')}`;
  await sql(ADMIN_URL, `create database ${db}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  const server = await start([SERVER], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    SMTP_URL: smtpUrl,
    PUBLIC_URL: BASE,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'fatal',
    SEED_DEMO: 'false',
    RANKING_INTERVAL_SECONDS: '86400',
  });
  try {
    await waitFor(`${BASE}/api/ready`);
    const total = REQUESTS + WARMUP;
    await sql(
      url.toString(),
      `insert into users (email, name, password_hash, confirmed_at)
         select 'bench' || i || '@example.com', 'Bench ' || i, 'not-a-hash', now() from generate_series(1, ${total}) i`,
    );
    const times = { existing: [], unknown: [] };
    // Status and error code per class (bodies differ only by request id when they are errors).
    const answers = { existing: new Map(), unknown: new Map() };
    for (let i = 1; i <= total; i++) {
      const pair = [
        ['existing', `bench${i}@example.com`],
        ['unknown', `ghost${i}@example.com`],
      ];
      if (i % 2 === 0) pair.reverse();
      for (const [kind, email] of pair) {
        const r = await timed(BASE, email, i * 2 + (kind === 'unknown' ? 1 : 0));
        const key = `${r.status} ${r.status === 200 ? r.body : JSON.parse(r.body).code}`;
        answers[kind].set(key, (answers[kind].get(key) ?? 0) + 1);
        if (i > WARMUP) times[kind].push(r.elapsed);
      }
    }
    const e = times.existing;
    const u = times.unknown;
    console.log(`\n${name}`);
    const tally = (m) => [...m].map(([key, n]) => `${key.slice(0, 40)} ×${n}`).join(', ');
    const same = answers.existing.size === 1 && tally(answers.existing) === tally(answers.unknown);
    console.log(
      same
        ? `  answers: identical (${tally(answers.existing)})`
        : `  answers DIFFER: existing ${tally(answers.existing)}; unknown ${tally(answers.unknown)}`,
    );
    console.log(`  existing account: median ${ms(median(e))}, p95 ${ms(p95(e))}`);
    console.log(`  unknown email:    median ${ms(median(u))}, p95 ${ms(p95(u))}`);
    console.log(
      `  existing ÷ unknown: median ${(median(e) / median(u)).toFixed(2)}×, p95 ${(p95(e) / p95(u)).toFixed(2)}×` +
        ` (raw node:http baseline median ${ms(rawMedian)})`,
    );
    await outboxReport(url.toString(), total, capture);
  } finally {
    await stop(server);
    await sql(ADMIN_URL, `drop database if exists ${db} with (force)`);
  }
}

const raw = await startRaw(RAW_PORT, { '/api/auth/forgot-password': ANSWER });
let rawMedian;
try {
  const rawTimes = [];
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    const r = await timed(`http://127.0.0.1:${RAW_PORT}`, `raw${i}@example.com`, i);
    if (i >= WARMUP) rawTimes.push(r.elapsed);
  }
  rawMedian = median(rawTimes);
} finally {
  await stop(raw);
}

console.log(`forgot-password, ${REQUESTS} requests per class one at a time (${SERVER})`);
const capture = await startCapture();
try {
  await scenario('SMTP up (a local capture server)', capture.url, capture, rawMedian);
} finally {
  capture.close();
}
await scenario('SMTP down (nothing listens on the port)', `smtp://127.0.0.1:${await freePort()}`, null, rawMedian);

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SEGMENT_MIN_VOTERS_DEFAULT, SEGMENT_MIN_VOTERS_FLOOR } from '@manto/contracts';
import { type PasswordHashing, setPasswordHashing } from '#lib/passwords.ts';

/** Every environment variable the product reads. Documented in docs/configuration.md. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = z.string().trim().min(1).optional().catch(undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Tests only: cheap password hashes (lib/passwords.ts); refused unless NODE_ENV=test.
  PASSWORD_HASHING: z.enum(['standard', 'test']).default('standard'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Manto <no-reply@manto.local>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.url())),
  // 'true' trusts one hop (the proxy in front), never every X-Forwarded-For entry; or a hop count, or
  // the proxies' addresses/CIDRs, comma-separated.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string => {
      if (/^(false|0|no)$/i.test(v)) return false;
      if (/^(true|yes)$/i.test(v)) return 1;
      if (/^[1-9]\d?$/.test(v)) return Number(v);
      const list = v.split(',').map((x) => x.trim());
      const cidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
      if (list.every((x) => cidr.test(x))) return list.join(',');
      ctx.addIssue({ code: 'custom', message: 'use false, true (one proxy), a hop count, or proxy addresses/CIDRs' });
      return z.NEVER;
    }),
  // Demo data is for development and evaluation: off in production unless asked for.
  SEED_DEMO: bool.optional(),
  // The shop (docs/decisions/0018-shop.md): off unless asked for; off, its public routes answer 404.
  SHOP_ENABLED: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  FACEBOOK_ISSUER: z.url().default('https://www.facebook.com'),
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  // Days a vote keeps its address hash, network hash and user agent (ADR 0031): abuse control reads no older.
  VOTE_TRACE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // Notifications a member gets a day at most, and how often the job looks for new events (docs/notifications.md).
  NOTIFICATIONS_PER_DAY: z.coerce.number().int().min(1).max(1_000).default(20),
  NOTIFICATION_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(86_400).default(60),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  VOTE_MIN_DECISION_MS: z.coerce.number().int().min(0).max(60_000).default(700),
  // 60: a visitor voting once a second never meets it (ADR 0028).
  VOTE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  VOTE_DAILY_CAP: z.coerce.number().int().min(1).max(1_000_000).default(500),
  // After the free sign-in attempts (docs/security.md item 2) the first wait is this long, doubling with each
  // further failure up to 60 s. 1 s in production; the browser tests set 60 s so the first wait is reached at once.
  LOGIN_BACKOFF_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
  // Prometheus scrapes /api/metrics with this Bearer token; without it the route is off (404).
  METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').optional(),
  RANKING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(86_400).default(60),
  RANKING_BOOTSTRAP_ROUNDS: z.coerce.number().int().min(10).max(2_000).default(100),
  // Worker threads sharing each fit's bootstrap rounds (docs/ranking.md §3.5): one per core of the target machine.
  RANKING_FIT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  // Segment rankings (docs/segments.md): fewer distinct voters than this and a segment is not shown.
  SEGMENTS_ENABLED: bool.default(true),
  SEGMENT_MIN_VOTERS: z.coerce
    .number()
    .int()
    .min(SEGMENT_MIN_VOTERS_FLOOR, `must be at least ${SEGMENT_MIN_VOTERS_FLOOR}`)
    .max(1_000_000)
    .default(SEGMENT_MIN_VOTERS_DEFAULT),
  SEGMENT_INTERVAL_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
  // A membership change (profile, opt-out) waits at most this long for its batch (docs/segments.md).
  SEGMENT_MAX_WAIT_HOURS: z.coerce.number().min(0).max(720).default(168),
});

export type SocialProviderConfig = { clientId: string; clientSecret: string; issuer: string } | null;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL, or null for embedded PGlite (`memory://` in tests). */
  databaseUrl: string | null;
  pgliteDir: string;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  admin: { email: string; password: string } | null;
  corsOrigins: string[];
  /** Which X-Forwarded-For hops to believe: none, a count from the right, or the proxies' addresses (comma-separated). */
  trustProxy: false | number | string;
  /** Seed the illustrated demo catalogue into an empty database. */
  seedDemo: boolean;
  /** The shop's public API and screens (the API fills the SPA's `manto-features` meta). */
  shopEnabled: boolean;
  logLevel: string;
  social: Record<'google' | 'facebook' | 'apple', SocialProviderConfig>;
  /** Where the built SPA lives; null when it should not be served. */
  webDist: string | null;
  /** Days a vote keeps where it came from (address and network hashes, user agent): ADR 0031. */
  voteTraceRetentionDays: number;
  notifications: {
    /** At most this many a member a UTC day; the rest are kept hidden, so never told later. */
    perDay: number;
    intervalSeconds: number;
  };
  /** Shared counters (vote rate limits, daily caps) across processes; in memory when null. */
  redisUrl: string | null;
  votes: {
    /** Votes answered sooner than this after the duel was issued are refused. */
    minDecisionMs: number;
    /** Per voter; per IP the limit is four times this (shared networks). */
    ratePerMinute: number;
    /** Counted votes per voter per UTC day; later ones are kept, not counted. */
    dailyCap: number;
  };
  rankings: {
    intervalSeconds: number;
    bootstrapRounds: number;
    fitWorkers: number;
    /** Segment rankings on, and the distinct voters a segment of people needs to be fitted and shown. */
    segments: boolean;
    segmentMinVoters: number;
    /** At most this often the segments are refitted (0: with every ranking run). */
    segmentIntervalSeconds: number;
    /** A profile change or opt-out waits at most this long for the others it is applied with (docs/segments.md). */
    segmentMaxWaitHours: number;
  };
  /** Bearer token for GET /api/metrics; null turns the route off (404). */
  metricsToken: string | null;
  /** The first wait after the free sign-in attempts; it doubles with each further failure, up to 60 s. */
  loginBackoffMs: number;
  /** 'test' (NODE_ENV=test only): cheap password hashes for test suites; production parameters otherwise. */
  passwordHashing: PasswordHashing;
}

export class ConfigError extends Error {}

function provider(id: string | undefined, secret: string | undefined, issuer: string): SocialProviderConfig {
  return id && secret ? { clientId: id, clientSecret: secret, issuer: issuer.replace(/\/$/, '') } : null;
}

/** Outside production a signing secret is generated once and kept in DATA_DIR. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * What `npm run db:migrate` (src/migrate.ts) reads: the database and the log level only, so the migration step
 * needs neither the signing secret nor any other setting of the server.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | null;
  pgliteDir: string;
  logLevel: string;
} {
  const schema = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true, LOG_LEVEL: true });
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL ?? null,
    pgliteDir: path.join(path.resolve(parsed.data.DATA_DIR), 'pglite'),
    logLevel: parsed.data.LOG_LEVEL,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.success ? parsed.data : null;
  if (e) {
    if (e.NODE_ENV === 'production' && !e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
    if (e.PASSWORD_HASHING === 'test' && e.NODE_ENV !== 'test')
      problems.push('PASSWORD_HASHING: "test" is only for NODE_ENV=test');
    if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD))
      problems.push('ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither');
  }
  if (!e || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    pgliteDir: path.join(dataDir, 'pglite'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? '',
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    shopEnabled: e.SHOP_ENABLED,
    logLevel: e.LOG_LEVEL,
    social: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      facebook: provider(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, e.FACEBOOK_ISSUER),
      apple: provider(e.APPLE_CLIENT_ID, e.APPLE_CLIENT_SECRET, e.APPLE_ISSUER),
    },
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    voteTraceRetentionDays: e.VOTE_TRACE_RETENTION_DAYS,
    notifications: { perDay: e.NOTIFICATIONS_PER_DAY, intervalSeconds: e.NOTIFICATION_INTERVAL_SECONDS },
    redisUrl: e.REDIS_URL ?? null,
    votes: {
      minDecisionMs: e.VOTE_MIN_DECISION_MS,
      ratePerMinute: e.VOTE_RATE_PER_MINUTE,
      dailyCap: e.VOTE_DAILY_CAP,
    },
    rankings: {
      intervalSeconds: e.RANKING_INTERVAL_SECONDS,
      bootstrapRounds: e.RANKING_BOOTSTRAP_ROUNDS,
      fitWorkers: e.RANKING_FIT_WORKERS,
      segments: e.SEGMENTS_ENABLED,
      segmentMinVoters: e.SEGMENT_MIN_VOTERS,
      segmentIntervalSeconds: e.SEGMENT_INTERVAL_SECONDS,
      segmentMaxWaitHours: e.SEGMENT_MAX_WAIT_HOURS,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    loginBackoffMs: e.LOGIN_BACKOFF_MS,
    passwordHashing: e.PASSWORD_HASHING,
    ...overrides,
  };
  if (!config.jwtSecret) config.jwtSecret = localSecret(dataDir);
  setPasswordHashing(config.passwordHashing, config.env);
  return config;
}

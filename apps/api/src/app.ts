import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import type { Config } from '#config.ts';
import { type Database, openDatabase } from '#db/client.ts';
import { loggableError, requestSummary } from '#db/errors.ts';
import { ensureAdmin, seedReferenceData } from '#db/seed/index.ts';
import { type Clock, systemClock } from '#lib/clock.ts';
import { createCounters } from '#lib/counters.ts';
import { RedisHealth, connectRedis } from '#lib/redis.ts';
import { prependRouteHook } from '#lib/route-hooks.ts';
import { createFailureThrottle } from '#lib/throttle.ts';
import { registerWebApp } from '#lib/web-app.ts';
import { auditModule } from '#modules/audit/index.ts';
import { authModule } from '#modules/auth/index.ts';
import { catalogueModule } from '#modules/catalogue/index.ts';
import { type CollectionService, collectionModule } from '#modules/collection/index.ts';
import { dashboardModule } from '#modules/dashboard/index.ts';
import { DemoRepository, seedDemo } from '#modules/demo/index.ts';
import { duelsModule } from '#modules/duels/index.ts';
import { feedbackModule } from '#modules/feedback/index.ts';
import { healthModule } from '#modules/health/index.ts';
import { imagesModule } from '#modules/images/index.ts';
import { jerseysModule } from '#modules/jerseys/index.ts';
import { type MailSender, mailModule } from '#modules/mail/index.ts';
import { meModule } from '#modules/me/index.ts';
import { privacyModule } from '#modules/privacy/index.ts';
import { type RankingJob, rankingsModule } from '#modules/rankings/index.ts';
import { searchModule } from '#modules/search/index.ts';
import { seoModule } from '#modules/seo/index.ts';
import { shopModule } from '#modules/shop/index.ts';
import { teamsModule } from '#modules/teams/index.ts';
import { termsModule } from '#modules/terms/index.ts';
import { type TournamentJob, tournamentsModule } from '#modules/tournaments/index.ts';
import { usersModule } from '#modules/users/index.ts';
import { type NotificationJob, notificationsModule } from '#modules/notifications/index.ts';
import { type VoteTraceJob, votesModule } from '#modules/votes/index.ts';
import access, { SECURITY_SCHEMES, documentAccess } from '#plugins/access.ts';
import auditTrail from '#plugins/audit.ts';
import bodylessWrites from '#plugins/bodyless-writes.ts';
import compression from '#plugins/compression.ts';
import errors, { frameworkErrors } from '#plugins/errors.ts';
import metricsPlugin, { type Metrics, createMetrics } from '#plugins/metrics.ts';
import securityHeaders from '#plugins/security-headers.ts';
import textInput from '#plugins/text-input.ts';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Settles when the demo catalogue is in place (or was not asked for). */
  demoSeeding: Promise<void>;
  /** The background ranking fits (tests and scripts run one on demand). */
  rankingJob: RankingJob;
  /** This app's Prometheus registry; the modules add their gauges with `metrics.gauge`. */
  metrics: Metrics;
  /** Delivers the mail outbox in the background (tests flush it on demand). */
  mailSender: MailSender;
  /** Draws brackets and closes tournament rounds in the background (tests run a pass on demand). */
  tournamentJob: TournamentJob;
  /** Forgets where votes came from once VOTE_TRACE_RETENTION_DAYS are past (tests run a sweep on demand). */
  voteTraceJob: VoteTraceJob;
  notificationJob: NotificationJob;
  /** The collection, whose price detector (`recordPriceCrossings`) the notification job is to call (ADR 0042). */
  collection: CollectionService;
  /** Flips readiness to 503 so a load balancer stops sending traffic before the drain. */
  beginShutdown(): void;
  close(): Promise<void>;
}

/** Fields whose values never reach the log, wherever a log call puts them (docs/security.md §13). */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'refreshToken',
  'accessToken',
  'idToken',
];

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, destination?: pino.DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    // Fastify's request line carries the URL: links with a token in the query (email confirmation,
    // the social callback's code) are logged with those values replaced. Errors lose SQL parameters.
    serializers: { req: requestSummary, err: loggableError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
      ],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const { chindingsSym } = pino.symbols;

/**
 * Fastify's child logger per request, which only adds the request id. pino's own `child` passes the id
 * through every serializer and the wildcard redaction (the `*.password` paths) and rebuilds the formatters:
 * about 5% of the health check's samples, and garbage (docs/perf/README.md). The id is made by `genReqId`, so its
 * JSON is appended to the parent's bindings as pino's child would write it; a route with its own log level
 * or serializers still gets pino's child.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) {
  if (opts.level !== undefined || opts.serializers !== undefined) return logger.child(bindings, opts);
  const parent = logger as unknown as Record<symbol, string>;
  const child = Object.create(logger) as Record<symbol, string>;
  let text = parent[chindingsSym] ?? '';
  for (const [key, value] of Object.entries(bindings)) text += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  child[chindingsSym] = text;
  return child as unknown as FastifyBaseLogger;
}

export interface BuildOptions {
  /** The time duels, rankings and vote limits read (tests move it); the real clock by default. */
  clock?: Clock;
  /** An embedded database to start from instead of an empty one (tests: a migrated template). */
  pgliteTemplate?: Blob;
  /**
   * False: the ranking job runs only when called (`rankingJob.runOnce`), never on its own timer — for tests
   * whose outcome depends on which state a fit sees (segment batches, docs/segments.md).
   */
  scheduledRanking?: boolean;
}

export async function buildApp(
  config: Config,
  log: Logger = createLogger(config),
  { clock = systemClock, pgliteTemplate, scheduledRanking = true }: BuildOptions = {},
): Promise<BuiltApp> {
  const now = () => clock.now();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteTemplate, log });
  const { db } = database;
  await seedReferenceData(db, log);
  if (config.admin) await ensureAdmin(db, config.admin, log);

  const { trustProxy } = config;
  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // A hop count trusts that many proxies from the socket outwards (Fastify's types lack the number form).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    genReqId: () => randomUUID(),
    childLoggerFactory: requestLogger,
    frameworkErrors,
  });
  // JSON only: every other body type answers 415 (the social callback adds a form parser in its own scope).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let shuttingDown = false;

  // One report of Redis's health for all of this process's connections (docs/security.md items 13 and 24).
  const redisHealth = new RedisHealth(log, now);
  // Login failures are counted where every process sees them: Redis when configured (ADR 0011).
  const loginFailures = createFailureThrottle(config.redisUrl, log, redisHealth, {
    baseDelayMs: config.loginBackoffMs,
  });
  // Vote and feedback limits, in Redis when configured, like the login failures.
  const counters = createCounters(config.redisUrl, log, now, redisHealth);
  const metrics = createMetrics();
  if (database.poolStats) {
    // PostgreSQL only: PGlite is one in-process connection with no pool to wait for.
    const pool = database.poolStats;
    metrics.gauge('manto_db_pool_connections', 'Open PostgreSQL connections in the pool.', () => pool().total);
    metrics.gauge('manto_db_pool_idle', 'Idle PostgreSQL connections in the pool.', () => pool().idle);
    metrics.gauge('manto_db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', () => pool().waiting);
  }
  if (config.redisUrl)
    metrics.gauge(
      'manto_redis_up',
      'Whether every Redis connection of this process is ready (1) or not (0): while 0, shared limits fail open.',
      () => (redisHealth.up ? 1 : 0),
    );

  // The modules, each making its services, gauges and jobs from what the ones before it made. Their routes come
  // further down: the hooks every route gets need two of them first (the access plugin asks auth who a token
  // is; management writes drop the jerseys module's catalogue cache).
  const shared = { db, database, config, log, clock, now, metrics, counters };
  const audit = auditModule(shared);
  const health = healthModule({ ping: database.ping, isShuttingDown: () => shuttingDown });
  const mail = mailModule(shared);
  const auth = authModule({ ...shared, outbox: mail.outbox, loginFailures });
  const me = meModule({ ...shared, auth: auth.service, sessions: auth.sessions });
  const teams = teamsModule(shared);
  const jerseys = jerseysModule({ ...shared, teams: teams.service });
  const { catalogue } = jerseys;
  const catalogueRecords = catalogueModule(shared);
  const images = imagesModule({ ...shared, onVariantsAdded: () => catalogue.invalidate() });
  const terms = termsModule(shared);
  const privacy = privacyModule(shared);
  const users = usersModule({ ...shared, auth: auth.service, sessions: auth.sessions });
  const feedback = feedbackModule(shared);
  const tournaments = tournamentsModule({ ...shared, catalogue });
  const shop = shopModule(shared);
  const search = searchModule({ ...shared, catalogue });
  const dashboard = dashboardModule({ ...shared, tournaments: tournaments.service });
  const duels = duelsModule({ ...shared, catalogue, tournaments: tournaments.service });
  // Told after every fit and tournament transition in this process; other processes' show at its interval.
  const notifications = notificationsModule({
    ...shared,
    catalogue,
    tournaments: tournaments.service,
    outbox: mail.outbox,
    // The collection is made below; the job first runs once the app is built.
    priceCrossings: (record) => collection.service.recordPriceCrossings(record),
  });
  tournaments.job.onAdvanced = () => notifications.job.wake();
  const rankings = rankingsModule({
    ...shared,
    catalogue,
    teams: teams.service,
    onPublished: () => notifications.job.wake(),
  });
  const collection = collectionModule({ ...shared, catalogue, rankings: rankings.service });
  const seo = seoModule({
    ...shared,
    sources: { catalogue, rankings: rankings.service, teams: teams.service, tournaments: tournaments.service },
    images: images.service,
  });
  const votes = votesModule({
    ...shared,
    catalogue,
    tournaments: tournaments.service,
    rankings: rankings.service,
    visitorKey: duels.visitorKey,
  });

  // Any successful catalogue edit (teams, models, jerseys…) changes what duels may draw and what the search
  // finds (tournaments and products too): the management writes carry a hook that drops the cached catalogue
  // and the search's copies, registered before any route so it sees them all; other requests run nothing
  // (docs/decisions/0020-request-overhead.md).
  const invalidateCatalogue = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET' && reply.statusCode < 400) {
      catalogue.invalidate();
      search.service.invalidate();
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/manage/') && [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'))
      prependRouteHook(route, 'onResponse', invalidateCatalogue);
  });

  await app.register(errors);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(textInput);
  await app.register(bodylessWrites);
  // Cross-origin callers only when CORS_ORIGINS names some. Without any, the plugin is not registered at all:
  // with `origin: false` it still ran a hook on every request to add nothing, and its preflight route
  // answered 404 as any unknown route does (ADR 0020, addendum).
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  // Per-IP route limits (logins, uploads, exports…) are shared by every process through Redis when
  // REDIS_URL is set; a Redis outage lets requests through, as the vote counters do (docs/security.md item 2).
  const routeLimits = config.redisUrl ? connectRedis(config.redisUrl, redisHealth) : null;
  // The plugin cannot wait per request, so it waits once here: early requests are counted too.
  await routeLimits?.ready;
  const rateLimitRedis = routeLimits?.redis ?? null;
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis && { redis: rateLimitRedis, nameSpace: 'manto:route-limit:', skipOnError: true }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Manto API', version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => documentAccess(input.route, jsonSchemaTransform(input)),
  });
  await app.register(access, { verify: auth.verify });
  // Every management write leaves an audit row; a write route without an audit rule stops the start.
  await app.register(auditTrail, { db });

  // The routes, in this order (the API document lists them so).
  const modules = [
    audit,
    health,
    auth,
    me,
    collection,
    teams,
    jerseys,
    catalogueRecords,
    images,
    terms,
    privacy,
    mail,
    users,
    feedback,
    tournaments,
    shop,
    search,
    dashboard,
    duels,
    rankings,
    seo,
    votes,
    notifications,
  ];
  for (const module of modules) await module.register(app);
  // The document lists itself too: every /api route is in it with its access rule (plugins/access.int.test.ts).
  app.get('/api/docs', { config: { access: 'public' }, schema: { tags: ['docs'] } }, async () => app.swagger());
  // Every page's own head tags (ADR 0036) with the web app's pages.
  await registerWebApp(
    app,
    config,
    (pathname, language, query) => seo.service.headTags(pathname, language, query),
    log,
  );

  await app.ready();
  // The demo catalogue is drawn and voted on in the background so the server answers at once on a
  // first start; the ranking job starts once it is in place (before that there is nothing to rank).
  const demoSeeding = config.seedDemo
    ? seedDemo(
        new DemoRepository(db),
        images.service,
        jerseys.service,
        rankings.job,
        { repository: tournaments.repository, rounds: tournaments.rounds },
        shop.service,
        log,
      )
        .then(() => {
          catalogue.invalidate();
          duels.liveRatings.invalidate();
          search.service.invalidate();
        })
        .catch((err) => log.error({ err }, 'demo seeding failed'))
    : Promise.resolve();
  // The background jobs: started now, stopped in this order once requests and the demo seeding are done.
  const jobs: { start(): void; stop(): Promise<void> }[] = [
    images.variants,
    {
      start: () => {
        if (scheduledRanking) void demoSeeding.then(() => rankings.job.start(500));
      },
      stop: () => rankings.job.stop(),
    },
    tournaments.job,
    votes.traceJob,
    notifications.job,
    mail.job,
  ];
  for (const job of jobs) job.start();

  return {
    demoSeeding,
    rankingJob: rankings.job,
    mailSender: mail.sender,
    tournamentJob: tournaments.job,
    voteTraceJob: votes.traceJob,
    notificationJob: notifications.job,
    collection: collection.service,
    app,
    database,
    metrics,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      shuttingDown = true;
      await app.close();
      await demoSeeding;
      for (const job of jobs) await job.stop();
      await counters.close();
      await loginFailures.close();
      rateLimitRedis?.disconnect();
      await database.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { createSpaPages, parseFirstScreens } from '#lib/spa-page.ts';
import type { Language } from '@manto/contracts';
import { DRAWN_PAGE_MS, inProcess, keptFor, loadPageRenderer } from '#lib/server-page.ts';
import { readCookie } from '#lib/cookies.ts';
import { createFailureThrottle } from '#lib/throttle.ts';
import {
  AUTH_MAIL_KINDS,
  AuthService,
  LoginThrottle,
  SessionService,
  SocialSignIn,
  authRoutes,
} from '#modules/auth/index.ts';
import { CATALOGUE_KINDS, CatalogueService, catalogueRoutes } from '#modules/catalogue/index.ts';
import { DashboardService, dashboardRoutes } from '#modules/dashboard/index.ts';
import { DemoRepository, seedDemo } from '#modules/demo/index.ts';
import { AuditService, auditRoutes } from '#modules/audit/index.ts';
import { AnsweredPairs, DuelRepository, DuelService, LiveRatings, duelRoutes } from '#modules/duels/index.ts';
import { healthRoutes } from '#modules/health/index.ts';
import { ImageService, diskStore, imageRoutes } from '#modules/images/index.ts';
import { CatalogueCache, JerseyService, catalogueSource, jerseyRoutes } from '#modules/jerseys/index.ts';
import { MailOutbox, MailRepository, MailSender, mailRoutes } from '#modules/mail/index.ts';
import { MeService, meRoutes } from '#modules/me/index.ts';
import { privacyRoutes } from '#modules/privacy/index.ts';
import { PublicPages, SeoService, seoRoutes } from '#modules/seo/index.ts';
import {
  RankingJob,
  RankingRepository,
  RankingService,
  createFitExecutor,
  rankingRoutes,
} from '#modules/rankings/index.ts';
import { ShopRepository, ShopService, shopRoutes } from '#modules/shop/index.ts';
import { TeamService, teamRoutes } from '#modules/teams/index.ts';
import { TermsService, termsRoutes } from '#modules/terms/index.ts';
import {
  Rounds,
  TournamentJob,
  TournamentRepository,
  TournamentService,
  tournamentRoutes,
} from '#modules/tournaments/index.ts';
import { UsersService, userRoutes } from '#modules/users/index.ts';
import { VoteRepository, VoteService, VoteTraceJob, voteRoutes } from '#modules/votes/index.ts';
import { FeedbackRepository, FeedbackService, feedbackRoutes } from '#modules/feedback/index.ts';
import access, { SECURITY_SCHEMES, documentAccess } from '#plugins/access.ts';
import audit from '#plugins/audit.ts';
import errors, { frameworkErrors } from '#plugins/errors.ts';
import compression from '#plugins/compression.ts';
import securityHeaders from '#plugins/security-headers.ts';
import bodylessWrites from '#plugins/bodyless-writes.ts';
import textInput from '#plugins/text-input.ts';
import { createMailer } from '#plugins/mailer.ts';
import metricsPlugin, { type Metrics, createMetrics } from '#plugins/metrics.ts';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Settles when the demo catalogue is in place (or was not asked for). */
  demoSeeding: Promise<void>;
  /** The background ranking fits (tests and scripts run one on demand). */
  rankingJob: RankingJob;
  /** This app's Prometheus registry; other modules add gauges with `metrics.gauge` (app.ts wires them). */
  metrics: Metrics;
  /** Delivers the mail outbox in the background (tests flush it on demand). */
  mailSender: MailSender;
  /** Draws brackets and closes tournament rounds in the background (tests run a pass on demand). */
  tournamentJob: TournamentJob;
  /** Forgets where votes came from once VOTE_TRACE_RETENTION_DAYS are past (tests run a sweep on demand). */
  voteTraceJob: VoteTraceJob;
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

/** index.html with the `manto-features` meta listing the features this server runs with. */
export function withFeatures(html: string, features: string[]): string {
  return html.replace(
    /(<meta\s+name="manto-features"\s+content=")[^"]*(")/,
    (_m, start: string, end: string) => `${start}${features.join(',')}${end}`,
  );
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
  const images = new ImageService(db, diskStore(path.join(config.dataDir, 'images')));

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
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log);
  // Requests only write mails; the sender delivers them (docs/decisions/0010-mail-outbox.md).
  // Forgot-password and resend only write a request; the sender turns it into a mail (docs/security.md item 3).
  const mailSender = new MailSender(new MailRepository(db), mailer, {
    log,
    clock,
    turnRequests: () => outbox.turnRequests(),
  });
  const outbox = new MailOutbox(db, clock, () => mailSender.wake(), log);
  const sessions = new SessionService(db, config.jwtSecret);
  sessions.onReuse = (sessionId) => log.warn({ event: 'refresh_token_reuse', sessionId }, 'auth event');
  // One report of Redis's health for all of this process's connections (docs/security.md items 13 and 24).
  const redisHealth = new RedisHealth(log, now);
  // Login failures are counted where every process sees them: Redis when configured (ADR 0011).
  const loginFailures = createFailureThrottle(config.redisUrl, log, redisHealth, {
    baseDelayMs: config.loginBackoffMs,
  });
  const auth = new AuthService({
    db,
    sessions,
    outbox,
    publicUrl: config.publicUrl,
    log,
    loginThrottle: new LoginThrottle(loginFailures, config.jwtSecret, now),
  });
  for (const kind of AUTH_MAIL_KINDS) {
    outbox.rebuildWith(kind, (userId, tx) => auth.rebuildMail(kind, userId, tx));
    outbox.answerRequestsWith(kind, (email, tx) => auth.mailForRequest(kind, email, tx));
  }
  const social = new SocialSignIn({
    db,
    auth,
    providers: config.social,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    log,
  });

  const metrics = createMetrics();
  if (database.poolStats) {
    // PostgreSQL only: PGlite is one in-process connection with no pool to wait for.
    const pool = database.poolStats;
    metrics.gauge('manto_db_pool_connections', 'Open PostgreSQL connections in the pool.', () => pool().total);
    metrics.gauge('manto_db_pool_idle', 'Idle PostgreSQL connections in the pool.', () => pool().idle);
    metrics.gauge('manto_db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', () => pool().waiting);
  }
  // The outbox depth (docs/security.md item 25): what waits, what failed and waits again, what died.
  for (const status of ['pending', 'failed', 'dead'] as const)
    metrics.gauge(
      `manto_mail_outbox_${status}`,
      `Mails in the outbox that are ${status} (pending: not tried yet; failed: waiting to be tried again).`,
      async () => (await outbox.counts())[status],
    );
  if (config.redisUrl)
    metrics.gauge(
      'manto_redis_up',
      'Whether every Redis connection of this process is ready (1) or not (0): while 0, shared limits fail open.',
      () => (redisHealth.up ? 1 : 0),
    );
  metrics.gauge(
    'manto_mail_requests_waiting',
    'Forgot-password and resend-confirmation requests not yet turned into mails (or into nothing).',
    () => outbox.waitingRequests(),
  );

  // Any successful catalogue edit (teams, models, jerseys…) changes what duels may draw: the management
  // writes carry a hook that drops the cached catalogue, registered before any route so it sees them all;
  // other requests run nothing (docs/decisions/0020-request-overhead.md).
  const teamService = new TeamService(db);
  const jerseyService = new JerseyService(db, teamService);
  const catalogue = new CatalogueCache(catalogueSource(jerseyService), now);
  const invalidateCatalogue = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET' && reply.statusCode < 400) catalogue.invalidate();
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
  await app.register(access, {
    verify: async (token) => {
      const claims = await sessions.verifyAccessToken(token);
      return claims ? sessions.principal(claims) : null;
    },
  });

  // Every management write leaves an audit row; a write route without an audit rule stops the start.
  await app.register(audit, { db });
  await app.register(auditRoutes, { audit: new AuditService(db) });

  await app.register(healthRoutes, { ping: database.ping, isShuttingDown: () => shuttingDown });
  await app.register(authRoutes, {
    auth,
    sessions,
    social,
    publicUrl: config.publicUrl,
    secureCookies: config.env === 'production',
  });
  await app.register(meRoutes, { me: new MeService(db, auth, sessions) });
  await app.register(teamRoutes, { teams: teamService });
  await app.register(jerseyRoutes, { jerseys: jerseyService });
  for (const kind of CATALOGUE_KINDS) await app.register(catalogueRoutes, { records: new CatalogueService(db, kind) });
  await app.register(imageRoutes, { images });
  await app.register(termsRoutes, { terms: new TermsService(db, now) });
  await app.register(privacyRoutes, { voteTraceRetentionDays: config.voteTraceRetentionDays });
  await app.register(mailRoutes, { outbox });
  await app.register(userRoutes, { users: new UsersService({ db, auth, sessions, log }) });

  const counters = createCounters(config.redisUrl, log, now, redisHealth);
  await app.register(feedbackRoutes, {
    feedback: new FeedbackService(new FeedbackRepository(db), counters, config.jwtSecret, now),
  });
  // Tournaments: a round job draws brackets and closes rounds as they fall due (docs/tournaments.md §5).
  const tournamentRepository = new TournamentRepository(db);
  const rounds = new Rounds(tournamentRepository, log);
  const tournaments = new TournamentService(tournamentRepository, rounds, catalogue, now);
  const tournamentJob = new TournamentJob(db, tournamentRepository, rounds, now, log);
  tournaments.onChange = () => tournamentJob.wake();
  await app.register(tournamentRoutes, { tournaments });
  const shop = new ShopService(new ShopRepository(db), now);
  await app.register(shopRoutes, { shop, enabled: config.shopEnabled });
  await app.register(dashboardRoutes, { dashboard: new DashboardService(db, tournaments) });
  const duelRepository = new DuelRepository(db);
  const liveRatings = new LiveRatings(catalogue, () => duelRepository.liveRatings(), now);
  const duels = new DuelService(
    duelRepository,
    catalogue,
    liveRatings,
    new AnsweredPairs(duelRepository),
    counters,
    tournaments,
    { secret: config.jwtSecret, ...config.votes },
    now,
  );
  duels.onVote = (counted) => metrics.vote(counted);
  await app.register(duelRoutes, { duels });
  const rankingRepository = new RankingRepository(db, database.background);
  const segments = { enabled: config.rankings.segments, minVoters: config.rankings.segmentMinVoters };
  const rankings = new RankingService(rankingRepository, catalogue, teamService, segments, now);
  const fitExecutor = createFitExecutor(undefined, config.rankings.fitWorkers);
  log.debug({ fitExecutor: fitExecutor.kind }, 'ranking fits run %s', fitExecutor.kind);
  // The job reads the catalogue from the database, not the cache: a fit must see every jersey its
  // state fingerprint (jerseys' updated_at) saw, and the cache may be 15 s behind.
  const rankingJob = new RankingJob(rankingRepository, () => jerseyService.catalogue(), fitExecutor, {
    intervalMs: config.rankings.intervalSeconds * 1000,
    rounds: config.rankings.bootstrapRounds,
    ...(segments.enabled
      ? {
          segments: {
            minVoters: segments.minVoters,
            intervalMs: config.rankings.segmentIntervalSeconds * 1000,
            maxWaitMs: config.rankings.segmentMaxWaitHours * 3_600_000,
          },
        }
      : {}),
    now,
    log,
    onFitted: () => rankings.invalidate(),
    onRun: (run) => metrics.rankingRun(run),
  });
  metrics.gauge(
    'manto_ranking_lag_seconds',
    'Seconds by which the newest vote (highest id) was answered after the latest global ranking snapshot ' +
      '(its fitted_at); 0 when the snapshot is newer or there are no votes, +Inf before the first snapshot. ' +
      'Votes answered while a fit ran count as covered.',
    () => rankingRepository.lagSeconds(),
  );
  await app.register(rankingRoutes, { rankings });
  // What each public URL says about itself to crawlers and link previews: head tags, share images drawn from
  // its data, robots.txt and the sitemap (ADR 0036). Read from the services' own caches, never on the vote path.
  const publicPages = new PublicPages(
    { catalogue, rankings, teams: teamService, tournaments },
    { origin: config.publicUrl, shop: config.shopEnabled, log, now },
  );
  const seo = new SeoService(
    publicPages,
    async (picture) => (await images.file(picture.id, picture.file))?.data ?? null,
    config.publicUrl,
    now,
  );
  await app.register(seoRoutes, { seo });
  metrics.gauge(
    'manto_share_images_drawn',
    'Share images drawn since the process started.',
    () => seo.shareImageStats().renders,
  );
  metrics.gauge(
    'manto_share_images_from_memory',
    'Share images answered from the in-memory cache since the process started.',
    () => seo.shareImageStats().hits,
  );
  metrics.gauge(
    'manto_share_images_cached_bytes',
    'Bytes of share images held in memory (bounded; least recently used out first).',
    () => seo.shareImageStats().bytes,
  );
  // PGlite formats the chunks on the event loop itself: smaller chunks, one at a time (docs/performance.md §5).
  const exportOptions =
    database.kind === 'pglite' ? { chunkRows: 250, concurrency: 1 } : { chunkRows: 1_000, concurrency: 2 };
  const voteRepository = new VoteRepository(db);
  await app.register(voteRoutes, {
    votes: new VoteService(voteRepository, catalogue, tournaments, exportOptions),
  });
  // Where votes came from is kept only as long as abuse control reads it (ADR 0031, docs/security.md item 34).
  const voteTraceJob = new VoteTraceJob(db, voteRepository, {
    retentionDays: config.voteTraceRetentionDays,
    now,
    log,
  });
  // The document lists itself too: every /api route is in it with its access rule (plugins/access.int.test.ts).
  app.get('/api/docs', { config: { access: 'public' }, schema: { tags: ['docs'] } }, async () => app.swagger());

  const indexFile = config.webDist && path.join(config.webDist, 'index.html');
  if (config.webDist && indexFile && existsSync(indexFile)) {
    const webDist = config.webDist;
    // The SPA in its own scope, so this hook runs for its routes only.
    await app.register(async (web) => {
      // The page is only ever the SPA's (below), with the features filled in: never the built file as is.
      web.addHook('onRequest', async (request, reply) => {
        if (/^\/app\/index\.html/.test(request.url)) return reply.redirect('/app/', 301);
      });
      await web.register(fastifyStatic, {
        root: webDist,
        prefix: '/app/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz next to each text file (apps/web/vite.config.ts): served as accepted.
        preCompressed: true,
        // Off, or `send` writes its own `public, max-age=0` over the header set below.
        cacheControl: false,
        setHeaders: (res, file) => {
          // Vite fingerprints everything under assets/, so those never change.
          if (file.includes(`${path.sep}assets${path.sep}`))
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          else res.setHeader('cache-control', 'no-cache');
          res.setHeader('vary', 'accept-encoding');
        },
      });
      // The optional features reach the SPA in its page (docs/decisions/0018-shop.md): one build serves
      // every configuration. With any on, the page is read once and served from memory (uncompressed:
      // it is small); with none, the built file goes out as it is, precompressed copies included.
      const features = config.shopEnabled ? ['shop'] : [];
      const html = readFileSync(indexFile, 'utf8');
      const page = features.length > 0 ? withFeatures(html, features) : null;
      // The first screens get their route's code and texts preloaded in the page (lib/spa-page.ts).
      const screensFile = path.join(webDist, 'first-screens.json');
      // The public pages the server draws (ADR 0038): the web build's renderer beside its pages, when built.
      const renderer = await loadPageRenderer(path.join(webDist, '..', 'dist-server', 'entry-server.js'));
      const firstScreens = createSpaPages(
        page ?? html,
        parseFirstScreens(existsSync(screensFile) ? readFileSync(screensFile, 'utf8') : null),
        {
          // Every page's own title, description, canonical and language alternates, Open Graph and share
          // image, and structured data (ADR 0036); generic tags when its data cannot be read.
          head: (pathname, language) => seo.headTags(pathname, language),
          ...(renderer && {
            draw: keptFor(DRAWN_PAGE_MS, (url: string, language: Language, address: string) =>
              renderer
                .render({ url, language, shop: config.shopEnabled, fetch: inProcess(app, address) })
                .catch((error: unknown) => {
                  // The browser draws the page instead: a drawing's failure never costs the visitor the page.
                  log.error({ err: error, url }, 'a public page could not be drawn on the server');
                  return null;
                }),
            ),
          }),
        },
      );
      const spa = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-cache');
        const stored = readCookie(request.headers.cookie, 'i18nextLng');
        const screen = await firstScreens.forUrl(request.url, {
          acceptLanguage: request.headers['accept-language'],
          storedLanguage: stored === 'pt' || stored === 'en' ? stored : undefined,
          address: request.ip,
        });
        if (screen) {
          reply
            .status(screen.status ?? 200)
            .header('vary', 'accept-encoding, accept-language, cookie')
            .type('text/html; charset=utf-8');
          if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
            return reply.header('content-encoding', 'gzip').send(screen.gzip);
          }
          return reply.send(screen.html);
        }
        return page === null ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(page);
      };
      // Client-side routes fall back to index.html; missing files under assets/ or locales/ stay 404.
      web.get('/app', (_req, reply) => reply.redirect('/app/', 301));
      web.get('/app/', spa);
      web.get('/app/*', (request, reply) => {
        const rest = (request.params as { '*': string })['*'];
        if (/^(assets|locales|fonts)\//.test(rest) || /\.[a-z0-9]{2,5}$/i.test(rest)) {
          return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
        }
        return spa(request, reply);
      });
      web.get('/', (_req, reply) => reply.redirect('/app/', 302));
    });
  }

  await app.ready();
  // The demo catalogue is drawn and voted on in the background so the server answers at once on a
  // first start; the ranking job starts once it is in place (before that there is nothing to rank).
  const demoSeeding = config.seedDemo
    ? seedDemo(
        new DemoRepository(db),
        images,
        jerseyService,
        rankingJob,
        { repository: tournamentRepository, rounds },
        shop,
        log,
      )
        .then(() => {
          catalogue.invalidate();
          liveRatings.invalidate();
        })
        .catch((err) => log.error({ err }, 'demo seeding failed'))
    : Promise.resolve();
  if (scheduledRanking) void demoSeeding.then(() => rankingJob.start(500));
  // Images stored before a variant width was added get it, in the background (ImageService).
  const stopVariants = new AbortController();
  const variantsAdded = images
    .addMissingVariants(stopVariants.signal)
    .then((changed) => {
      if (changed === 0) return;
      log.info({ changed }, 'image variants added');
      catalogue.invalidate();
    })
    .catch((err) => log.error({ err }, 'adding image variants failed'));
  mailSender.start();
  tournamentJob.start();
  voteTraceJob.start();
  return {
    demoSeeding,
    rankingJob,
    mailSender,
    tournamentJob,
    voteTraceJob,
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
      stopVariants.abort();
      await variantsAdded;
      await rankingJob.stop();
      await tournamentJob.stop();
      await voteTraceJob.stop();
      // Mail requests not yet turned stay in the database for the next process (or this one's restart).
      await mailSender.stop();
      mailer.close();
      await counters.close();
      await loginFailures.close();
      rateLimitRedis?.disconnect();
      await database.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import type { Config } from '#config.ts';
import { type Database, openDatabase } from '#db/client.ts';
import { ensureAdmin, seedReferenceData } from '#db/seed/index.ts';
import { AfterAnswer } from '#lib/after-answer.ts';
import { type Clock, systemClock } from '#lib/clock.ts';
import { createCounters } from '#lib/counters.ts';
import { FailureThrottle } from '#lib/throttle.ts';
import { AUTH_MAIL_KINDS, AuthService, SessionService, SocialSignIn, authRoutes } from '#modules/auth/index.ts';
import { CATALOGUE_KINDS, CatalogueService, catalogueRoutes } from '#modules/catalogue/index.ts';
import { DashboardService, dashboardRoutes } from '#modules/dashboard/index.ts';
import { DemoRepository, seedDemo } from '#modules/demo/index.ts';
import { AnsweredPairs, DuelRepository, DuelService, LiveRatings, duelRoutes } from '#modules/duels/index.ts';
import { healthRoutes } from '#modules/health/index.ts';
import { ImageService, diskStore, imageRoutes } from '#modules/images/index.ts';
import { CatalogueCache, JerseyService, catalogueSource, jerseyRoutes } from '#modules/jerseys/index.ts';
import { MailOutbox, MailRepository, MailSender, mailRoutes } from '#modules/mail/index.ts';
import { MeService, meRoutes } from '#modules/me/index.ts';
import {
  RankingJob,
  RankingRepository,
  RankingService,
  createFitExecutor,
  rankingRoutes,
} from '#modules/rankings/index.ts';
import { TeamService, teamRoutes } from '#modules/teams/index.ts';
import { TermsService, termsRoutes } from '#modules/terms/index.ts';
import { VoteRepository, VoteService, voteRoutes } from '#modules/votes/index.ts';
import access from '#plugins/access.ts';
import errors from '#plugins/errors.ts';
import securityHeaders from '#plugins/security-headers.ts';
import textInput from '#plugins/text-input.ts';
import { createMailer } from '#plugins/mailer.ts';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Settles when the demo catalogue is in place (or was not asked for). */
  demoSeeding: Promise<void>;
  /** The background ranking fits (tests and scripts run one on demand). */
  rankingJob: RankingJob;
  /** Delivers the mail outbox in the background (tests flush it on demand). */
  mailSender: MailSender;
  /** Work requests queue after answering (forgot-password, resend); tests wait for it. */
  afterAnswer: AfterAnswer;
  /** Flips readiness to 503 so a load balancer stops sending traffic before the drain. */
  beginShutdown(): void;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', '*.password', '*.refreshToken', '*.token'], remove: true },
  });
}

export interface BuildOptions {
  /** The time duels, rankings and vote limits read (tests move it); the real clock by default. */
  clock?: Clock;
  /** An embedded database to start from instead of an empty one (tests: a migrated template). */
  pgliteTemplate?: Blob;
}

export async function buildApp(
  config: Config,
  log: Logger = createLogger(config),
  { clock = systemClock, pgliteTemplate }: BuildOptions = {},
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
  });
  // JSON only: every other body type answers 415 (the social callback adds a form parser in its own scope).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let shuttingDown = false;
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log);
  // Requests only write mails; the sender delivers them (docs/decisions/0010-mail-outbox.md).
  const mailSender = new MailSender(new MailRepository(db), mailer, { log, clock });
  const outbox = new MailOutbox(db, clock, () => mailSender.wake());
  const afterAnswer = new AfterAnswer(log);
  const sessions = new SessionService(db, config.jwtSecret);
  sessions.onReuse = (sessionId) => log.warn({ event: 'refresh_token_reuse', sessionId }, 'auth event');
  const auth = new AuthService({
    db,
    sessions,
    outbox,
    afterAnswer,
    publicUrl: config.publicUrl,
    log,
    accountThrottle: new FailureThrottle(5),
    ipThrottle: new FailureThrottle(50),
  });
  for (const kind of AUTH_MAIL_KINDS) outbox.rebuildWith(kind, (userId, tx) => auth.rebuildMail(kind, userId, tx));
  const social = new SocialSignIn({ db, auth, providers: config.social, publicUrl: config.publicUrl, log });

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(textInput);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, credentials: true });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Manto API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(access, {
    verify: async (token) => {
      const claims = await sessions.verifyAccessToken(token);
      return claims ? sessions.principal(claims) : null;
    },
  });

  await app.register(healthRoutes, { ping: database.ping, isShuttingDown: () => shuttingDown });
  await app.register(authRoutes, { auth, sessions, social, publicUrl: config.publicUrl });
  await app.register(meRoutes, { me: new MeService(db, auth, sessions) });
  const teamService = new TeamService(db);
  await app.register(teamRoutes, { teams: teamService });
  const jerseyService = new JerseyService(db, teamService);
  await app.register(jerseyRoutes, { jerseys: jerseyService });
  for (const kind of CATALOGUE_KINDS) await app.register(catalogueRoutes, { records: new CatalogueService(db, kind) });
  await app.register(imageRoutes, { images });
  await app.register(dashboardRoutes, { dashboard: new DashboardService(db) });
  await app.register(termsRoutes, { terms: new TermsService(db) });
  await app.register(mailRoutes, { outbox });

  const counters = createCounters(config.redisUrl, log, now);
  const catalogue = new CatalogueCache(catalogueSource(jerseyService), now);
  // Any successful catalogue edit (teams, models, jerseys…) changes what duels may draw.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.url.startsWith('/api/manage/') && reply.statusCode < 400)
      catalogue.invalidate();
  });
  const duelRepository = new DuelRepository(db);
  const liveRatings = new LiveRatings(catalogue, () => duelRepository.liveRatings(), now);
  const duels = new DuelService(
    duelRepository,
    catalogue,
    liveRatings,
    new AnsweredPairs(duelRepository),
    counters,
    { secret: config.jwtSecret, ...config.votes },
    now,
  );
  await app.register(duelRoutes, { duels });
  const rankingRepository = new RankingRepository(db);
  const rankings = new RankingService(rankingRepository, catalogue, teamService, now);
  const fitExecutor = createFitExecutor();
  log.debug({ fitExecutor: fitExecutor.kind }, 'ranking fits run %s', fitExecutor.kind);
  // The job reads the catalogue from the database, not the cache: a fit must see every jersey its
  // state fingerprint (jerseys' updated_at) saw, and the cache may be 15 s behind.
  const rankingJob = new RankingJob(rankingRepository, () => jerseyService.catalogue(), fitExecutor, {
    intervalMs: config.rankings.intervalSeconds * 1000,
    rounds: config.rankings.bootstrapRounds,
    log,
    onFitted: () => rankings.invalidate(),
  });
  await app.register(rankingRoutes, { rankings });
  await app.register(voteRoutes, { votes: new VoteService(new VoteRepository(db), catalogue) });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  if (config.webDist && existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/app/',
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/, so those never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
    const spa = (
      _req: unknown,
      reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown },
    ) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    };
    // Client-side routes fall back to index.html; missing files under assets/ or locales/ stay 404.
    app.get('/app', (_req, reply) => reply.redirect('/app/', 301));
    app.get('/app/', spa);
    app.get('/app/*', (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      if (/^(assets|locales|fonts)\//.test(rest) || /\.[a-z0-9]{2,5}$/i.test(rest)) {
        return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
      return spa(request, reply);
    });
    app.get('/', (_req, reply) => reply.redirect('/app/', 302));
  }

  await app.ready();
  // The demo catalogue is drawn and voted on in the background so the server answers at once on a
  // first start; the ranking job starts once it is in place (before that there is nothing to rank).
  const demoSeeding = config.seedDemo
    ? seedDemo(new DemoRepository(db), images, jerseyService, rankingJob, log)
        .then(() => {
          catalogue.invalidate();
          liveRatings.invalidate();
        })
        .catch((err) => log.error({ err }, 'demo seeding failed'))
    : Promise.resolve();
  void demoSeeding.then(() => rankingJob.start(500));
  mailSender.start();
  return {
    demoSeeding,
    rankingJob,
    mailSender,
    afterAnswer,
    app,
    database,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      shuttingDown = true;
      await app.close();
      await demoSeeding;
      await rankingJob.stop();
      // Requests answered before the close may still write mails; the sender then stops.
      await afterAnswer.settled();
      await mailSender.stop();
      mailer.close();
      await counters.close();
      await database.close();
    },
  };
}

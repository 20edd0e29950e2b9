import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { VIEWER_COOKIE } from '@manto/contracts/voter';
import { readCookie } from './cookies.ts';
import { type PageVisit, type StyleText, drawPages, inProcess, loadPageRenderer, screenGuess } from './server-page.ts';
import { type SpaPageOptions, createSpaPages, parseFirstScreens } from './spa-page.ts';

/** index.html with the `manto-features` meta listing the features this server runs with. */
function withFeatures(html: string, features: string[]): string {
  return html.replace(
    /(<meta\s+name="manto-features"\s+content=")[^"]*(")/,
    (_m, start: string, end: string) => `${start}${features.join(',')}${end}`,
  );
}

/**
 * The web app under /app/ when it is built: its files, and its page for every client route with each address's
 * head tags, the public pages drawn by the server (ADR 0038).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: { webDist: string | null | undefined; shopEnabled: boolean },
  head: NonNullable<SpaPageOptions['head']>,
  log: Logger,
) {
  const indexFile = config.webDist && path.join(config.webDist, 'index.html');
  if (!config.webDist || !indexFile || !existsSync(indexFile)) return;
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
      // The build writes .br and .gz next to each text file (apps/web/build/precompress.ts): served as accepted.
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
    const drawn = renderer && drawPages(renderer, (address) => inProcess(app, address), { shop: config.shopEnabled });
    const firstScreens = createSpaPages(
      page ?? html,
      parseFirstScreens(existsSync(screensFile) ? readFileSync(screensFile, 'utf8') : null),
      {
        // Every page's own title, description, canonical and language alternates, Open Graph and share
        // image, and structured data (ADR 0036); generic tags when its data cannot be read.
        head,
        styleText: builtStyles(webDist),
        ...(drawn && {
          draw: (visit: PageVisit) =>
            drawn(visit).catch((error: unknown) => {
              // The browser draws the page instead: a drawing's failure never costs the visitor the page.
              log.error({ err: error, url: visit.url }, 'a public page could not be drawn on the server');
              return null;
            }),
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
        viewer: readCookie(request.headers.cookie, VIEWER_COOKIE) ?? null,
        screen: screenGuess(request.headers),
      });
      if (screen) {
        // A page drawn for this visitor (the home page's duel, ADR 0039) is theirs alone.
        if (screen.personal) reply.header('cache-control', 'private, no-store');
        reply
          .status(screen.status ?? 200)
          .header('vary', 'accept-encoding, accept-language, cookie, sec-ch-ua-mobile, user-agent')
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

/** The build's stylesheets by their address under /app/ (a drawn page writes them in itself). */
function builtStyles(webDist: string): StyleText {
  const dir = path.join(webDist, 'assets');
  const styles = new Map<string, string>(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.css'))
          .map((file) => [`/app/assets/${file}`, readFileSync(path.join(dir, file), 'utf8')] as const)
      : [],
  );
  return (href) => styles.get(href);
}

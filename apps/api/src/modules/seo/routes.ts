import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARD_TYPE, type CardTarget } from './cards.ts';
import type { SeoService, ShareAnswer } from './service.ts';

// Any text: an unknown or malformed slug or file is looked up and answered 404 with the envelope, never 400.
const text = z.string();

export default async function seoRoutes(app: FastifyInstance, opts: { seo: SeoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { seo } = opts;
  const tags = ['share'];

  const send = (reply: FastifyReply, answer: ShareAnswer) => {
    if (answer.kind === 'moved')
      // The data changed since the page named this version: today's image, at its own address.
      return reply.header('cache-control', 'public, max-age=300').redirect(answer.location, 302);
    return (
      reply
        // The URL holds a hash of what is drawn, so its bytes never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Other sites' pages (a chat's preview, a post) show it: not only this origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(CARD_TYPE)
        .send(answer.bytes)
    );
  };
  const share = (target: CardTarget, file: string, reply: FastifyReply) =>
    seo.shareImage(target, file).then((answer) => send(reply, answer));
  // Share images: any slug is looked up (unknown ones are 404 with the envelope), so the params are plain text.
  const config = { access: 'public' as const, compress: false };

  r.get('/api/share/site/:file', { schema: { tags, params: z.object({ file: text }) }, config }, (request, reply) =>
    share({ kind: 'site' }, request.params.file, reply),
  );
  r.get('/api/share/ranking/:file', { schema: { tags, params: z.object({ file: text }) }, config }, (request, reply) =>
    share({ kind: 'ranking', team: null }, request.params.file, reply),
  );
  r.get(
    '/api/share/ranking/:team/:file',
    { schema: { tags, params: z.object({ team: text, file: text }) }, config },
    (request, reply) => share({ kind: 'ranking', team: request.params.team }, request.params.file, reply),
  );
  r.get(
    '/api/share/jersey/:team/:jersey/:file',
    { schema: { tags, params: z.object({ team: text, jersey: text, file: text }) }, config },
    (request, reply) =>
      share({ kind: 'jersey', team: request.params.team, jersey: request.params.jersey }, request.params.file, reply),
  );
  r.get(
    '/api/share/tournament/:slug/:file',
    { schema: { tags, params: z.object({ slug: text, file: text }) }, config },
    (request, reply) => share({ kind: 'tournament', slug: request.params.slug }, request.params.file, reply),
  );
  r.get(
    '/api/share/duel/:team/:jersey/:otherTeam/:otherJersey/:file',
    {
      schema: {
        tags,
        params: z.object({ team: text, jersey: text, otherTeam: text, otherJersey: text, file: text }),
      },
      config,
    },
    (request, reply) => {
      const { team, jersey, otherTeam, otherJersey, file } = request.params;
      return share({ kind: 'duel', team, jersey, otherTeam, otherJersey }, file, reply);
    },
  );

  r.get(
    '/api/share/top/:codes/:file',
    { schema: { tags, params: z.object({ codes: text, file: text }) }, config },
    (request, reply) => share({ kind: 'top', codes: request.params.codes }, request.params.file, reply),
  );

  // robots.txt and the sitemap at the site's root, where crawlers look for them (not API routes: not in /api/docs).
  const root = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/robots.txt', root, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(seo.robotsTxt()),
  );
  app.get('/sitemap.xml', root, async (request, reply) => {
    const sitemap = await seo.sitemapXml();
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-encoding')
      .type('application/xml; charset=utf-8');
    // Compressed once with the sitemap (about a twentieth of its size), as the SPA's page is.
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('content-encoding', 'gzip').send(sitemap.gzip);
    return reply.send(sitemap.xml);
  });
}

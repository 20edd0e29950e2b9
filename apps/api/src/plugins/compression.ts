import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { memo } from '#lib/memo.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers always go out as they are (small answers on the hottest routes). */
    compress?: boolean;
  }
}

/**
 * Below this, compressing saves less on the wire than it costs
 * (docs/decisions/0024-compressed-answers-and-thumbnails.md).
 */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
// Brotli's level 5: about gzip's speed at a smaller size; its default (11) is meant for files built once.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Each text compressed once per encoding: a cached answer (a ranking page, the catalogue) comes back as the
 * same string, so its compressed copy does too. zlib works on libuv's threads, off the event loop.
 */
const compressed: Record<Encoding, (text: string) => Promise<Buffer>> = {
  br: memo(64, (text) => brotli(text, BROTLI_OPTIONS)),
  gzip: memo(64, (text) => gz(text, { level: 6 })),
};

/**
 * The encoding to answer with, by the client's preferences (`q`), brotli before gzip when they tie, none
 * the client refuses (`;q=0`): the negotiator @fastify/static uses for the precompressed files.
 */
export const acceptedEncoding = (header: string | undefined): Encoding | null =>
  header ? (negotiate(header, ['br', 'gzip']) as Encoding | null) : null;

const TEXT_TYPE = /^(application\/json|text\/)/;

function compress(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding'))
    return done(null, payload);
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !TEXT_TYPE.test(type)) return done(null, payload);
  // A cache between here and the client keeps one copy per encoding.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  compressed[encoding](payload).then((body) => {
    reply.header('content-encoding', encoding);
    done(null, body);
  }, done);
}

/**
 * The API's larger text answers (a ranking page of 50 rows is about 40 KB of JSON) go out compressed when
 * the client accepts brotli or gzip. The hook is each GET route's own, so routes marked `compress: false`
 * (health, the next duel: small answers, counted in microseconds) run none of it.
 */
export default fp(async function compression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.compress === false) return;
    if (![route.method].flat().includes('GET')) return;
    // Last among the route's own hooks, so it compresses what the others leave.
    const own: unknown = route.onSend;
    route.onSend = [...(own === undefined ? [] : [own].flat()), compress] as typeof route.onSend;
  });
});

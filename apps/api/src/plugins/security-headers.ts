import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { DRAWN_PAGE_SCRIPT_SOURCES } from '#lib/server-page.ts';

const CSP = [
  "default-src 'self'",
  // A drawn page's two inline scripts, allowed by their hashes: its colour scheme and its code's start
  // (lib/server-page.ts).
  `script-src 'self' ${DRAWN_PAGE_SCRIPT_SOURCES}`,
  // Mantine writes its CSS variables into <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * The security headers of a page and the app's files (the document's policy), computed once.
 * (@fastify/helmet rebuilds its middleware per request, which cost about half of the throughput of a
 * small JSON route.)
 */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};

/**
 * The security headers of an answer under /api/: data, never a page (ADR 0025). A CSP that lets
 * nothing load or run should a browser ever show one as a page, framing refused, no sniffing, no
 * other site's page may embed it, HTTPS only. The document-only headers (referrer, opener, agent
 * cluster, DNS prefetch, cross-domain policies) do nothing on data and cost throughput on every call.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': DOCUMENT_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** The header set for a request's URL (its path and query as received). */
export const securityHeadersFor = (url: string) => (url.startsWith('/api/') ? API_HEADERS : DOCUMENT_HEADERS);

/**
 * The reply's own header object, found once by its symbol's name: the headers are then copied into it in
 * one `Object.assign` (already lower case, none of them `set-cookie`), which is what `reply.headers` ends
 * with after lower-casing and testing each name (ADR 0020, addendum). null when this Fastify names it
 * otherwise: then `reply.headers` as before.
 */
let replyHeaders: symbol | null | undefined;
function headersKey(reply: FastifyReply): symbol | null {
  const key = Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers') ?? null;
  const value = key && (reply as unknown as Record<symbol, unknown>)[key];
  return value !== null && typeof value === 'object' ? key : null;
}

export default fp(async function securityHeaders(app: FastifyInstance) {
  // A callback hook: it runs on every request and never waits, so no promise per request (ADR 0020).
  app.addHook('onRequest', (request, reply, done) => {
    const headers = securityHeadersFor(request.url);
    if (replyHeaders === undefined) replyHeaders = headersKey(reply);
    if (replyHeaders) Object.assign((reply as unknown as Record<symbol, object>)[replyHeaders]!, headers);
    else reply.headers(headers);
    done();
  });
});

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#lib/app-error.ts';
import { prependRouteHook } from '#lib/route-hooks.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write that takes no body (a deletion, logout, publish, close-round…) refuses one that carries
 * something: every field of a JSON object is named as unknown, anything else (an array, a number, a
 * text) is an invalid body. Nothing, `{}` and `null` still pass. An upload's bytes (a Buffer) are its
 * own route's business.
 */
function refuseBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const body: unknown = request.body;
  if (body === undefined || body === null || body === '' || Buffer.isBuffer(body)) return done();
  if (typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 0) return done();
    return done(new AppError(400, 'VALIDATION_FAILED', {}, Object.fromEntries(keys.map((k) => [k, 'unknownField']))));
  }
  done(new AppError(400, 'VALIDATION_FAILED', {}, { _: 'invalidValue' }));
}

/**
 * Routes with a body schema refuse fields they do not know through their strict zod contract; this
 * plugin holds the same rule for the writes that declare no body, so no write drops what a client
 * sent without saying so (docs/security.md item 11, ADR 0032). Only those routes carry the hook.
 */
export default fp(async function bodylessWrites(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.schema?.body || ![route.method].flat().some((m) => WRITES.has(m))) return;
    prependRouteHook(route, 'preValidation', refuseBody);
  });
});

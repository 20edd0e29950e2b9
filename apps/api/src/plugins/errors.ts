import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, type ErrorEnvelope, type Language, formatMessage, languageFromHeader } from '@manto/contracts';
import { type ConstraintViolation, constraintViolation, loggable, poolExhausted } from '#db/errors.ts';
import { AppError } from '#lib/app-error.ts';
import { securityHeadersFor } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/**
 * The fields a validation issue is about: "/email" → ["email"], "/address/0" → ["address.0"]. An
 * unknown-keys issue names every key it lists ("/offers/0" + coupon → "offers.0.coupon"), so a client
 * learns of each field the route did not take (ADR 0032).
 */
function fieldsOf(keyword: string, instancePath: string, params: { keys?: string[] }): string[] {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (keyword === 'unrecognized_keys' && params.keys?.length)
    return params.keys.map((key) => [base, key].filter(Boolean).join('.'));
  return [base || '_'];
}

/** Fastify's own client-error codes mapped to ours. */
const FASTIFY_CODES: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_FAILED'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_FAILED'],
};

/** Status and field message per broken constraint. */
const VIOLATIONS: Record<ConstraintViolation['kind'] | 'still_referenced', [number, string]> = {
  foreign_key: [422, 'missingReference'],
  still_referenced: [409, 'stillReferenced'],
  unique: [409, 'alreadyExists'],
  check: [400, 'invalidValue'],
};

/**
 * Fastify's `frameworkErrors` (set in app.ts): the router answers a malformed URL (a bad percent
 * escape, 400) or a path parameter over 100 characters (414) before any hook or the error handler
 * runs, so without this those answers carried Fastify's own body and no security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageFromHeader(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  const code: ErrorCode = status === 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  const body: ErrorEnvelope = {
    statusCode: status,
    code,
    message: formatMessage(language, code, { requestId: request.id }),
  };
  return reply
    .headers(securityHeadersFor(request.url))
    .status(status)
    .send(status === 500 ? { ...body, requestId: request.id } : body);
}

/**
 * One error envelope for every failure, localised from Accept-Language (pt default).
 * Client mistakes are 4xx; a 5xx shows only a request id that the log also has.
 */
export default fp(async function errors(app: FastifyInstance) {
  // Read from the header when asked (an error, a message), not by a hook on every request (ADR 0020).
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return languageFromHeader(this.headers['accept-language']);
    },
  });

  const send = (
    language: Language,
    statusCode: number,
    code: ErrorCode,
    params = {},
    details?: Record<string, string>,
  ): ErrorEnvelope => ({
    statusCode,
    code,
    message: formatMessage(language, code, params),
    ...(details ? { details } : {}),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.language;
    if (error instanceof AppError) {
      // Field messages may use the error's params too (e.g. a count).
      const details = error.details
        ? Object.fromEntries(
            Object.entries(error.details).map(([k, key]) => [k, formatMessage(lang, key, error.params)]),
          )
        : undefined;
      if (error.statusCode === 429 && error.params.retryAfter)
        reply.header('retry-after', String(error.params.retryAfter));
      return reply.status(error.statusCode).send(send(lang, error.statusCode, error.code, error.params, details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const v of error.validation) {
        const issue = v.params as { keys?: string[]; maximum?: unknown; minimum?: unknown; values?: unknown[] };
        const params: Record<string, string | number> = {};
        if (issue.maximum !== undefined) params.max = Number(issue.maximum);
        if (issue.minimum !== undefined) params.min = Number(issue.minimum);
        if (Array.isArray(issue.values)) params.values = issue.values.join(', ');
        // The first message per field; an own property even for a field called "toString" or "__proto__".
        for (const field of fieldsOf(v.keyword, v.instancePath, issue))
          if (!Object.hasOwn(details, field))
            Object.defineProperty(details, field, {
              value: formatMessage(lang, v.message ?? 'invalidValue', params),
              enumerable: true,
              writable: true,
              configurable: true,
            });
      }
      return reply.status(400).send(send(lang, 400, 'VALIDATION_FAILED', {}, details));
    }
    // A write that broke a constraint is the client's mistake (a reference to nothing, a taken value, a
    // record still in use): a 4xx naming the field, never a 500.
    const violation = constraintViolation(error);
    if (violation) {
      const [status, key] = VIOLATIONS[violation.stillReferenced ? 'still_referenced' : violation.kind];
      const details = { [violation.field ?? '_']: formatMessage(lang, key) };
      return reply.status(status).send(send(lang, status, 'VALIDATION_FAILED', {}, details));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send(send(lang, mapped[0], mapped[1]));
    if (error.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return reply.status(429).send(send(lang, 429, 'TOO_MANY_REQUESTS', { count: seconds }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(send(lang, error.statusCode, 'VALIDATION_FAILED'));
    }
    if (poolExhausted(error)) {
      request.log.warn('no database connection free in time: answered 503');
      reply.header('retry-after', '1');
      return reply.status(503).send(send(lang, 503, 'SERVICE_UNAVAILABLE'));
    }
    request.log.error(loggable(error), 'request failed');
    const body = send(lang, 500, 'INTERNAL_ERROR', { requestId: request.id });
    return reply.status(500).send({ ...body, requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(send(request.language, 404, 'NOT_FOUND'));
  });
});

import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

/** A database constraint a write broke, read from the driver's error (PGlite and pg alike). */
export interface ConstraintViolation {
  kind: 'unique' | 'foreign_key' | 'check';
  /** The column it names (camelCase, as the API's fields are), when the error says which. */
  field: string | null;
  /** A foreign key still referenced by other rows (a delete), rather than a reference to nothing. */
  stillReferenced: boolean;
}

const KINDS: Record<string, ConstraintViolation['kind']> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
};

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The constraint violation behind `error`, looking a few causes deep (Drizzle wraps the driver's error). */
export function constraintViolation(error: unknown): ConstraintViolation | null {
  let e = error as { code?: unknown; detail?: unknown; column?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    const kind = typeof e.code === 'string' ? KINDS[e.code] : undefined;
    if (!kind) continue;
    const detail = typeof e.detail === 'string' ? e.detail : '';
    // "Key (crest_image_id)=(…) is not present in table …"; a composite key names no single field.
    const column = typeof e.column === 'string' ? e.column : /^Key \(([a-z_]+)\)=/.exec(detail)?.[1];
    return { kind, field: column ? camel(column) : null, stillReferenced: detail.includes('still referenced') };
  }
  return null;
}

/**
 * The pool had no connection free within its wait (pg-pool's own error, possibly wrapped by Drizzle):
 * the database is saturated, which is a "try again shortly", not a bug.
 */
export function poolExhausted(error: unknown): boolean {
  let e = error as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

/**
 * What to log of a failed request's error: Drizzle's wrapper puts the statement's parameters (user
 * input: emails, names, tokens' hashes) into its message, so log the statement and the driver's error only.
 */
export function loggable(error: unknown): { err: unknown; query?: string } {
  return error instanceof DrizzleQueryError ? { err: error.cause, query: error.query } : { err: error };
}

/**
 * The `err` serializer of every log line (app.ts createLogger): a Drizzle query error is logged as its
 * statement and the driver's error, never the parameters; PostgreSQL's `detail` names the values of a
 * violated key ("Key (email)=(…)"), so those are dropped too.
 */
export function loggableError(error: unknown): unknown {
  if (error instanceof DrizzleQueryError) {
    return { ...(loggableError(error.cause) as object), query: error.query };
  }
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (typeof serialized.detail === 'string') serialized.detail = serialized.detail.replace(/=\(.*?\)( |$)/g, '=(…)$1');
  if (error.cause !== undefined) {
    // pino folds the causes' messages and stacks into the error's own, a Drizzle error's parameters
    // included: the error keeps its own, and its cause goes through this serializer.
    serialized.message = error.message;
    serialized.stack = error.stack;
    serialized.cause = loggableError(error.cause);
  }
  return serialized;
}

/** Query parameters whose values are secrets (one-time tokens, OAuth codes and state). */
const SECRET_QUERY = /^(token|code|state|password|refresh_?token|access_?token|id_?token)$/i;

/** Fastify's request line, with secret query values replaced. */
export function requestSummary(req: { method: string; url: string; host?: string; ip?: string }) {
  const at = req.url.indexOf('?');
  const url =
    at < 0
      ? req.url
      : `${req.url.slice(0, at)}?${req.url
          .slice(at + 1)
          .split('&')
          .map((pair) => {
            const key = pair.split('=', 1)[0]!;
            return SECRET_QUERY.test(key) ? `${key}=[redacted]` : pair;
          })
          .join('&')}`;
  return { method: req.method, url, host: req.host, remoteAddress: req.ip };
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '#lib/app-error.ts';

/** The first field (dotted path) whose text holds a NUL character, or null. Keys count too. */
function fieldWithNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  // An upload's Buffer may hold zero bytes and is not text. (Parsed queries and path parameters are
  // objects with a bare prototype of their own, so no prototype test here.)
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return field;
    const found = fieldWithNul(item, field);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character (`\u0000`): a query, path parameter or JSON body that
 * carries one is refused with a 400 naming the field before any route or statement sees it
 * (docs/security.md item 12), instead of failing in the database as a 500.
 */
export default fp(async function textInput(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, votes included, and never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
    done(field ? fieldError(field, 'invalidCharacter') : undefined);
  });
});

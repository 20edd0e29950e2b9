import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '#lib/app-error.ts';

/**
 * The first field (dotted path) whose text holds a NUL character, or null. Keys count too. The walk
 * keeps its own stack instead of recursing: a JSON body nested thousands of levels deep fits in the
 * 64 KiB limit and would overflow the call stack (a 500) (docs/security.md item 12).
 */
function fieldWithNul(root: unknown): string | null {
  // Depth first, in key order, so the field named is the first one a reader would find.
  const stack: { value: unknown; path: string; badKey: boolean }[] = [{ value: root, path: '', badKey: false }];
  while (stack.length > 0) {
    const { value, path, badKey } = stack.pop()!;
    if (badKey) return path;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
      continue;
    }
    // An upload's Buffer may hold zero bytes and is not text. (Parsed queries and path parameters are
    // objects with a bare prototype of their own, so no prototype test here.)
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const field = path ? `${path}.${key}` : key;
      stack.push({ value: item, path: field, badKey: key.includes('\u0000') });
    }
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
    // A NUL reaches a path parameter or the query only as the escape %00 in the URL (the HTTP parser
    // refuses a raw one), so a URL without it skips their walk; a body is always walked (ADR 0020).
    const field =
      (request.url.includes('%00') ? (fieldWithNul(request.params) ?? fieldWithNul(request.query)) : null) ??
      (request.body === undefined ? null : fieldWithNul(request.body));
    done(field ? fieldError(field, 'invalidCharacter') : undefined);
  });
});

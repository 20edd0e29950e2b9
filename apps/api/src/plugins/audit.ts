import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '#db/client.ts';
import { type AuditChanges, auditLog } from '#db/schema/index.ts';
import { prependRouteHook } from '#lib/route-hooks.ts';

/**
 * How a management write is audited (docs/security.md item 26). `load` reads the record as the API shows it,
 * before the write (and the answer is the "after"); `action` names a write that is not a plain
 * create/update/delete. `false` only for a write that changes nothing (a preview) or keeps no record of its
 * own (an image upload: the record that uses it is audited).
 */
export type AuditRule =
  | false
  | {
      resource: string;
      action?: string;
      load?: (id: string) => Promise<unknown>;
      /** The record's id when it is not the `:id` param or the answer's `id`. */
      target?: (request: FastifyRequest, after: unknown) => string | undefined;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every write under /api/manage/ must say how it is audited; see plugins/audit.ts. */
    audit?: AuditRule;
  }
  interface FastifyRequest {
    auditBefore: unknown;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bookkeeping fields every write moves, and the id the row already names: not a change anyone made. */
const IGNORED = new Set(['id', 'updatedAt', 'createdAt']);
/** A field value longer than this (as JSON) is cut: the trail is for who changed what, not a backup. */
const MAX_VALUE = 2_000;

function clip(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text !== undefined && text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : value;
}

/** The fields that differ between two API views of a record (either may be absent). */
export function changedFields(before: unknown, after: unknown): AuditChanges {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(key)) continue;
    // An empty field of a record created or deleted says nothing.
    if (JSON.stringify(b[key] ?? null) === JSON.stringify(a[key] ?? null)) continue;
    changes[key] = { before: key in b ? clip(b[key]) : null, after: key in a ? clip(a[key]) : null };
  }
  return changes;
}

function actionOf(method: string, hasId: boolean): string {
  if (method === 'DELETE') return 'delete';
  if (method === 'POST' && !hasId) return 'create';
  return 'update';
}

/**
 * Appends one audit row per successful management write: who, what, which record, and the fields that
 * changed (the record as the API showed it before, against the answer). A write route under /api/manage/
 * without an `audit` rule stops the app from starting, as a route without an access rule does.
 */
export default fp(async function audit(app: FastifyInstance, opts: { db: Db }) {
  app.decorateRequest('auditBefore', null);

  async function loadBefore(request: FastifyRequest) {
    const rule = request.routeOptions.config.audit;
    const id = (request.params as { id?: string } | undefined)?.id;
    if (rule && rule.load && id) request.auditBefore = await rule.load(id).catch(() => null);
  }

  async function write(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const rule = request.routeOptions.config.audit;
    if (!rule || !WRITES.has(request.method) || reply.statusCode >= 400 || !request.principal) return payload;
    let after: unknown = null;
    if (typeof payload === 'string' && payload.length > 0) {
      try {
        after = JSON.parse(payload);
      } catch {
        after = null;
      }
    }
    const id = (request.params as { id?: string } | undefined)?.id;
    const created = (after as { id?: unknown } | null)?.id;
    const targetId = rule.target?.(request, after) ?? id ?? (typeof created === 'string' ? created : null);
    try {
      await opts.db.insert(auditLog).values({
        actorId: request.principal.id,
        actorName: request.principal.name,
        action: rule.action ?? actionOf(request.method, id !== undefined),
        resource: rule.resource,
        targetId,
        route: `${request.method} ${request.routeOptions.url}`,
        status: reply.statusCode,
        changes:
          request.method === 'DELETE'
            ? changedFields(request.auditBefore, null)
            : changedFields(request.auditBefore, after),
      });
    } catch (err) {
      // The write is done and cannot be undone here: say so loudly rather than fail the answer.
      request.log.error({ err }, 'audit row not written');
    }
    return payload;
  }

  // Only routes with a rule carry the two hooks: reads and public routes run neither (ADR 0020).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => WRITES.has(m));
    if (route.url.startsWith('/api/manage/') && methods.length > 0 && route.config?.audit === undefined)
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no audit rule`);
    if (!route.config?.audit) return;
    prependRouteHook(route, 'preHandler', loadBefore);
    prependRouteHook(route, 'onSend', write);
  });
});

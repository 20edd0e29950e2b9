import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, hasAccess } from '@manto/contracts';
import { AppError } from '#lib/app-error.ts';
import { prependRouteHook } from '#lib/route-hooks.ts';

/** The signed-in caller of a request, as the access rule sees it. */
export interface Principal {
  id: string;
  email: string;
  name: string;
  roles: string[];
  sessionId: string;
  /** A newer terms version is published than the one they accepted: writes wait for acceptance. */
  termsPending: boolean;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must declare it; see plugins/access.ts. */
    access?: Access;
    /** A public route that still wants to know a signed-in caller (duels bind to the member). */
    identify?: boolean;
    /**
     * A write a member may make before accepting newer terms: accepting them, signing out, changing
     * the password, deleting the account (docs/decisions/0017-terms-re-consent.md). Every other write
     * is refused until then.
     */
    beforeTerms?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the access-matrix test and the docs. */
    routeTable: RouteEntry[];
  }
}

/** The OpenAPI security scheme `documentAccess` refers to: a bearer access token (docs/security.md item 5). */
export const SECURITY_SCHEMES = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } as const;

/**
 * Writes a route's access rule into its OpenAPI operation (`x-access`, and `security` when it takes a
 * bearer token), so the published document says who may call what and the access-matrix test can be
 * generated from it (docs/security.md item 9). Wraps the schema transform of @fastify/swagger; the
 * document must declare `SECURITY_SCHEMES`.
 */
export function documentAccess<T extends { schema: FastifySchema; url: string }>(
  route: RouteOptions,
  transformed: T,
): T {
  const rule = route.config?.access;
  if (!rule) return transformed;
  const security = rule !== 'public' ? [{ bearer: [] }] : route.config?.identify ? [{}, { bearer: [] }] : undefined;
  return { ...transformed, schema: { ...transformed.schema, 'x-access': rule, ...(security ? { security } : {}) } };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

export interface AccessOptions {
  /** The live caller behind a bearer token, or null when the token or its session is no good. */
  verify(token: string): Promise<Principal | null>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A member who has not accepted the current terms may read, and write only where the route allows it. */
function checkTerms(request: FastifyRequest, principal: Principal): void {
  if (principal.termsPending && !READS.has(request.method) && !request.routeOptions.config.beforeTerms)
    throw new AppError(403, 'TERMS_NOT_ACCEPTED');
}

/** Deny by default: a route without an access rule stops the app from starting. */
export default fp(async function access(app: FastifyInstance, opts: AccessOptions) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.decorateRequest('principal', null);

  async function resolve(request: FastifyRequest): Promise<Principal | null> {
    const token = bearer(request);
    return token ? opts.verify(token) : null;
  }

  /** A public route that wants to know a signed-in caller: only a request with a bearer token has work. */
  async function identify(request: FastifyRequest) {
    if (!bearer(request)) return;
    // A stale token must not silently turn a member into a visitor: 401 makes the client refresh.
    request.principal = await resolve(request);
    if (!request.principal) throw new AppError(401, 'UNAUTHORIZED');
    checkTerms(request, request.principal);
  }

  /** A route for signed-in callers with `rule`'s roles. */
  const guard = (rule: Exclude<Access, 'public'>) =>
    async function access(request: FastifyRequest) {
      const principal = await resolve(request);
      if (!principal) throw new AppError(401, 'UNAUTHORIZED');
      if (!hasAccess(rule, principal.roles)) throw new AppError(403, 'FORBIDDEN');
      checkTerms(request, principal);
      request.principal = principal;
    };

  // The check is each route's own hook, so a public route (health, the catalogue, the next duel without a
  // token) runs none of it; the rule is read once here, not per request (ADR 0020).
  app.addHook('onRoute', (route) => {
    const rule = route.config?.access;
    if (route.url.startsWith('/api/')) {
      if (!rule) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') table.push({ method, url: route.url, access: rule });
      }
    }
    if (!rule || (rule === 'public' && !route.config?.identify)) return;
    prependRouteHook(route, 'onRequest', rule === 'public' ? identify : guard(rule));
  });
});

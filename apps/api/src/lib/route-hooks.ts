import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Puts `hook` first among a route's own hooks of that kind, from an `onRoute` hook: a check that only some
 * routes need runs on those routes alone instead of on every request (docs/decisions/0020-request-overhead.md).
 * First, so it keeps the place it had as a global hook: before the route's own hooks and the per-route rate
 * limit (a request refused by the access rule is not counted against the limit).
 */
export function prependRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const own = route[name] as unknown;
  (route as unknown as Record<HookName, unknown[]>)[name] = [hook, ...(own === undefined ? [] : [own].flat())];
}

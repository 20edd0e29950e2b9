import type { Plugin } from 'vite';

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/**
 * For the plugins' tests: calls one of a plugin's hooks as Vite would, whether the plugin gives it as
 * a function or as `{ order, handler }`, with `context` as its `this` and only the fields of Vite's
 * arguments the hook reads.
 */
export function callHook(plugin: Plugin, name: keyof Plugin, context: object, ...args: unknown[]): unknown {
  const hook = plugin[name] as Hook | { handler: Hook } | undefined;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error(`${plugin.name} has no ${name} hook`);
  return handler.apply(context, args);
}

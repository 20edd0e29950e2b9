import { config } from 'zod';

/**
 * Zod compiles fast parsers with `new Function` unless told not to; our CSP (script-src 'self') forbids
 * eval, so its probe is refused and the browser reports a CSP violation on every page load (Lighthouse
 * best-practices: inspector-issues). Parsing without the compiled fast path is plenty for API answers.
 *
 * The switch must run before any schema is built, yet zod is not part of the first screen's code
 * (docs/performance.md, initial JS budget). So the build hands this module to every `import … from
 * 'zod'` (build/zod-jitless.ts): it is zod itself, with the switch set first, wherever and
 * whenever zod first loads.
 */
config({ jitless: true });

export * from 'zod';
export { default } from 'zod';

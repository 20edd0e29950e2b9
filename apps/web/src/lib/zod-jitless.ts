import { config } from 'zod';

/**
 * Zod compiles fast parsers with `new Function` unless told not to; our CSP (script-src 'self') forbids
 * eval, so its probe is refused and the browser reports a CSP violation on every page load (Lighthouse
 * best-practices: inspector-issues). Parsing without the compiled fast path is plenty for API answers.
 * Imported first by main.tsx and kept in the zod chunk (vite.config.ts), so it runs before any schema
 * of @manto/contracts is built.
 */
config({ jitless: true });

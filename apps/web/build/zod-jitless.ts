import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Resolves `zod` to src/lib/zod-jitless.ts (which re-exports zod with its jitless switch set) for
 * every importer but that module: the switch runs before any schema is built, with no import
 * needed at start, so zod stays out of the first screen's code and loads with the screens that
 * validate answers.
 */
export function zodJitless(): Plugin {
  const shim = fileURLToPath(new URL('../src/lib/zod-jitless.ts', import.meta.url));
  return {
    name: 'manto-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || path.resolve(importer.split('?')[0] ?? '') === shim) return null;
      return shim;
    },
  };
}

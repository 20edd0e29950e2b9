import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Prints the initial JS of /app/ against its budget and fails the build above it: the scripts
 * index.html loads before anything renders (the entry and every modulepreload), gzip level 9 as
 * the server sends them. A size check on the build output, not a timing.
 */
export function initialJsBudget(budgetKb: number): Plugin {
  let outDir = '';
  return {
    name: 'manto-initial-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const scripts = [
        ...html.matchAll(
          /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="[^"]*?\/(assets\/[^"]+\.js)"/g,
        ),
      ].map((match) => match[1] as string);
      if (scripts.length === 0) throw new Error('initial JS budget: no script found in index.html');
      const sizes = scripts.map((file) => ({
        file,
        gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      }));
      const totalKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1000;
      const detail = sizes
        .sort((a, b) => b.gzip - a.gzip)
        .map(({ file, gzip }) => `  ${file.padEnd(48)} ${(gzip / 1000).toFixed(2).padStart(7)} kB`)
        .join('\n');
      const line = `initial JS of /app/ (entry + ${scripts.length - 1} modulepreloads, gzip): ${totalKb.toFixed(1)} kB, budget ${budgetKb} kB`;
      console.log(`\n${line}\n${detail}`);
      if (totalKb > budgetKb) {
        throw new Error(
          `${line}: over budget (docs/performance.md). Split or lazy-load what the first screen does not need.`,
        );
      }
    },
  };
}

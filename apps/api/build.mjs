// Bundles the API into dist/server.js (and dist/migrate.js, `npm run db:migrate`). npm packages stay external (installed by npm ci);
// the workspace's own TypeScript packages (@manto/*) are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@manto/'));

await build({
  // The workers are entries of their own: a worker thread or a child process loads a file
  // (src/modules/rankings/fit-executor.ts, src/modules/seo/card-drawer.ts).
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    migrate: new URL('./src/migrate.ts', import.meta.url).pathname,
    'fit-worker': new URL('./src/modules/rankings/fit-worker.ts', import.meta.url).pathname,
    'card-worker': new URL('./src/modules/seo/card-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('api: built dist/server.js, dist/migrate.js, dist/fit-worker.js and dist/card-worker.js');

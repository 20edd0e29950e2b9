// Bundles the API into dist/server.js (and dist/migrate.js, `npm run db:migrate`). npm packages stay external (installed by npm ci);
// the workspace's own TypeScript packages (@manto/*) are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@manto/'));

await build({
  // The fit worker is its own entry: worker threads load a file (src/modules/rankings/fit-executor.ts).
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    migrate: new URL('./src/migrate.ts', import.meta.url).pathname,
    'fit-worker': new URL('./src/modules/rankings/fit-worker.ts', import.meta.url).pathname,
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
console.log('api: built dist/server.js, dist/migrate.js and dist/fit-worker.js');

// `npm start`: builds what is missing (web and api), then serves both from one Node process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/web/dist-server/entry-server.js'))
  run(['run', 'build', '-w', '@manto/web']);
if (!existsSync('apps/api/dist/server.js')) run(['run', 'build', '-w', '@manto/api']);

await import('../apps/api/dist/server.js');

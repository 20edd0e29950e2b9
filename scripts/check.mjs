#!/usr/bin/env node
/**
 * `npm run check`: every type check and the lint, in two lanes side by side: ESLint (one core), then the
 * module graphs' staleness check (docs/architecture.md against the imports, under a second), beside the four
 * type checks one after the other (each spread over the cores). About 44 s on a 2-core machine. Each
 * command's output is printed whole when it ends; the check fails when any of them fails.
 *
 * `--build` (what `npm test` passes) adds the production build to the type checks' lane, which ends about
 * ten seconds before the lint's: the build costs `npm test` almost nothing.
 */
import { spawn } from 'node:child_process';

// TypeScript 7's native compiler for the type checks: the same checker as 6.0, several times faster and on
// both cores (docs/decisions/0033-type-checks-on-typescript-7.md). typescript-eslint and editors stay on 6.0.
const TSC = 'node node_modules/typescript-7/bin/tsc';
const LANES = [
  ['eslint .', 'node scripts/module-graph.mjs --check'],
  [
    ...['apps/web', 'apps/api', 'packages/contracts', 'apps/web/e2e'].map((project) => `${TSC} -p ${project}`),
    ...(process.argv.includes('--build') ? ['npm run build'] : []),
  ],
];

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${command} (${seconds} s)\n${Buffer.concat(output)}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(
  LANES.map(async (lane) => {
    const passed = [];
    for (const command of lane) passed.push(await run(command));
    return passed.every(Boolean);
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;

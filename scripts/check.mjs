#!/usr/bin/env node
/**
 * `npm run check`: every type check and the lint, in two lanes side by side. tsc and ESLint each use one core;
 * the lanes are balanced (about 30 s each on a 2-core machine). Each command's output is printed whole when it
 * ends; the check fails when any of them fails.
 */
import { spawn } from 'node:child_process';

const LANES = [
  ['tsc -p apps/web', 'tsc -p apps/api'],
  ['eslint .', 'tsc -p packages/contracts', 'tsc -p apps/web/e2e'],
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

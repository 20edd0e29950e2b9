import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callHook } from './call-hook.ts';
import { initialJsBudget } from './initial-js-budget.ts';

describe('initialJsBudget', () => {
  let root = '';
  let log: string[] = [];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'manto-js-budget-'));
    mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
    log = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void log.push(line));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  /** Random bytes: gzip cannot shrink them, so a file weighs about its size in the budget. */
  const script = (file: string, bytes: number) => writeFileSync(path.join(root, 'dist', file), randomBytes(bytes));

  function build(budgetKb: number, html: string) {
    writeFileSync(path.join(root, 'dist', 'index.html'), html);
    const plugin = initialJsBudget(budgetKb);
    callHook(plugin, 'configResolved', {}, { root, build: { outDir: 'dist' } });
    callHook(plugin, 'closeBundle', {});
  }

  // The entry and one modulepreload (≈ 5 kB gzip); a lazy chunk and a stylesheet the page does not wait on.
  const page = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/app/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/app/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/app/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

  beforeEach(() => {
    script('assets/index-abc.js', 3000);
    script('assets/react-abc.js', 2000);
    script('assets/lazy-abc.js', 50_000);
  });

  it('passes under the budget, counting the entry and its modulepreloads only', () => {
    expect(() => build(6, page)).not.toThrow();
    expect(log.join('\n')).toMatch(/initial JS of \/app\/ \(entry \+ 1 modulepreloads, gzip\): 5\.\d kB, budget 6 kB/);
    expect(log.join('\n')).not.toContain('lazy-abc.js');
  });

  it('fails the build over the budget', () => {
    expect(() => build(4, page)).toThrow(/5\.\d kB, budget 4 kB: over budget/);
  });

  it('fails the build when index.html loads no script', () => {
    expect(() => build(200, '<html><body><div id="root"></div></body></html>')).toThrow(
      'initial JS budget: no script found in index.html',
    );
  });
});

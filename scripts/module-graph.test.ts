import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawAll, graph, rewrite, staleGraphs } from './module-graph.mjs';

const SCRIPT = path.join(import.meta.dirname, 'module-graph.mjs');
const DOC = ['# A doc', '', '<!-- graph:api:start -->', '<!-- graph:api:end -->', '', 'Web:', ''];
const doc = (blocks: string[]) => [...DOC, ...blocks].join('\n');
const WEB = '<!-- graph:web:start -->\n```mermaid\ngraph LR\n```\n<!-- graph:web:end -->';

/** Runs the script on a copy of `text` and returns its exit code, its messages and the file afterwards. */
function runOn(text: string, ...args: string[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'module-graph-')), 'architecture.md');
  writeFileSync(file, text);
  const result = spawnSync(process.execPath, [SCRIPT, ...args, file], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr, after: readFileSync(file, 'utf8') };
}

describe('module graphs in docs/architecture.md', () => {
  const drawn = drawAll() as Record<string, string>;

  it('draws the modules and their edges, leaving out what is always allowed', () => {
    const api = graph('apps/api/src') as string;
    expect(api).toMatch(/^```mermaid\ngraph LR\n/);
    expect(api).toContain('modules_duels --> modules_jerseys');
    expect(api).toContain('modules_health["modules/health"]');
    expect(api).not.toContain('app_ts');
    expect(api).not.toMatch(/modules_\w+ --> (lib|db|plugins|config)\b/);
    expect(drawn.web).not.toMatch(/\bapp --> /);
  });

  it('a document it rewrote is current, and stays the same when rewritten again', () => {
    const written = rewrite(doc([WEB]), drawn) as string;
    expect(staleGraphs(written, drawn)).toEqual([]);
    expect(rewrite(written, drawn)).toBe(written);
  });

  it('names the graph whose block no longer matches the imports', () => {
    const written = rewrite(doc([WEB]), drawn) as string;
    const edited = written.replace(/\n {2}modules_duels --> modules_jerseys/, '');
    expect(staleGraphs(edited, drawn)).toEqual(['api']);
  });

  it('--check fails with a clear message on a stale graph and leaves the file alone', () => {
    const stale = doc([WEB]);
    const { status, stderr, after } = runOn(stale, '--check');
    expect(status).toBe(1);
    expect(stderr).toContain('the api module graph and the web module graph no longer match the imports');
    expect(stderr).toContain('npm run docs:graphs');
    expect(after).toBe(stale);
  });

  it('--check passes once the script has rewritten the graphs', () => {
    const { status, after } = runOn(doc([WEB]));
    expect(status).toBe(0);
    expect(runOn(after, '--check').status).toBe(0);
  });

  it('fails, naming the markers, when a graph has none', () => {
    const { status, stderr } = runOn(doc([]), '--check');
    expect(status).toBe(1);
    expect(stderr).toContain('<!-- graph:web:start -->');
  });
});

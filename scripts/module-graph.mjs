// Prints the API's and the web's dependency graphs between layers, modules and features as
// Mermaid, from the imports of the product code (tests left out). docs/architecture.md shows it.
// Usage: node scripts/module-graph.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classify, resolveImport } from './eslint-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const nodeOf = (place, relPath) => {
  if (!place) return null;
  if (place.layer === 'module') return `modules/${place.name}`;
  if (place.layer === 'feature') return `features/${place.name}`;
  if (place.layer === 'root') return relPath.split('/').pop();
  if (place.layer === 'shared') return relPath.split('/')[3];
  return place.layer;
};

function graph(dir) {
  const edges = new Set();
  for (const file of sources(path.join(ROOT, dir))) {
    const from = nodeOf(classify(rel(file)), rel(file));
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(m[1] ?? m[2], file);
      if (!target) continue;
      const to = nodeOf(classify(rel(target)), rel(target));
      if (from && to && from !== to) edges.add(`${from}|${to}`);
    }
  }
  const id = (name) => name.replace(/[^a-z0-9]/gi, '_');
  const pairs = [...edges].sort().map((e) => e.split('|'));
  const nodes = [...new Set(pairs.flat())].sort().map((n) => `  ${id(n)}["${n}"]`);
  const lines = pairs.map(([a, b]) => `  ${id(a)} --> ${id(b)}`);
  return ['```mermaid', 'graph LR', ...nodes, ...lines, '```'].join('\n');
}

console.log(`API (apps/api/src):\n\n${graph('apps/api/src')}\n\nWeb (apps/web/src):\n\n${graph('apps/web/src')}`);

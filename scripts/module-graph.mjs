// Draws the API's and the web's dependency graphs between layers, modules and features as Mermaid, from
// the imports of the product code (tests left out), into docs/architecture.md between its markers
// (`<!-- graph:api:start -->` … `<!-- graph:api:end -->`, the same for `web`).
//
//   node scripts/module-graph.mjs [file]           rewrite the graphs in docs/architecture.md (npm run docs:graphs)
//   node scripts/module-graph.mjs --check [file]   fail when the graphs there differ from the imports (npm run check)
//
// For readability each graph leaves out what is always allowed: the files that compose the app (app.ts,
// server.ts, migrate.ts; the web's app/ and main.tsx) importing everything, and API modules importing
// lib/, db/, plugins/ and config.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { classify, resolveImport } from './eslint-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DOC = path.join(ROOT, 'docs/architecture.md');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The graphs the document holds, by marker name, and the source folder each is drawn from. */
export const GRAPHS = { api: 'apps/api/src', web: 'apps/web/src' };

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');
const nodeOf = (place, relPath) => {
  if (place.layer === 'module') return `modules/${place.name}`;
  if (place.layer === 'feature') return `features/${place.name}`;
  if (place.layer === 'root') return relPath.split('/').pop();
  if (place.layer === 'shared') return relPath.split('/')[3];
  return place.layer;
};

/** Whether an edge is always allowed, and so left out of the drawing. */
const alwaysAllowed = (from, to) =>
  from.layer === 'root' ||
  from.layer === 'app' ||
  (from.layer === 'module' && ['lib', 'db', 'plugins', 'config'].includes(to.layer));

/** One source folder's graph as a fenced Mermaid block: every layer, module and feature, and their edges. */
export function graph(dir) {
  const edges = new Set();
  const names = new Set();
  for (const file of sources(path.join(ROOT, dir))) {
    const from = classify(rel(file));
    if (!from) continue;
    if (from.layer !== 'root' && from.layer !== 'app') names.add(nodeOf(from, rel(file)));
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(m[1] ?? m[2], file);
      const to = target && classify(rel(target));
      if (!to || alwaysAllowed(from, to)) continue;
      const [a, b] = [nodeOf(from, rel(file)), nodeOf(to, rel(target))];
      if (a !== b) edges.add(`${a}|${b}`);
    }
  }
  const id = (name) => name.replace(/[^a-z0-9]/gi, '_');
  const pairs = [...edges].sort().map((e) => e.split('|'));
  const nodes = [...new Set([...names, ...pairs.flat()])].sort().map((n) => `  ${id(n)}["${n}"]`);
  const lines = pairs.map(([a, b]) => `  ${id(a)} --> ${id(b)}`);
  return ['```mermaid', 'graph LR', ...nodes, ...lines, '```'].join('\n');
}

/** Every graph of GRAPHS, drawn from the code as it is now. */
export const drawAll = () => Object.fromEntries(Object.entries(GRAPHS).map(([name, dir]) => [name, graph(dir)]));

const markers = (name) => [`<!-- graph:${name}:start -->`, `<!-- graph:${name}:end -->`];

/** Where a graph sits in the document: the text between its markers, or an error when they are missing. */
function locate(doc, name) {
  const [start, end] = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`no "${start}" … "${end}" markers: put them around the ${name} graph.`);
  return { from: from + start.length, to };
}

/** The document with each graph's block replaced by `drawn[name]`. */
export function rewrite(doc, drawn) {
  let out = doc;
  for (const [name, block] of Object.entries(drawn)) {
    const { from, to } = locate(out, name);
    out = `${out.slice(0, from)}\n\n${block}\n\n${out.slice(to)}`;
  }
  return out;
}

/** The names of the graphs whose block in the document differs from `drawn` (whitespace around it aside). */
export function staleGraphs(doc, drawn) {
  return Object.entries(drawn)
    .filter(([name, block]) => {
      const { from, to } = locate(doc, name);
      return doc.slice(from, to).trim() !== block.trim();
    })
    .map(([name]) => name);
}

function main(args) {
  const check = args.includes('--check');
  const file = args.find((a) => !a.startsWith('--')) ?? DOC;
  const doc = readFileSync(file, 'utf8');
  const drawn = drawAll();
  if (check) {
    let stale;
    try {
      stale = staleGraphs(doc, drawn);
    } catch (error) {
      console.error(`${rel(file)}: ${error.message}`);
      return 1;
    }
    if (stale.length === 0) return 0;
    console.error(
      `${rel(file)}: ${stale.map((name) => `the ${name} module graph`).join(' and ')} ` +
        `${stale.length > 1 ? 'no longer match' : 'no longer matches'} the imports. ` +
        'Run `npm run docs:graphs` and commit the file.',
    );
    return 1;
  }
  let next;
  try {
    next = rewrite(doc, drawn);
  } catch (error) {
    console.error(`${rel(file)}: ${error.message}`);
    return 1;
  }
  if (next !== doc) writeFileSync(file, next);
  console.log(`${rel(file)}: module graphs ${next === doc ? 'already current' : 'rewritten'}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));

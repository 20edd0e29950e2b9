// A V8 .cpuprofile (node --cpu-prof) as a flame graph SVG, and its top self-time frames: no dependency,
// so the graphs in docs/perf/ can be redrawn from a profile on any machine.
//
//   node scripts/flamegraph.mjs <profile.cpuprofile> <out.svg> [title] [requests]
//
// With `requests` (how many the profile's load answered), the table gives microseconds per request.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** "fn file:line" for a call frame; node_modules paths shortened to the package and file. */
export function frameName({ functionName, url, lineNumber }) {
  const name = functionName || '(anonymous)';
  if (!url) return name;
  let file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) file = file.slice(nm + 'node_modules/'.length);
  else if (file.startsWith('node:')) file = file.slice(5);
  else file = path.basename(file);
  return `${name} ${file}:${lineNumber + 1}`;
}

/**
 * Sampled time per node (µs), from the samples and their time deltas, and the tree folded by frame name:
 * `{ name, self, total, children: Map }`. Idle time is left out. `window` ({ from, to }, in the profile's
 * own clock: microseconds of CLOCK_MONOTONIC on Linux, as `process.hrtime`) keeps only the samples taken
 * in it, e.g. the measured load without the start-up.
 */
export function fold(profile, window = null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, self: 0 }]));
  const { samples, timeDeltas } = profile;
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i];
    if (window && (t < window.from || t > window.to)) continue;
    // timeDeltas[i] is the time before sample i; the time after it is the next delta.
    const dt = timeDeltas[i + 1] ?? 0;
    byId.get(samples[i]).self += Math.max(0, dt);
  }
  const parent = new Map();
  for (const n of byId.values()) for (const c of n.children ?? []) parent.set(c, n.id);
  const root = { name: 'all', self: 0, total: 0, children: new Map() };
  for (const n of byId.values()) {
    if (n.self === 0 || n.callFrame.functionName === '(idle)') continue;
    const stack = [];
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      if (f.functionName !== '(root)') stack.push(frameName(f));
    }
    stack.reverse();
    let node = root;
    node.total += n.self;
    for (const name of stack) {
      let child = node.children.get(name);
      if (!child) node.children.set(name, (child = { name, self: 0, total: 0, children: new Map() }));
      child.total += n.self;
      node = child;
    }
    node.self += n.self;
  }
  return root;
}

/** Self time summed by frame name, largest first. */
export function topSelf(root, limit = 20) {
  const sums = new Map();
  const walk = (node) => {
    if (node.self > 0) sums.set(node.name, (sums.get(node.name) ?? 0) + node.self);
    for (const c of node.children.values()) walk(c);
  };
  walk(root);
  return [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Deterministic warm colour per frame; the app's own code (not node_modules, not node:) in blue. */
function colour(name) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  if (/ (server|fit-worker)\.js:/.test(name)) return `hsl(${200 + (h % 30)}, 60%, ${60 + (h % 15)}%)`;
  if (name.startsWith('(')) return `hsl(0, 0%, ${70 + (h % 15)}%)`;
  return `hsl(${10 + (h % 45)}, 85%, ${55 + (h % 15)}%)`;
}

/** The folded tree as a flame graph (root at the bottom), with a tooltip per frame. */
export function renderSvg(root, title) {
  const width = 1600;
  const rowH = 16;
  const minW = 0.3;
  let depth = 0;
  const rects = [];
  const place = (node, x, level) => {
    const w = (node.total / root.total) * (width - 20);
    if (w < minW) return;
    depth = Math.max(depth, level);
    rects.push({ node, x, w, level });
    let cx = x;
    const kids = [...node.children.values()].sort((a, b) => a.name.localeCompare(b.name));
    for (const c of kids) {
      place(c, cx, level + 1);
      cx += (c.total / root.total) * (width - 20);
    }
  };
  place(root, 10, 0);
  const height = (depth + 1) * rowH + 60;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14">${escape(title)}</text>`,
    `<text x="10" y="36" fill="#555">width = share of sampled CPU time (idle left out); hover a frame for its time; blue = Manto's own code</text>`,
  ];
  for (const { node, x, w, level } of rects) {
    const y = height - (level + 1) * rowH - 4;
    const pct = ((node.total / root.total) * 100).toFixed(2);
    const label = w > 40 ? escape(node.name.slice(0, Math.floor(w / 6.6))) : '';
    out.push(
      `<g><title>${escape(node.name)} — ${pct}% total, ${((node.self / root.total) * 100).toFixed(2)}% self</title>` +
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${rowH - 1}" fill="${colour(node.name)}" rx="1"/>` +
        (label ? `<text x="${(x + 3).toFixed(1)}" y="${y + 11}">${label}</text>` : '') +
        `</g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

/** A markdown table of the top self-time frames: share, and µs per request when `requests` is known. */
export function topTable(root, requests, limit = 15) {
  const rows = topSelf(root, limit).map(
    ([name, us]) =>
      `| ${((us / root.total) * 100).toFixed(1)}% | ${requests ? (us / requests).toFixed(2) : ''} | \`${name}\` |`,
  );
  return ['| self | µs/request | frame |', '|---:|---:|---|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, output, title = path.basename(input), requests] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node scripts/flamegraph.mjs <profile.cpuprofile> <out.svg> [title] [requests]');
    process.exit(1);
  }
  const root = fold(JSON.parse(readFileSync(input, 'utf8')));
  writeFileSync(output, renderSvg(root, title));
  const n = requests ? Number(requests) : 0;
  console.log(
    `${output}: ${(root.total / 1e6).toFixed(2)} s sampled${n ? `, ${(root.total / n).toFixed(1)} µs/request` : ''}`,
  );
  console.log(topTable(root, n));
}

// ESLint rule `manto/boundaries`: imports run one way (docs/architecture.md, "Layers").
// Every import is resolved to a file path first — relative paths and the apps' `#…` subpath
// aliases alike — so a file at any depth is judged by where it lives and what it reaches.
// (A local rule: eslint-plugin-import-x's resolver ships per-platform binaries that `npm ci` cannot
// install here.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Where a file lives: its layer and, for API modules and web features, their name.
 * Paths are relative to the repository root, with forward slashes.
 */
export function classify(relPath) {
  let m;
  if ((m = /^apps\/api\/src\/modules\/([^/]+)\/(.+)$/.exec(relPath)))
    return { app: 'api', layer: 'module', name: m[1], rest: m[2] };
  if ((m = /^apps\/api\/src\/(db|lib|plugins)\//.exec(relPath))) return { app: 'api', layer: m[1] };
  if (/^apps\/api\/src\/config\.ts$/.test(relPath)) return { app: 'api', layer: 'config' };
  if (/^apps\/api\/src\/[^/]+$/.test(relPath)) return { app: 'api', layer: 'root' };
  if (/^apps\/api\/test\//.test(relPath)) return { app: 'api', layer: 'test' };
  if ((m = /^apps\/web\/src\/features\/([^/]+)\//.exec(relPath))) return { app: 'web', layer: 'feature', name: m[1] };
  if ((m = /^apps\/web\/src\/(components|lib|api|styles)\//.exec(relPath)))
    return { app: 'web', layer: 'shared', name: m[1] };
  if (/^apps\/web\/src\/(app\/|main\.tsx$)/.test(relPath)) return { app: 'web', layer: 'app' };
  return null;
}

/** What a layer may import, besides its own folder. */
const API_ALLOWED = {
  lib: ['lib', 'config'],
  db: ['db', 'lib', 'config'],
  plugins: ['plugins', 'lib', 'db', 'config'],
  config: ['lib'],
  module: ['lib', 'db', 'plugins', 'config'],
};

/**
 * What each part of the web's shared code may import, besides its own folder: lib/ (and the style
 * sheets) at the bottom, then components/ and api/ side by side, neither reaching the other.
 */
const WEB_SHARED_ALLOWED = {
  styles: [],
  lib: ['styles'],
  components: ['lib', 'styles'],
  api: ['lib'],
};

/** The one file through which a module is seen by the others. */
export const MODULE_PUBLIC_FILE = 'index.ts';

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to, { isTest = false } = {}) {
  // Tests are clients of the whole app: they may reach anything (product code never reaches them).
  if (!from || !to || from.app !== to.app || isTest) return null;
  if (from.app === 'api') {
    if (from.layer === 'root' || from.layer === 'test') return null;
    if (to.layer === 'test') return 'Only tests import test helpers.';
    if (to.layer === 'root') return 'Only the server imports app.ts: it composes, nothing depends on it.';
    if (to.layer === 'module') {
      if (from.layer !== 'module')
        return `${from.layer}/ sits below the modules and must not import modules/ (app.ts wires them).`;
      if (to.name === from.name) return null;
      if (to.rest === MODULE_PUBLIC_FILE) return null;
      return `Module '${from.name}' may use module '${to.name}' only through modules/${to.name}/${MODULE_PUBLIC_FILE}.`;
    }
    if (from.layer === to.layer && from.layer !== 'module') return null;
    return API_ALLOWED[from.layer]?.includes(to.layer) ? null : `${from.layer}/ must not import ${to.layer}/.`;
  }
  // Web: lib → components, api (side by side) → features → app.
  if (from.layer === 'app') return null;
  if (to.layer === 'app') return 'Only app/ composes: nothing imports it.';
  if (to.layer === 'feature') {
    if (from.layer === 'shared') return 'Shared code (components, lib, api) must not import a feature.';
    if (to.name !== from.name) return `Feature '${from.name}' must not import feature '${to.name}'.`;
  }
  if (
    from.layer === 'shared' &&
    to.layer === 'shared' &&
    from.name !== to.name &&
    !WEB_SHARED_ALLOWED[from.name].includes(to.name)
  )
    return `${from.name}/ must not import ${to.name}/: lib/ is the bottom layer, components/ and api/ sit side by side above it.`;
  return null;
}

const packageImports = new Map();

/** The `imports` map of the nearest package.json above `dir`, with that folder. */
function nearestImports(dir) {
  if (packageImports.has(dir)) return packageImports.get(dir);
  let found = null;
  const file = path.join(dir, 'package.json');
  if (existsSync(file)) {
    const imports = JSON.parse(readFileSync(file, 'utf8')).imports;
    found = imports ? { dir, imports } : null;
  } else if (path.dirname(dir) !== dir) found = nearestImports(path.dirname(dir));
  packageImports.set(dir, found);
  return found;
}

/** The absolute path an import names, or null for packages. */
export function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  if (!specifier.startsWith('#')) return null;
  const pkg = nearestImports(path.dirname(fromFile));
  if (!pkg) return null;
  for (const [key, target] of Object.entries(pkg.imports)) {
    if (key === specifier) return path.resolve(pkg.dir, target);
    const star = key.indexOf('*');
    if (star >= 0 && specifier.startsWith(key.slice(0, star)) && specifier.endsWith(key.slice(star + 1))) {
      const middle = specifier.slice(star, specifier.length - (key.length - star - 1));
      return path.resolve(pkg.dir, target.replace('*', middle));
    }
  }
  return null;
}

const rel = (abs) => path.relative(ROOT, abs).split(path.sep).join('/');

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way between layers, modules and features.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = classify(rel(file));
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(source.value, file);
      if (!target) return;
      const why = violation(from, classify(rel(target)), { isTest });
      if (why) context.report({ node: source, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };

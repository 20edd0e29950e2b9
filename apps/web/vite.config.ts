import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig, transformWithOxc } from 'vite';
import react from '@vitejs/plugin-react';

/** Text files worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the build, at
 * the highest levels: done once here, the server only picks the variant the browser accepts
 * (@fastify/static `preCompressed`) and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? files(file) : [file];
    });
  return {
    name: 'manto-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** docs/performance.md: the initial JS of /app/ (entry plus its modulepreloads, gzip), in kB of 1000 bytes as Vite prints. */
const INITIAL_JS_BUDGET_KB = 200;

/**
 * Prints the initial JS of /app/ against its budget and fails the build above it: the scripts
 * index.html loads before anything renders (the entry and every modulepreload), gzip level 9 as
 * the server sends them. A size check on the build output, not a timing.
 */
function initialJsBudget(budgetKb: number): Plugin {
  let outDir = '';
  return {
    name: 'manto-initial-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const scripts = [
        ...html.matchAll(
          /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="[^"]*?\/(assets\/[^"]+\.js)"/g,
        ),
      ].map((match) => match[1] as string);
      if (scripts.length === 0) throw new Error('initial JS budget: no script found in index.html');
      const sizes = scripts.map((file) => ({
        file,
        gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      }));
      const totalKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1000;
      const detail = sizes
        .sort((a, b) => b.gzip - a.gzip)
        .map(({ file, gzip }) => `  ${file.padEnd(48)} ${(gzip / 1000).toFixed(2).padStart(7)} kB`)
        .join('\n');
      const line = `initial JS of /app/ (entry + ${scripts.length - 1} modulepreloads, gzip): ${totalKb.toFixed(1)} kB, budget ${budgetKb} kB`;
      console.log(`\n${line}\n${detail}`);
      if (totalKb > budgetKb) {
        throw new Error(
          `${line}: over budget (docs/performance.md). Split or lazy-load what the first screen does not need.`,
        );
      }
    },
  };
}

/** The faces the page's own shell is set in (src/styles/fonts.css): the brand and a first screen's title, and its subtitle. */
const SHELL_FONTS = [
  { file: /^assets\/archivo-black-latin-400-normal-[\w-]+\.woff2$/, family: 'Archivo Black', weight: 400 },
  { file: /^assets\/play-latin-400-normal-[\w-]+\.woff2$/, family: 'Play', weight: 400 },
];

/**
 * Declares the shell's font faces in index.html itself: the brand the page paints before the
 * stylesheets arrive (stylesAfterShell), and a first screen's heading (spa-page.ts), are set in them, as
 * @fontsource declares them. Build only: the files get their hashed names here. A face is fetched when
 * the page first draws text in it. No font is preloaded from the page: Chromium holds a page's first
 * paint for the fonts it preloads, so the header waited for 32 kB of fonts; the entry starts their
 * loads instead (main.tsx; docs/performance.md §6).
 */
function shellFontFaces(): Plugin {
  let base = '/';
  return {
    name: 'manto-shell-font-faces',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        const faces = SHELL_FONTS.flatMap(({ file, family, weight }) => {
          const found = files.find((name) => file.test(name));
          return found
            ? [
                `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${base}${found}) format('woff2')}`,
              ]
            : [];
        });
        return faces.length ? [{ tag: 'style', children: faces.join(''), injectTo: 'head' as const }] : [];
      },
    },
  };
}

/**
 * Moves the page's stylesheets from <head> to between the header index.html draws (#boot-shell, styled
 * inline) and #root. The header then paints as soon as the page arrives instead of after ≈ 30 kB gzip
 * of Mantine CSS; the app's own render still waits for every stylesheet (the scripts run only once no
 * stylesheet blocks them), so nothing shows unstyled; and Mantine's theme variables, which React
 * writes inside #root, still come after its stylesheet and win (docs/performance.md).
 */
function stylesAfterShell(): Plugin {
  return {
    name: 'manto-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        if (links.length === 0) return html;
        if (!/<div id="boot-shell"[\s\S]*<div id="root">/.test(rest)) {
          throw new Error('styles after shell: index.html needs #boot-shell before #root');
        }
        return rest.replace(/([ \t]*)<div id="root">/, (_m, indent: string) =>
          [...links, '<div id="root">'].map((line) => `${indent}${line}`).join('\n'),
        );
      },
    },
  };
}

/**
 * The public screens a visit often starts on, each with its route modules (as src/app/router.tsx
 * imports them) and the translation namespaces the router starts with its code. `path` is the
 * address under /app, `:name` one segment.
 */
const FIRST_SCREENS: {
  path: string;
  modules: string[];
  namespaces: string[];
  scripts?: string[];
  /**
   * The page's title and subtitle (translation keys, `namespace:key`) and the title's size on a phone
   * and the gap between them, in px, as the route draws them: the server puts them in the page, so a
   * phone shows them before the app's code has arrived (spa-page.ts). e2e/first-screen.spec.ts checks
   * they sit where the route's own.
   */
  heading?: { title: string; subtitle: string; titleSize: number; gap: number };
}[] = [
  {
    path: '/app/',
    modules: ['src/features/home/routes/home-route.tsx', 'src/features/duels/routes/global-duel-route.tsx'],
    namespaces: ['duels'],
    // Asks for the visitor's first duel and its pictures before the app's code arrives.
    scripts: ['src/boot/first-duel.ts'],
  },
  {
    path: '/app/rankings',
    modules: ['src/features/rankings/routes/global-ranking-route.tsx'],
    namespaces: ['rankings'],
    heading: { title: 'rankings:global.title', subtitle: 'rankings:global.subtitle', titleSize: 26, gap: 0 },
  },
  {
    path: '/app/camisas/time/:team/:jersey',
    modules: ['src/features/catalogue/routes/jersey-route.tsx'],
    namespaces: ['catalogue', 'rankings', 'tournaments'],
  },
  {
    path: '/app/torneios',
    modules: ['src/features/tournaments/routes/tournaments-route.tsx'],
    namespaces: ['tournaments'],
    heading: { title: 'tournaments:title', subtitle: 'tournaments:subtitle', titleSize: 28, gap: 6 },
  },
  // Pages the server draws (src/lib/server-pages.ts): their styles come in the page as stylesheets.
  { path: '/app/termos', modules: ['src/features/auth/routes/terms-route.tsx'], namespaces: ['auth'] },
  { path: '/app/privacidade', modules: ['src/features/auth/routes/privacy-route.tsx'], namespaces: ['auth'] },
  {
    path: '/app/rankings/como-funciona',
    modules: ['src/features/rankings/routes/ranking-method-route.tsx'],
    namespaces: ['rankings'],
  },
];

/**
 * The translation files a first visit in each language reads before its first paint, for a screen's
 * namespaces (src/lib/i18n.ts): 'common' too, except Portuguese's (bundled); and, for a language
 * other than the fallback, the fallback's files of the namespaces as well (i18next reads both).
 */
function translationFiles(namespaces: string[]): Record<string, string[]> {
  const fallback = 'pt';
  return Object.fromEntries(
    ['pt', 'en'].map((language) => [
      language,
      [
        ...(language === fallback ? [] : [`locales/${language}/common.json`]),
        ...namespaces.map((ns) => `locales/${language}/${ns}.json`),
        ...(language === fallback ? [] : namespaces.map((ns) => `locales/${fallback}/${ns}.json`)),
      ],
    ]),
  );
}

/** A first screen's texts (name → translation key) in each language, from the translation files (public/locales). */
function screenTexts<K extends string>(root: string, keys: Record<K, string>): Record<string, Record<K, string>> {
  const text = (language: string, key: string): string => {
    const [namespace, ...rest] = key.split(':');
    const file = path.join(root, 'public', 'locales', language, `${namespace}.json`);
    const found = rest
      .join(':')
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        JSON.parse(readFileSync(file, 'utf8')),
      );
    if (typeof found !== 'string') throw new Error(`first screens: no text for ${key} in ${language}`);
    return found;
  };
  return Object.fromEntries(
    ['pt', 'en'].map((language) => [
      language,
      Object.fromEntries(Object.entries<string>(keys).map(([name, key]) => [name, text(language, key)])) as Record<
        K,
        string
      >,
    ]),
  );
}

/**
 * Writes dist/first-screens.json: for each of FIRST_SCREENS, the JS chunks (with every chunk they
 * import) and CSS its route needs beyond what index.html loads already, and its translation files
 * per language. The server puts them in the page as preloads when that address is asked for
 * (apps/api/src/lib/spa-page.ts), so the screen's code and texts come with the entry instead of
 * after it has run: a round trip less before the first paint (docs/performance.md).
 */
function firstScreens(): Plugin {
  let root = '';
  return {
    name: 'manto-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      // A screen's early scripts (src/boot/) become classic scripts of their own: their one exported
      // start function, called on window, and nothing imported.
      const scripts = new Map<string, string>();
      for (const file of new Set(FIRST_SCREENS.flatMap((screen) => screen.scripts ?? []))) {
        const id = path.resolve(root, file);
        const { code } = await transformWithOxc(readFileSync(id, 'utf8'), id, { lang: 'ts' });
        if (/^\s*import\s/m.test(code)) throw new Error(`first screens: ${file} must import nothing`);
        const start = /export function (\w+)\(win\b/.exec(code)?.[1];
        if (!start) throw new Error(`first screens: ${file} exports no start(win) function`);
        const source = `(() => {\n${code.replace(/^export /gm, '')}\n${start}(window);\n})();\n`;
        const ref = this.emitFile({ type: 'asset', name: path.basename(file).replace(/\.ts$/, '.js'), source });
        scripts.set(file, this.getFileName(ref));
      }
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        files.forEach(visit);
        return seen;
      };
      const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const cssOf = (file: string): string[] => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
      const initialCss = new Set([...initial].flatMap(cssOf));
      const screens = FIRST_SCREENS.map(({ path: screenPath, modules, namespaces, scripts: early = [], heading }) => {
        const entries = modules.map((module) => {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`first screens: no chunk for ${module}`);
          return chunk.fileName;
        });
        const files = [...closure(entries)].filter((file) => !initial.has(file));
        const styles = [...new Set(files.flatMap(cssOf))].filter((file) => !initialCss.has(file));
        return {
          path: screenPath,
          scripts: early.map((file) => scripts.get(file)!),
          modules: files,
          styles,
          translations: translationFiles(namespaces),
          ...(heading && {
            heading: {
              titleSize: heading.titleSize,
              gap: heading.gap,
              texts: screenTexts(root, { title: heading.title, subtitle: heading.subtitle }),
            },
          }),
        };
      });
      this.emitFile({ type: 'asset', fileName: 'first-screens.json', source: JSON.stringify({ screens }, null, 2) });
    },
  };
}

/**
 * Resolves `zod` to src/lib/zod-jitless.ts (which re-exports zod with its jitless switch set) for
 * every importer but that module: the switch runs before any schema is built, with no import
 * needed at start, so zod stays out of the first screen's code and loads with the screens that
 * validate answers.
 */
function zodJitless(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));
  return {
    name: 'manto-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || path.resolve(importer.split('?')[0] ?? '') === shim) return null;
      return shim;
    },
  };
}

/**
 * Mantine's CSS by component instead of all of it (250 kB, 30 kB gzip) before the first paint: each
 * Mantine component's class-name module (`Button.module.mjs`) imports that component's stylesheet
 * in Mantine's cascade layer (`styles/Button.layer.css`), so the CSS travels with the chunk that
 * holds the component and a page loads the styles of the components it draws. The base styles
 * (baseline, variables, global classes) stay in src/main.tsx. Dependencies come first, as in
 * Mantine's own order: a component's module imports the components it uses before its class names
 * (docs/performance.md §6).
 */
function mantineCssByComponent(): Plugin {
  const moduleFile =
    /[\\/]node_modules[\\/]@mantine[\\/](core|notifications)[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  return {
    name: 'manto-mantine-css-by-component',
    transform(code, id) {
      const match = moduleFile.exec(id.split('?')[0] ?? '');
      if (!match) return null;
      const [, pkg, name] = match;
      const sheet =
        pkg === 'core' ? `@mantine/core/styles/${name}.layer.css` : '@mantine/notifications/styles.layer.css';
      return { code: `import '${sheet}';\n${code}`, map: null };
    },
  };
}

/**
 * Vendor libraries that change rarely get their own long-cached chunks. Not Mantine: one chunk of
 * it held every component any screen uses (131 kB gzip before the first paint); left to the
 * bundler, each route's chunks carry only the components it renders.
 */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine|@floating-ui|@tabler|react-remove-scroll|react-number-format|react-transition-group|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|clsx|klona|fast-deep-equal)/;

/**
 * Mantine's display components the public pages draw (cards, grids, skeletons…). Not Table: its
 * scroll container brings ScrollArea and Floating UI (≈ 20 kB gzip), so it lives in 'ui' with the
 * overlays, and only the wide rankings table loads it (docs/performance.md §6).
 */
const DISPLAY_COMPONENTS =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Card|Paper|Group|SimpleGrid|Grid|Skeleton|Breadcrumbs|Kbd|Badge|Pagination|List|Divider|VisuallyHidden|Code|Alert|ColorSwatch|Image|Progress|RingProgress|Space|Flex|AspectRatio|Mark|Highlight|Blockquote|Spoiler)[\\/]/;

/**
 * What only forms use (Sistema, account): off the public pages' path, which needs the rest of 'ui'
 * (Select, popovers). Not Checkbox or Radio: Combobox and Menu draw their check and radio icons.
 */
const FORM_PARTS =
  /node_modules[\\/](@mantine[\\/]form|react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/](ColorPicker|ColorInput|NumberInput|TagsInput|MultiSelect|PasswordInput|Switch|Textarea|Pill|PillsInput|FileButton|FileInput|Fieldset|NativeSelect|Tabs|Slider|Rating|Chip|JsonInput|PinInput|HueSlider|AlphaSlider|Autocomplete)[\\/])/;

const vendorGroups: {
  name: string;
  test: RegExp;
  priority: number;
  tags?: '$initial'[];
  includeDependenciesRecursively?: boolean;
  entriesAware?: boolean;
  entriesAwareMergeThreshold?: number;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-http-backend|i18next-browser-languagedetector)[\\/]/,
    priority: 20,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  // The UI libraries the first screen uses, in one chunk with it. The rest is in three chunks the
  // pages share, rather than left to the bundler, which cut them into dozens of 1–2 kB chunks that a
  // phone on HTTP/1.1 (6 connections) fetched in rounds (the home page needed 21 of them): display
  // components (every public page), icons, what only forms use, and the rest (inputs, overlays).
  { name: 'ui-shell', test: UI_LIBRARIES, tags: ['$initial'], priority: 15 },
  { name: 'ui-display', test: DISPLAY_COMPONENTS, priority: 12 },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 12 },
  // Mantine's hooks the shell does not use (the jersey page's useElementSize): in 'ui' they brought
  // that whole chunk (52 kB gzip, with its CSS) to a page that draws none of its components.
  { name: 'ui-hooks', test: /node_modules[\\/]@mantine[\\/]hooks[\\/]/, priority: 12 },
  // Only the matched modules: their dependencies (inputs, popovers) stay in 'ui' with the pages'.
  { name: 'ui-forms', test: FORM_PARTS, priority: 11, includeDependenciesRecursively: false },
  { name: 'ui', test: UI_LIBRARIES, priority: 10 },
  // The jitless switch must run before any schema is built: it travels with zod itself.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/, priority: 20 },
  // The entry's small modules that lazy chunks import too, in one chunk with it: left alone, the
  // bundler gave each its own, and every request before the first paint costs a phone on HTTP/1.1 (6
  // connections) a slot: the contracts' modules without zod (roles, languages, constants, regions),
  // the session store and wire shapes, the bundled Portuguese 'common' texts, the language helpers,
  // the number formats and Vite's preload helper (docs/performance.md §6).
  {
    name: 'boot',
    test: /packages[\\/]contracts[\\/]src[\\/](roles|languages|voter|constants|regions)\.ts$|src[\\/]lib[\\/](language|number-format|auth-store|wire-shapes)\.ts$|public[\\/]locales[\\/]pt[\\/]common\.json$|vite[\\/]preload-helper/,
    priority: 20,
  },
];

/**
 * The public pages' server renderer (src/entry-server.tsx, `vite build --ssr`): the same code and CSS
 * module names, none of the page's own plugins (fonts, preloads, first screens, compression, budget),
 * into dist-server/, which the API loads and never serves.
 */
const serverBuild = defineConfig({
  base: '/app/',
  plugins: [zodJitless(), react()],
  css: { postcss: './postcss.config.cjs' },
  publicDir: false,
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server', emptyOutDir: true, sourcemap: true },
});

const clientBuild = defineConfig({
  base: '/app/',
  plugins: [
    zodJitless(),
    mantineCssByComponent(),
    react(),
    shellFontFaces(),
    stylesAfterShell(),
    firstScreens(),
    precompress(),
    initialJsBudget(INITIAL_JS_BUDGET_KB),
  ],
  css: { postcss: './postcss.config.cjs' },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : clientBuild));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { type FirstScreen, firstScreens } from './build/first-screens.ts';
import { initialJsBudget } from './build/initial-js-budget.ts';
import { mantineCssByComponent } from './build/mantine-css-by-component.ts';
import { precompress } from './build/precompress.ts';
import { shellFontFaces } from './build/shell-font-faces.ts';
import { stylesAfterShell } from './build/styles-after-shell.ts';
import { zodJitless } from './build/zod-jitless.ts';

/** docs/performance.md: the initial JS of /app/ (entry plus its modulepreloads, gzip), in kB of 1000 bytes as Vite prints. */
const INITIAL_JS_BUDGET_KB = 200;

/** The rankings' table, which a drawn ranking shows on a wide screen (its code and styles come with the page). */
const RANKING_TABLE = 'src/features/rankings/components/ranking-table.tsx';

/**
 * The public screens a visit often starts on, whose code, styles and texts the server preloads with
 * the page (build/first-screens.ts). Every page the server draws (src/lib/server-pages.ts) has its entry:
 * its styles come in the page as stylesheets, and its texts are there before the browser takes it over.
 */
const FIRST_SCREENS: FirstScreen[] = [
  {
    path: '/app/',
    modules: ['src/features/home/routes/home-route.tsx', 'src/features/duels/routes/global-duel-route.tsx'],
    namespaces: ['duels'],
    // Asks for the visitor's first duel and its pictures before the app's code arrives, where the server
    // did not draw the page (a member's).
    scripts: ['src/boot/first-duel.ts'],
  },
  {
    path: '/app/rankings',
    modules: ['src/features/rankings/routes/global-ranking-route.tsx', RANKING_TABLE],
    namespaces: ['rankings'],
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
  },
  { path: '/app/camisas', modules: ['src/features/catalogue/routes/teams-route.tsx'], namespaces: ['catalogue'] },
  {
    path: '/app/camisas/time/:team',
    modules: ['src/features/catalogue/routes/team-jerseys-route.tsx'],
    namespaces: ['catalogue'],
  },
  {
    path: '/app/rankings/times',
    modules: ['src/features/rankings/routes/team-rankings-route.tsx'],
    namespaces: ['rankings'],
  },
  {
    path: '/app/rankings/times/:team',
    modules: ['src/features/rankings/routes/team-ranking-route.tsx', RANKING_TABLE],
    namespaces: ['rankings'],
  },
  {
    path: '/app/rankings/torcidas/:team',
    modules: ['src/features/rankings/routes/fanbase-ranking-route.tsx', RANKING_TABLE],
    namespaces: ['rankings'],
  },
  {
    path: '/app/torneios/:slug',
    modules: ['src/features/tournaments/routes/tournament-route.tsx'],
    namespaces: ['tournaments'],
  },
  { path: '/app/termos', modules: ['src/features/auth/routes/terms-route.tsx'], namespaces: ['auth'] },
  { path: '/app/privacidade', modules: ['src/features/auth/routes/privacy-route.tsx'], namespaces: ['auth'] },
  {
    path: '/app/rankings/como-funciona',
    modules: ['src/features/rankings/routes/ranking-method-route.tsx'],
    namespaces: ['rankings'],
  },
];

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
    test: /packages[\\/]contracts[\\/]src[\\/](roles|languages|voter|constants|regions)\.ts$|src[\\/]lib[\\/](language|intl-format|auth-store|wire-shapes)\.ts$|public[\\/]locales[\\/]pt[\\/]common\.json$|vite[\\/]preload-helper/,
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
    firstScreens(FIRST_SCREENS),
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

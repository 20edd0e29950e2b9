import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, transformWithOxc } from 'vite';

/**
 * A public screen a visit often starts on: `path` is the address under /app, `:name` one segment;
 * `modules` its route modules (as src/app/router.tsx imports them); `namespaces` the translation
 * namespaces the router starts with its code.
 */
export interface FirstScreen {
  path: string;
  modules: string[];
  namespaces: string[];
  /** Early scripts (src/boot/), each exporting one start(win) function and importing nothing. */
  scripts?: string[];
}

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

/**
 * Writes dist/first-screens.json: for each of `screens`, the JS chunks (with every chunk they
 * import) and CSS its route needs beyond what index.html loads already, and its translation files
 * per language. The server puts them in the page as preloads when that address is asked for
 * (apps/api/src/lib/spa-page.ts), so the screen's code and texts come with the entry instead of
 * after it has run: a round trip less before the first paint (docs/performance.md).
 */
export function firstScreens(screens: FirstScreen[]): Plugin {
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
      for (const file of new Set(screens.flatMap((screen) => screen.scripts ?? []))) {
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
      const manifest = screens.map(({ path: screenPath, modules, namespaces, scripts: early = [] }) => {
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
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'first-screens.json',
        source: JSON.stringify({ screens: manifest }, null, 2),
      });
    },
  };
}

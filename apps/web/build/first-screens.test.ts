import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { type FirstScreen, firstScreens } from './first-screens.ts';

describe('firstScreens', () => {
  let root = '';
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'manto-first-screens-'));
    write(
      'src/boot/early.ts',
      'export const KEY: string = "manto";\nexport function start(win: Window): void {\n  win.name = KEY;\n}\n',
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A chunk as the bundle gives it: only the fields the plugin reads. */
  const chunk = (
    fileName: string,
    fields: { isEntry?: boolean; module?: string; imports?: string[]; css?: string[] },
  ) => ({
    type: 'chunk',
    fileName,
    isEntry: fields.isEntry ?? false,
    facadeModuleId: fields.module ? path.join(root, fields.module) : null,
    imports: fields.imports ?? [],
    viteMetadata: { importedCss: new Set(fields.css ?? []) },
  });

  // The entry loads a shared chunk; the ranking route's chunk imports it too, and a chunk of its own.
  const bundle = () =>
    Object.fromEntries(
      [
        chunk('assets/index-e.js', { isEntry: true, imports: ['assets/shared-s.js'], css: ['assets/index-e.css'] }),
        chunk('assets/shared-s.js', { css: ['assets/shared-s.css'] }),
        chunk('assets/ranking-r.js', {
          module: 'src/ranking-route.tsx',
          imports: ['assets/shared-s.js', 'assets/table-t.js'],
          css: ['assets/ranking-r.css', 'assets/index-e.css'],
        }),
        chunk('assets/table-t.js', { imports: ['assets/shared-s.js'], css: ['assets/table-t.css'] }),
        chunk('assets/home-h.js', { module: 'src/home-route.tsx' }),
        { type: 'asset', fileName: 'assets/index-e.css' },
      ].map((item) => [item.fileName, item]),
    );

  async function generate(screens: FirstScreen[]) {
    const emitted: { name?: string; fileName?: string; source: string }[] = [];
    const context = {
      emitFile: (file: { name?: string; fileName?: string; source: string }) => emitted.push(file) - 1,
      getFileName: (ref: number) => `assets/${emitted[ref]!.name!.replace(/\.js$/, '-hash.js')}`,
    };
    const plugin = firstScreens(screens);
    callHook(plugin, 'configResolved', {}, { root });
    await callHook(plugin, 'generateBundle', context, {}, bundle());
    const manifest = emitted.find((file) => file.fileName === 'first-screens.json');
    return { emitted, manifest: JSON.parse(manifest!.source) as { screens: unknown[] } };
  }

  it("writes each screen's chunks and styles beyond the entry's and its translation files", async () => {
    const { manifest } = await generate([
      { path: '/app/rankings', modules: ['src/ranking-route.tsx'], namespaces: ['ranks'] },
      { path: '/app/', modules: ['src/home-route.tsx'], namespaces: [] },
    ]);
    expect(manifest.screens).toEqual([
      {
        path: '/app/rankings',
        scripts: [],
        modules: ['assets/ranking-r.js', 'assets/table-t.js'],
        styles: ['assets/ranking-r.css', 'assets/table-t.css'],
        translations: {
          pt: ['locales/pt/ranks.json'],
          en: ['locales/en/common.json', 'locales/en/ranks.json', 'locales/pt/ranks.json'],
        },
      },
      {
        path: '/app/',
        scripts: [],
        modules: ['assets/home-h.js'],
        styles: [],
        translations: { pt: [], en: ['locales/en/common.json'] },
      },
    ]);
  });

  it("turns a screen's early script into a classic script that calls its start function on window", async () => {
    const { emitted, manifest } = await generate([
      { path: '/app/', modules: ['src/home-route.tsx'], namespaces: [], scripts: ['src/boot/early.ts'] },
    ]);
    expect(manifest.screens).toMatchObject([{ scripts: ['assets/early-hash.js'] }]);
    const script = emitted.find((file) => file.name === 'early.js')!.source;
    expect(script).not.toMatch(/\bexport\b|: (string|Window|void)/);
    const win = { name: '' };
    new Function('window', script)(win);
    expect(win.name).toBe('manto');
  });

  it('fails the build on a route with no chunk or an early script that imports', async () => {
    await expect(generate([{ path: '/app/x', modules: ['src/gone-route.tsx'], namespaces: [] }])).rejects.toThrow(
      'first screens: no chunk for src/gone-route.tsx',
    );
    write('src/boot/early.ts', "import { x } from './x';\nexport function start(win: Window) {\n  win.name = x;\n}\n");
    await expect(
      generate([{ path: '/app/', modules: ['src/home-route.tsx'], namespaces: [], scripts: ['src/boot/early.ts'] }]),
    ).rejects.toThrow('first screens: src/boot/early.ts must import nothing');
  });
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
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

/** The Latin fonts of the first screen: body, bold and headings (src/main.tsx, lib/theme.ts). */
const FIRST_SCREEN_FONTS = /^assets\/(play-latin-(400|700)|archivo-black-latin-400)-normal-[\w-]+\.woff2$/;

/**
 * Preloads the first screen's fonts from index.html, so they arrive with the code instead of after
 * the first render has laid the text out in the fallback font and it reflows (CLS). Build only: the
 * files get their hashed names here.
 */
function preloadFonts(): Plugin {
  let base = '/';
  return {
    name: 'manto-preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.keys(bundle ?? {})
          .filter((file) => FIRST_SCREEN_FONTS.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** Vendor libraries that change rarely get their own long-cached chunks. */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|clsx)/,
    priority: 20,
  },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-http-backend|i18next-browser-languagedetector)[\\/]/,
    priority: 20,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  // The jitless switch must run before any schema is built: it travels with zod itself.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/, priority: 20 },
];

export default defineConfig({
  base: '/app/',
  plugins: [react(), preloadFonts(), precompress()],
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

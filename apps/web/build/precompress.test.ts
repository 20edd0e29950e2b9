import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { precompress } from './precompress.ts';

describe('precompress', () => {
  let root = '';
  const out = (file: string) => path.join(root, 'dist', file);
  const write = (file: string, bytes: number) => {
    mkdirSync(path.dirname(out(file)), { recursive: true });
    writeFileSync(out(file), 'manto '.repeat(bytes).slice(0, bytes));
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'manto-precompress-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function build() {
    const plugin = precompress();
    callHook(plugin, 'configResolved', {}, { root, build: { outDir: 'dist' } });
    callHook(plugin, 'closeBundle', {});
  }

  it('writes a Brotli and a gzip copy of each text file from 1 kB, in every folder, that decode to the file', () => {
    write('index.html', 1024);
    write('assets/index-abc.js', 5000);
    write('assets/index-abc.css', 3000);
    write('first-screens.json', 2000);
    build();
    for (const file of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css', 'first-screens.json']) {
      const body = readFileSync(out(file));
      expect(brotliDecompressSync(readFileSync(`${out(file)}.br`))).toEqual(body);
      expect(gunzipSync(readFileSync(`${out(file)}.gz`))).toEqual(body);
    }
  });

  it('leaves files under 1 kB, compressed formats and source maps alone', () => {
    write('assets/tiny-abc.js', 1023);
    write('assets/font-abc.woff2', 5000);
    write('assets/picture-abc.webp', 5000);
    write('assets/index-abc.js.map', 5000);
    build();
    for (const file of [
      'assets/tiny-abc.js',
      'assets/font-abc.woff2',
      'assets/picture-abc.webp',
      'assets/index-abc.js.map',
    ]) {
      expect(existsSync(`${out(file)}.br`), file).toBe(false);
      expect(existsSync(`${out(file)}.gz`), file).toBe(false);
    }
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDrawer } from './card-drawer.ts';
import type { DuelCard } from './cards.ts';

const API = path.resolve(import.meta.dirname, '../../..');
const CARD: DuelCard = {
  kind: 'duel',
  language: 'pt',
  host: 'manto.example',
  winner: { team: 'Flamengo', title: '2019 · Titular', picture: { id: 'red', file: '640.webp' } },
  loser: { team: 'Grêmio', title: '2019 · Reserva', picture: { id: 'gone', file: '640.webp' } },
  verb: 'venceu',
  percent: '63%',
  crowd: 'da galera',
};
const red = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();

describe('share images drawn in a process of their own', () => {
  let dir: string;
  let worker: URL;

  beforeAll(async () => {
    // The worker as the API's build bundles it (build.mjs), beside the repository's packages.
    dir = mkdtempSync(path.join(API, '../../node_modules/.cache-card-worker-'));
    const pkg = JSON.parse(readFileSync(path.join(API, 'package.json'), 'utf8')) as { dependencies: object };
    await build({
      entryPoints: [path.join(import.meta.dirname, 'card-worker.ts')],
      outfile: path.join(dir, 'card-worker.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@manto/')),
      logLevel: 'warning',
    });
    worker = pathToFileURL(path.join(dir, 'card-worker.js'));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws the same image as in-process, its pictures read by the API, an unreadable one left empty', async () => {
    const read = async ({ id }: { id: string }) => (id === 'red' ? red() : null);
    const drawer = createCardDrawer(worker);
    expect(drawer.kind).toBe('process');
    const [apart, here] = await Promise.all([
      drawer.draw(CARD, read),
      createCardDrawer(new URL('file:///none.js')).draw(CARD, read),
    ]);
    await drawer.close();
    expect(await sharp(apart).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(apart.equals(here)).toBe(true);
  }, 60_000);

  it('starts another process for the next card once its own has ended', async () => {
    const drawer = createCardDrawer(worker);
    const read = async () => red();
    await drawer.draw(CARD, read);
    // The process ends (as a crash would): the next card starts another.
    await drawer.close();
    expect(await sharp(await drawer.draw(CARD, read)).metadata()).toMatchObject({ width: 1200, height: 630 });
    await drawer.close();
  }, 60_000);
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStore } from './storage.ts';

describe('diskStore', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'manto-store-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('serves from one store what another store on the same folder wrote (replicas sharing a volume)', async () => {
    const dir = folder();
    await diskStore(dir).put('abc/640.webp', Buffer.from('bytes'));
    expect((await diskStore(dir).get('abc/640.webp'))?.toString()).toBe('bytes');
    expect(await diskStore(dir).get('abc/320.webp')).toBeNull();
  });

  it('writes one key from many writers at once (the same pid, as replicas in containers have): each put succeeds, one whole file stays, no temporary file', async () => {
    const dir = folder();
    const writers = Array.from({ length: 8 }, () => diskStore(dir));
    const bodies = writers.map((_, i) => Buffer.alloc(256 * 1024, i + 1));
    await Promise.all(writers.map((store, i) => store.put('img/1200.webp', bodies[i]!)));
    const stored = await writers[0]!.get('img/1200.webp');
    expect(bodies.some((b) => b.equals(stored!))).toBe(true);
    expect(readdirSync(path.join(dir, 'img'))).toEqual(['1200.webp']);
  });
});

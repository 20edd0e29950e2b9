import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { zodJitless } from './zod-jitless.ts';

const shim = path.resolve(import.meta.dirname, '../src/lib/zod-jitless.ts');
const resolve = (source: string, importer?: string) => callHook(zodJitless(), 'resolveId', {}, source, importer);

describe('zodJitless', () => {
  it("sends every importer's `zod` to the web app's jitless module, before Vite's own resolution", () => {
    expect(existsSync(shim)).toBe(true);
    expect(zodJitless().enforce).toBe('pre');
    expect(resolve('zod', path.resolve(import.meta.dirname, '../src/features/auth/api/auth-api.ts'))).toBe(shim);
    expect(resolve('zod', '/work/packages/contracts/src/auth.ts?v=1')).toBe(shim);
  });

  it('leaves the jitless module its own import of zod, other packages and entries alone', () => {
    expect(resolve('zod', shim)).toBeNull();
    expect(resolve('zod', `${shim}?v=1`)).toBeNull();
    expect(resolve('zod/mini', '/work/apps/web/src/main.tsx')).toBeNull();
    expect(resolve('react', '/work/apps/web/src/main.tsx')).toBeNull();
    expect(resolve('zod')).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VisitorIds } from './visitor-id.ts';

describe('visitor ids (docs/ranking.md §1)', () => {
  const ids = new VisitorIds('a'.repeat(64));

  it('issues v1.<uuid>.<mac> ids that verify to their uuid, each one new', () => {
    const id = ids.issue();
    expect(id).toMatch(/^v1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    expect(ids.verify(id)).toBe(id.split('.')[1]);
    expect(ids.issue()).not.toBe(id);
  });

  it('refuses missing, unsigned, edited and foreign ids', () => {
    const id = ids.issue();
    const [, uuid, mac] = id.split('.');
    expect(ids.verify(undefined)).toBeNull();
    expect(ids.verify(randomUUID())).toBeNull();
    expect(ids.verify(`v1.${randomUUID()}.${mac}`)).toBeNull();
    expect(ids.verify(`v2.${uuid}.${mac}`)).toBeNull();
    expect(ids.verify(`${id}x`)).toBeNull();
    expect(ids.verify(id.toUpperCase())).toBeNull();
    expect(new VisitorIds('b'.repeat(64)).verify(id)).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
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

  it('remembers verified ids only, at most the bound, and answers from memory as the HMAC would', () => {
    const small = new VisitorIds('a'.repeat(64), 2);
    const mac = vi.spyOn(small as unknown as { mac: (body: string) => Buffer }, 'mac');
    const [a, b, c] = [small.issue(), small.issue(), small.issue()];
    mac.mockClear();
    expect(small.verify(a)).toBe(a.split('.')[1]);
    expect(small.verify(a)).toBe(a.split('.')[1]);
    expect(mac).toHaveBeenCalledTimes(1);
    // A refused id is never remembered: each try is checked again.
    const forged = `v1.${randomUUID()}.${a.split('.')[2]}`;
    expect(small.verify(forged)).toBeNull();
    expect(small.verify(forged)).toBeNull();
    expect(mac).toHaveBeenCalledTimes(3);
    // Full at two: b and c push a out, so a is verified again.
    small.verify(b);
    small.verify(c);
    mac.mockClear();
    expect(small.verify(c)).toBe(c.split('.')[1]);
    expect(mac).not.toHaveBeenCalled();
    expect(small.verify(a)).toBe(a.split('.')[1]);
    expect(mac).toHaveBeenCalledTimes(1);
    // Another server's key never accepts what this one remembers.
    expect(new VisitorIds('b'.repeat(64)).verify(c)).toBeNull();
  });
});

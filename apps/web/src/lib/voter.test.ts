import { describe, expect, it } from 'vitest';
import { createVoterIdSource, randomUuid, VOTER_ID_KEY, voterHeaders } from './voter.ts';
import { MemoryStorage } from './testing/fake-jwt.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('voter id', () => {
  it('makes a v4 UUID once, stores it and keeps returning it', () => {
    const storage = new MemoryStorage();
    const voterId = createVoterIdSource(storage);
    const first = voterId();
    expect(first).toMatch(UUID);
    expect(storage.getItem(VOTER_ID_KEY)).toBe(first);
    expect(voterId()).toBe(first);
    // Another tab (another source over the same storage) sees the same id.
    expect(createVoterIdSource(storage)()).toBe(first);
  });

  it('replaces a stored value that is not a UUID', () => {
    const storage = new MemoryStorage();
    storage.setItem(VOTER_ID_KEY, 'not-an-id');
    const id = createVoterIdSource(storage)();
    expect(id).toMatch(UUID);
    expect(storage.getItem(VOTER_ID_KEY)).toBe(id);
  });

  it('keeps an id in memory when storage throws', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('blocked');
    };
    broken.setItem = () => {
      throw new Error('blocked');
    };
    const voterId = createVoterIdSource(broken);
    const id = voterId();
    expect(id).toMatch(UUID);
    expect(voterId()).toBe(id);
    expect(createVoterIdSource(undefined)()).toMatch(UUID);
  });

  it('falls back to getRandomValues without randomUUID', () => {
    const id = randomUuid({ getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(id).toMatch(UUID);
  });

  it('builds the X-Voter-Id header', () => {
    expect(voterHeaders('3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e')).toEqual({
      'x-voter-id': '3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { AnsweredPairs } from './answered-pairs.ts';
import { pairKey } from './pair-sampler.ts';

/** A repository whose voters have answered nothing yet; counts its reads. */
function repository() {
  const reads: string[] = [];
  return {
    reads,
    answeredPairs: async (voterKey: string) => {
      reads.push(voterKey);
      return voterKey === 'v:old' ? [{ leftId: 'b', rightId: 'a' }] : [];
    },
  };
}

describe('answered pairs in memory', () => {
  it("reads a voter's pairs once, then keeps them up to date with this process's votes", async () => {
    const repo = repository();
    const answered = new AnsweredPairs(repo);
    expect(answered.known('v:old')).toBeUndefined();
    expect([...(await answered.of('v:old'))]).toEqual([pairKey('a', 'b')]);
    answered.add('v:old', 'c', 'a');
    expect(answered.known('v:old')).toEqual(new Set([pairKey('a', 'b'), pairKey('a', 'c')]));
    await answered.of('v:old');
    expect(repo.reads).toEqual(['v:old']);
  });

  it('keeps a voter who keeps voting while many new voters arrive, and drops the idle ones first', async () => {
    const repo = repository();
    const answered = new AnsweredPairs(repo, 4);
    for (const voter of ['v:active', 'v:idle1', 'v:idle2', 'v:idle3']) await answered.of(voter);
    for (let i = 0; i < 40; i++) {
      // The active voter asks for a duel, then a new voter arrives.
      expect(answered.known('v:active'), `after ${i} new voters`).toBeDefined();
      await answered.of(`v:new${i}`);
    }
    expect(answered.known('v:active')).toBeDefined();
    expect(answered.known('v:idle1')).toBeUndefined();
    expect(answered.known('v:idle3')).toBeUndefined();
    // Only the active voter was never read twice.
    expect(repo.reads.filter((key) => key === 'v:active')).toHaveLength(1);
  });
});

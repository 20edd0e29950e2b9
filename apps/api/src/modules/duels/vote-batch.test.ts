import { describe, expect, it, vi } from 'vitest';
import type { StoreResult, VoteToStore } from './repository.ts';
import { VoteBatcher } from './vote-batch.ts';

const vote = (voterKey: string, extra: Partial<VoteToStore> = {}) =>
  ({ duelId: `${voterKey}-${Math.random()}`, voterKey, match: null, ...extra }) as VoteToStore;
const stored: StoreResult = {
  status: 'stored',
  valid: true,
  ratings: [],
  pair: { low_wins: 0, high_wins: 0, ties: 0 },
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A repository whose writes wait until `release()`, recording what each call was given. */
function fakeRepository() {
  const calls: { kind: 'one' | 'batch'; voters: string[] }[] = [];
  let gate = deferred();
  const repo = {
    storeVote: vi.fn(async (v: VoteToStore) => {
      calls.push({ kind: 'one', voters: [v.voterKey] });
      await gate.promise;
      return stored;
    }),
    storeVotes: vi.fn(async (vs: VoteToStore[]) => {
      calls.push({ kind: 'batch', voters: vs.map((v) => v.voterKey) });
      await gate.promise;
      return vs.map(() => stored);
    }),
  };
  const release = () => {
    gate.resolve();
    gate = deferred();
  };
  return { repo, calls, release };
}

/** A few turns of the event loop: enough for a finished write to hand over to the next. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

describe('VoteBatcher', () => {
  it('writes a lone vote alone, and the votes that arrive meanwhile together in one batch after it', async () => {
    const { repo, calls, release } = fakeRepository();
    const b = new VoteBatcher(repo);
    const first = b.store(vote('a'));
    await turn();
    const rest = ['b', 'c', 'd'].map((k) => b.store(vote(k)));
    await turn();
    // The three wait for the first write to finish: nothing else is written yet.
    expect(calls).toEqual([{ kind: 'one', voters: ['a'] }]);
    release();
    await first;
    await turn();
    expect(calls[1]).toEqual({ kind: 'batch', voters: ['b', 'c', 'd'] });
    release();
    expect(await Promise.all(rest)).toEqual([stored, stored, stored]);
  });

  it('sends the next batch to the database before it answers the votes of the batch that committed', async () => {
    const { repo, calls, release } = fakeRepository();
    const b = new VoteBatcher(repo);
    const first = b.store(vote('a'));
    await turn();
    const rest = ['b', 'c'].map((k) => b.store(vote(k)));
    await turn();
    release();
    await first;
    // When 'a' is answered, 'b' and 'c' are already being written: the database never waits on the answers.
    expect(calls).toEqual([
      { kind: 'one', voters: ['a'] },
      { kind: 'batch', voters: ['b', 'c'] },
    ]);
    release();
    await Promise.all(rest);
  });

  it('puts one vote per voter in a batch; the same voter’s next vote waits for the next batch', async () => {
    const { repo, calls, release } = fakeRepository();
    const b = new VoteBatcher(repo);
    const all = [b.store(vote('a')), b.store(vote('b')), b.store(vote('a'))];
    await turn();
    expect(calls).toEqual([{ kind: 'batch', voters: ['a', 'b'] }]);
    release();
    await turn();
    expect(calls[1]).toEqual({ kind: 'one', voters: ['a'] });
    release();
    await Promise.all(all);
  });

  it('writes tournament votes alone, at once', async () => {
    const { repo, calls, release } = fakeRepository();
    const b = new VoteBatcher(repo);
    const p = b.store(vote('a', { match: { id: 'm', at: new Date() } }));
    expect(calls).toEqual([{ kind: 'one', voters: ['a'] }]);
    release();
    await p;
  });

  it('when a batch fails as a whole, writes each of its votes alone so each gets its own answer or error', async () => {
    const refused = new Error('jersey gone');
    const repo = {
      storeVotes: vi.fn(async () => {
        throw new Error('foreign key');
      }),
      storeVote: vi.fn(async (v: VoteToStore) => {
        if (v.voterKey === 'b') throw refused;
        return stored;
      }),
    };
    const b = new VoteBatcher(repo);
    const results = await Promise.allSettled(['a', 'b', 'c'].map((k) => b.store(vote(k))));
    expect(repo.storeVotes).toHaveBeenCalledTimes(1);
    expect(repo.storeVote).toHaveBeenCalledTimes(3);
    expect(results).toEqual([
      { status: 'fulfilled', value: stored },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: stored },
    ]);
  });
});

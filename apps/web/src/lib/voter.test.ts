import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createVoterIds, VOTER_ID_KEY, withVoterId } from './voter.ts';
import { MemoryStorage } from './testing/fake-jwt.ts';

/** A stand-in for POST /api/duels/visitor: signed-looking ids, counted. */
function fakeServer() {
  const server = {
    issued: [] as string[],
    issue: async () => {
      const id = `v1.0000000${server.issued.length}-0000-4000-8000-000000000000.mac${server.issued.length}`;
      server.issued.push(id);
      return id;
    },
  };
  return server;
}

const refused = (code = 'VOTER_ID_INVALID') => new ApiError(400, code, 'Invalid or outdated visitor id.');

describe('visitor id (docs/ranking.md §1)', () => {
  it('asks the server once, stores the id and keeps using it, also from another tab', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const ids = createVoterIds(storage, server.issue);
    // Calls at once on first load share one request.
    const [a, b] = await Promise.all([ids.get(), ids.get()]);
    expect(a).toBe(server.issued[0]);
    expect(b).toBe(a);
    expect(storage.getItem(VOTER_ID_KEY)).toBe(a);
    expect(await ids.get()).toBe(a);
    expect(await createVoterIds(storage, server.issue).get()).toBe(a);
    expect(server.issued).toHaveLength(1);
  });

  it('replaces an old browser-made id with one from the server', async () => {
    const storage = new MemoryStorage();
    storage.setItem(VOTER_ID_KEY, '3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e');
    const server = fakeServer();
    const id = await createVoterIds(storage, server.issue).get();
    expect(id).toBe(server.issued[0]);
    expect(storage.getItem(VOTER_ID_KEY)).toBe(id);
  });

  it('keeps the id in memory when storage throws', async () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('blocked');
    };
    broken.setItem = () => {
      throw new Error('blocked');
    };
    const server = fakeServer();
    const ids = createVoterIds(broken, server.issue);
    const id = await ids.get();
    expect(await ids.get()).toBe(id);
    expect(server.issued).toHaveLength(1);
  });

  it('sends the id as X-Voter-Id; when the server refuses it, fetches a new one and retries once', async () => {
    const storage = new MemoryStorage();
    storage.setItem(VOTER_ID_KEY, 'v1.from-an-old-secret');
    const server = fakeServer();
    const ids = createVoterIds(storage, server.issue);
    const sent: string[] = [];
    const answer = await withVoterId(
      ids,
      async (headers) => {
        sent.push(headers['x-voter-id']!);
        if (sent.length === 1) throw refused();
        return 'duel';
      },
      { retry: true },
    );
    expect(answer).toBe('duel');
    expect(sent).toEqual(['v1.from-an-old-secret', server.issued[0]]);
    expect(storage.getItem(VOTER_ID_KEY)).toBe(server.issued[0]);
  });

  it('retries only once, and passes other errors through untouched', async () => {
    const ids = createVoterIds(new MemoryStorage(), fakeServer().issue);
    let calls = 0;
    const always = withVoterId(
      ids,
      async () => {
        calls++;
        throw refused('VOTER_REQUIRED');
      },
      { retry: true },
    );
    await expect(always).rejects.toMatchObject({ code: 'VOTER_REQUIRED' });
    expect(calls).toBe(2);
    calls = 0;
    const other = withVoterId(
      ids,
      async () => {
        calls++;
        throw new ApiError(410, 'DUEL_EXPIRED', null);
      },
      { retry: true },
    );
    await expect(other).rejects.toMatchObject({ code: 'DUEL_EXPIRED' });
    expect(calls).toBe(1);
  });

  it('without retry (a vote, bound to the refused id), drops the id and reports the refusal', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const ids = createVoterIds(storage, server.issue);
    const first = await ids.get();
    const vote = withVoterId(
      ids,
      async () => {
        throw refused();
      },
      { retry: false },
    );
    await expect(vote).rejects.toMatchObject({ code: 'VOTER_ID_INVALID' });
    expect(storage.getItem(VOTER_ID_KEY)).toBeNull();
    // The next duel comes with a new id.
    expect(await ids.get()).not.toBe(first);
  });

  it('does not drop an id another tab stored meanwhile', async () => {
    const storage = new MemoryStorage();
    const ids = createVoterIds(storage, fakeServer().issue);
    const mine = await ids.get();
    storage.setItem(VOTER_ID_KEY, 'v1.other-tab');
    ids.forget(mine);
    expect(storage.getItem(VOTER_ID_KEY)).toBe('v1.other-tab');
    expect(await ids.get()).toBe('v1.other-tab');
  });

  describe('a duel answer that brings a fresh id (ADR 0023)', () => {
    const FRESH = 'v1.11111111-0000-4000-8000-000000000000.fresh';
    const idFrom = (answer: { voterId?: string }) => answer.voterId;

    it('asks for the duel without an id, keeps the one it brings and asks the server for none', async () => {
      const storage = new MemoryStorage();
      const server = fakeServer();
      const ids = createVoterIds(storage, server.issue);
      const sent: (string | undefined)[] = [];
      const duel = withVoterId(
        ids,
        async (headers) => {
          sent.push(headers['x-voter-id']);
          return { voterId: FRESH };
        },
        { retry: true, idFrom },
      );
      // A vote asked meanwhile waits for that id instead of asking for another.
      const meanwhile = ids.get();
      await expect(duel).resolves.toEqual({ voterId: FRESH });
      await expect(meanwhile).resolves.toBe(FRESH);
      expect(sent).toEqual([undefined]);
      expect(storage.getItem(VOTER_ID_KEY)).toBe(FRESH);
      expect(server.issued).toHaveLength(0);
      // Later duels send it.
      await withVoterId(
        ids,
        async (headers) => {
          sent.push(headers['x-voter-id']);
          return {};
        },
        { retry: true, idFrom },
      );
      expect(sent).toEqual([undefined, FRESH]);
    });

    it('falls back to POST /api/duels/visitor for waiting calls when the duel fails or brings no id', async () => {
      for (const outcome of ['fails', 'no id'] as const) {
        const server = fakeServer();
        const ids = createVoterIds(new MemoryStorage(), server.issue);
        const duel = withVoterId(
          ids,
          async () => {
            if (outcome === 'fails') throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many attempts.');
            return {};
          },
          { retry: true, idFrom },
        );
        const meanwhile = ids.get();
        if (outcome === 'fails') await expect(duel).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
        else await expect(duel).resolves.toEqual({});
        await expect(meanwhile).resolves.toBe(server.issued[0]);
        expect(server.issued).toHaveLength(1);
      }
    });

    it('sends the stored id when there is one', async () => {
      const storage = new MemoryStorage();
      storage.setItem(VOTER_ID_KEY, FRESH);
      const sent: (string | undefined)[] = [];
      await withVoterId(
        createVoterIds(storage, fakeServer().issue),
        async (headers) => {
          sent.push(headers['x-voter-id']);
          return {};
        },
        { retry: true, idFrom },
      );
      expect(sent).toEqual([FRESH]);
    });
  });
});

import { VISITOR_ID_PREFIX, VOTER_HEADER } from '@manto/contracts/voter';
import { ApiError } from './api-client.ts';

/** Where a visitor's id is kept (docs/ranking.md §1: the voter key of signed-out users). */
export const VOTER_ID_KEY = 'manto.voterId';

/** The server's refusals of a visitor id: none sent, or one it did not sign. */
const REFUSED_ID_CODES = new Set(['VOTER_REQUIRED', 'VOTER_ID_INVALID']);

/** Ids the server signed start with the version tag; a browser-made UUID from before does not. */
const isSigned = (id: string | null | undefined): id is string => !!id && id.startsWith(VISITOR_ID_PREFIX);

export interface VoterIds {
  /** The stored signed id, or a fresh one from the server (one request at a time for every caller in the tab). */
  get(): Promise<string>;
  /** Drops an id the server refused, so the next get() asks for a new one. */
  forget(id: string): void;
  /**
   * When the tab has no id and none is on its way: runs `call`, whose answer brings a fresh id (GET
   * /api/duels/next without X-Voter-Id, ADR 0023), and keeps that id; get() callers meanwhile wait for it
   * (and ask the usual way if it brings none). Null when there is an id or one is on its way.
   */
  issueWith<T>(call: () => Promise<T>, idOf: (answer: T) => string | null | undefined): Promise<T> | null;
  /**
   * An id the server issued outside this tab's calls (in a page it drew, ADR 0038): kept when the tab has
   * none. True when it is the tab's id now; false when the tab already votes as another visitor.
   */
  adopt(id: string): boolean;
}

/**
 * The visitor's id, issued by the server the first time it is needed (in the answer of a call made through
 * issueWith, else by POST /api/duels/visitor) and kept in storage. A stored id that is not signed (made by
 * the browser before ids were signed) is replaced the same way. Storage is read on every call, so a tab
 * uses an id another tab just stored. Without usable storage (private mode, blocked) the id lives for the
 * tab only.
 */
export function createVoterIds(
  storage: Storage | undefined,
  issue: () => Promise<string>,
  onKeep: (id: string) => void = () => undefined,
): VoterIds {
  let memory: string | null = null;
  let issuing: Promise<string> | null = null;
  /** An id coming in another call's answer (issueWith). */
  let adopting: Promise<string> | null = null;

  const read = (): string | null => {
    try {
      return storage?.getItem(VOTER_ID_KEY) ?? null;
    } catch {
      return null;
    }
  };

  const keep = (id: string): string => {
    memory = id;
    onKeep(id);
    try {
      storage?.setItem(VOTER_ID_KEY, id);
    } catch {
      // Storage full or blocked: keep the id in memory for this tab.
    }
    return id;
  };

  const get = async (): Promise<string> => {
    const stored = read();
    if (isSigned(stored)) return stored;
    // Storage lost or overwritten (cleared, blocked): this tab's id stays good, and is stored again.
    if (isSigned(memory)) return keep(memory);
    // The call bringing an id failed or brought none: ask the usual way.
    if (adopting) return adopting.catch(get);
    issuing ??= issue()
      .then(keep)
      .finally(() => {
        issuing = null;
      });
    return issuing;
  };

  return {
    get,
    issueWith(call, idOf) {
      if (isSigned(read()) || isSigned(memory) || issuing || adopting) return null;
      const answer = call();
      const adopted = answer
        .then((a) => {
          const id = idOf(a);
          if (!isSigned(id)) throw new Error('no visitor id in the answer');
          return keep(id);
        })
        .finally(() => {
          adopting = null;
        });
      adopting = adopted;
      // Nobody may be waiting: a failure here is the caller's, through `answer`.
      adopted.catch(() => undefined);
      return answer;
    },
    adopt(id) {
      const current = isSigned(read()) ? read() : memory;
      if (isSigned(current)) return current === id;
      if (!isSigned(id) || issuing || adopting) return false;
      keep(id);
      return true;
    },
    forget(id) {
      if (memory === id) memory = null;
      try {
        // Only if it is still the refused one: another tab may already have stored a new id.
        if (storage?.getItem(VOTER_ID_KEY) === id) storage.removeItem(VOTER_ID_KEY);
      } catch {
        // Nothing stored to drop.
      }
    },
  };
}

/**
 * Runs a duel call with the visitor's X-Voter-Id; with `idFrom`, a tab without an id makes the call without
 * one and keeps the id its answer brings (GET /api/duels/next, ADR 0023). When the server refuses the id, it
 * is dropped and, with `retry`, the call runs once more with a fresh id; otherwise the refusal goes to the
 * caller (a vote's duel is bound to the refused id, so only a fresh duel can follow).
 */
export async function withVoterId<T>(
  ids: VoterIds,
  call: (headers: Record<string, string>) => Promise<T>,
  { retry, idFrom }: { retry: boolean; idFrom?: (answer: T) => string | null | undefined },
): Promise<T> {
  // A call whose answer can bring a fresh id goes without one when the tab has none (ADR 0023).
  const fresh = idFrom ? ids.issueWith(() => call({}), idFrom) : null;
  if (fresh) return fresh;
  const id = await ids.get();
  try {
    return await call({ [VOTER_HEADER]: id });
  } catch (error) {
    if (!(error instanceof ApiError) || !REFUSED_ID_CODES.has(error.code)) throw error;
    ids.forget(id);
    if (!retry) throw error;
    return (idFrom && ids.issueWith(() => call({}), idFrom)) || call({ [VOTER_HEADER]: await ids.get() });
  }
}

/** The browser's local storage, when the page may use it (not on the server, not when blocked). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor id this browser keeps, if it has a signed one, without asking for one: reading what a visitor
 * did (their own ranking, the votes a member may keep) needs no new id.
 */
export function storedVisitorId(storage: Storage | undefined = browserStorage()): string | null {
  try {
    const id = storage?.getItem(VOTER_ID_KEY) ?? null;
    return isSigned(id) ? id : null;
  } catch {
    return null;
  }
}

/** Drops the stored visitor id once its votes have gone to an account (or the member chose not to keep them). */
export function dropStoredVisitorId(id: string, storage: Storage | undefined = browserStorage()): void {
  try {
    if (storage?.getItem(VOTER_ID_KEY) === id) storage.removeItem(VOTER_ID_KEY);
  } catch {
    // Nothing stored to drop.
  }
}

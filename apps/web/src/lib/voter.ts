import { VOTER_HEADER } from '@manto/contracts';

/** Where a visitor's random voter id is kept (docs/ranking.md §1: the voter key of signed-out users). */
export const VOTER_ID_KEY = 'manto.voterId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A random v4 UUID; crypto.randomUUID is missing outside secure contexts (plain http on a LAN host). */
export function randomUuid(cryptoArg: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto) {
  if (typeof cryptoArg.randomUUID === 'function') return cryptoArg.randomUUID();
  const bytes = cryptoArg.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The visitor's id: read from storage, or made and stored on first use. Without usable storage
 * (private mode, blocked) the id lives for the tab only.
 */
export function createVoterIdSource(storage: Storage | undefined, makeId: () => string = () => randomUuid()) {
  let memory: string | null = null;
  return function voterId(): string {
    let stored: string | null;
    try {
      stored = storage?.getItem(VOTER_ID_KEY) ?? null;
    } catch {
      stored = null;
    }
    if (stored && UUID.test(stored)) return stored;
    memory ??= makeId();
    try {
      storage?.setItem(VOTER_ID_KEY, memory);
    } catch {
      // Storage full or blocked: keep the id in memory for this tab.
    }
    return memory;
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The app's voter id, kept in local storage under `manto.voterId`. */
export const getVoterId = createVoterIdSource(browserStorage());

/** The header duel calls carry (harmless for signed-in users, whose token decides). */
export function voterHeaders(id: string = getVoterId()): Record<string, string> {
  return { [VOTER_HEADER]: id };
}

// A script of its own, not a module of the app: the build turns this file into a small classic script
// (apps/web/build/first-screens.ts) that the server adds, async, to the home page where it does not draw
// that page itself (a member's, ADR 0039; apps/api/src/lib/spa-page.ts). It runs as soon as it arrives, long
// before the app's code, so it imports nothing. The names below are the app's; first-duel.test.ts checks
// that they still match.

/** lib/voter.ts VOTER_ID_KEY, @manto/contracts/voter VISITOR_ID_PREFIX and VOTER_HEADER. */
export const VOTER_ID_KEY = 'manto.voterId';
export const VISITOR_ID_PREFIX = 'v1.';
export const VOTER_HEADER = 'x-voter-id';
/** lib/auth-store.ts TOKENS_KEY: a member's session. */
export const TOKENS_KEY = 'manto.tokens';
/** lib/language.ts LANGUAGE_STORAGE_KEY: the language the visitor chose. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** features/duels/lib/names.ts DUEL_IMAGE_SIZES: the pictures are asked for as the duel's <img> will. */
export const DUEL_IMAGE_SIZES = '(max-width: 600px) calc(50vw - 50px), 360px';
/** Where the app takes the hand-over (features/duels/api/boot-duel.ts). */
export const FIRST_DUEL_GLOBAL = '__mantoFirstDuel';

export interface FirstDuel {
  /** When it was asked for (the app drops an answer older than its primed duels' 30 s). */
  at: number;
  /** The visitor id used: the stored one, or one the server issued now (then stored). Null if none. */
  voterId: Promise<string | null>;
  /** The raw answer of GET /api/duels/next for the global duel; the app checks it (duels-api.ts). */
  duel: Promise<unknown>;
}

interface ImageRefLike {
  src: string;
  srcSet: string;
}

const imageOf = (side: unknown): ImageRefLike | null => {
  const image = (side as { image?: unknown } | null)?.image as Partial<ImageRefLike> | null | undefined;
  return image && typeof image.src === 'string' && typeof image.srcSet === 'string'
    ? { src: image.src, srcSet: image.srcSet }
    : null;
};

/**
 * On the home page of a visitor (no member session), asks for the first global duel (with a fresh
 * visitor id in its answer if none is stored), then its two pictures, while the app's code is still on
 * its way: the duel is the page's largest paint, and these requests otherwise wait for the code to
 * arrive and run (docs/performance.md). The app takes the answer over (boot-duel.ts); anything that
 * fails here the app asks again itself.
 */
export function startFirstDuel(win: Window & typeof globalThis): void {
  const path = win.location.pathname;
  if (path !== '/app/' && path !== '/app') return;
  // Arrived after the app's code had started (boot-duel.ts marks it): the app asks for itself.
  if (FIRST_DUEL_GLOBAL in win) return;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    storage = null;
  }
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  if (read(TOKENS_KEY)) return;
  const tag = read(LANGUAGE_STORAGE_KEY) ?? win.navigator.language ?? 'pt';
  const language = tag.split(/[-_]/)[0]?.toLowerCase() === 'en' ? 'en' : 'pt';
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };

  // A stored id goes with the request; without one the server issues one with the duel (ADR 0023), so a
  // new visitor's first duel is one round trip, not two.
  const stored = read(VOTER_ID_KEY);
  const known = stored && stored.startsWith(VISITOR_ID_PREFIX) ? stored : null;
  const duel = win
    .fetch('/api/duels/next', {
      headers: known ? { ...headers, [VOTER_HEADER]: known } : headers,
      credentials: 'same-origin',
    })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json() as Promise<unknown>;
    });
  const voterId: Promise<string | null> = known
    ? Promise.resolve(known)
    : duel.then(
        (answer) => {
          const id = (answer as { voterId?: unknown } | null)?.voterId;
          if (typeof id !== 'string' || !id.startsWith(VISITOR_ID_PREFIX)) return null;
          try {
            storage?.setItem(VOTER_ID_KEY, id);
          } catch {
            // Storage full or blocked: the app keeps the id for the tab.
          }
          return id;
        },
        () => null,
      );

  // Not taken (the app failed to start): nobody waits on it.
  duel.catch(() => undefined);

  duel.then(
    (answer) => {
      const pair = (answer as { duel?: { left?: unknown; right?: unknown } | null } | null)?.duel;
      for (const image of [imageOf(pair?.left), imageOf(pair?.right)]) {
        if (!image) continue;
        const img = new win.Image();
        img.fetchPriority = 'high';
        // sizes before srcset, so the browser picks the file the duel's <img> will.
        img.sizes = DUEL_IMAGE_SIZES;
        img.srcset = image.srcSet;
        img.src = image.src;
      }
    },
    () => undefined,
  );

  (win as unknown as Record<string, FirstDuel>)[FIRST_DUEL_GLOBAL] = { at: Date.now(), voterId, duel };
}

import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { VOTER_ID_KEY, browserStorage, createVoterIds, withVoterId } from '#lib/voter.ts';
import { MEMBER_VIEWER, VIEWER_COOKIE } from '@manto/contracts/voter';
import { pickVisitorId } from '#lib/wire-shapes.ts';
import { earlyVisitorId, earlyVisitorIdPending } from './boot-duel.ts';

// Who asks for duels, without zod: the home page asks for its first duel while its code loads
// (early-duel.ts), so this part of the duels' API travels with the first screen.

const issueVisitorId = async () => {
  // The home page's early script may be getting one already (boot-duel.ts): one id, not two.
  const early = await earlyVisitorId();
  if (early) return early;
  const answer = pickVisitorId(await api.request('/duels/visitor', { method: 'POST' }));
  if (!answer) throw new ApiError(200, 'INVALID_RESPONSE', null);
  return answer.voterId;
};

/** Tells the server who votes in this browser, for the home page it draws (VIEWER_COOKIE). */
const showViewer = (visitorId: string | null) => {
  if (typeof document === 'undefined') return;
  const viewer = authStore.getState().tokens ? MEMBER_VIEWER : visitorId;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = viewer
    ? `${VIEWER_COOKIE}=${encodeURIComponent(viewer)}; path=/; max-age=31536000; samesite=lax${secure}`
    : `${VIEWER_COOKIE}=; path=/; max-age=0; samesite=lax`;
};

/** The visitor's server-issued id, kept in local storage under `manto.voterId` (docs/ranking.md §1). */
let voterIds = createVoterIds(browserStorage(), issueVisitorId, showViewer);

if (typeof window !== 'undefined') {
  const stored = () => browserStorage()?.getItem(VOTER_ID_KEY) ?? null;
  showViewer(stored());
  authStore.subscribe(() => showViewer(stored()));
}

/**
 * The server's drawing of a page (entry-server.tsx): the visitor it is drawn for, with the id their browser
 * keeps (null for a new visitor: the duel's answer brings one), and nothing kept from the page before.
 */
export function drawFor(visitorId: string | null): void {
  voterIds = createVoterIds(undefined, issueVisitorId);
  if (visitorId) voterIds.adopt(visitorId);
}

/**
 * A duel that came in a page the server drew was drawn for the visitor id its answer names (a new visitor's,
 * issued then): true when that is this browser's visitor (kept now if it had none), false when this browser
 * votes as someone else and the duel is not theirs.
 */
export const adoptDrawnVisitor = (id: string): boolean => voterIds.adopt(id);

/**
 * Members are known by their token and need no visitor id; visitors send theirs as X-Voter-Id, and the server
 * binds the duel to whoever asked. With `retry`, a refused id is replaced and the call made once more. A
 * next-duel call (`idInAnswer`) from a visitor who has none yet goes without it and keeps the one its answer
 * brings (ADR 0023), unless the home page's early script is getting one.
 */
export const asVoter = <T>(
  call: (headers: Record<string, string>) => Promise<T>,
  { retry, idInAnswer = false }: { retry: boolean; idInAnswer?: boolean },
): Promise<T> => {
  if (authStore.getState().tokens) return call({});
  const idFrom = idInAnswer && !earlyVisitorIdPending() ? idOfAnswer : undefined;
  return withVoterId(voterIds, call, { retry, ...(idFrom ? { idFrom } : {}) });
};

/** The fresh visitor id a next-duel answer brings, if any. */
const idOfAnswer = (answer: unknown): string | undefined => pickVisitorId(answer)?.voterId;

/** Who a duel is drawn for: the member's email, or 'visitor' (the duel screens key their query by it). */
export const currentViewer = (): string => authStore.getState().user?.email ?? 'visitor';

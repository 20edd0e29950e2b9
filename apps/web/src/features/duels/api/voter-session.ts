import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { createVoterIds, withVoterId } from '#lib/voter.ts';
import { pickVisitorId } from '#lib/wire-shapes.ts';
import { earlyVisitorId, earlyVisitorIdPending } from './boot-duel.ts';

// Who asks for duels, without zod: the home page asks for its first duel while its code loads
// (early-duel.ts), so this part of the duels' API travels with the first screen.

function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The visitor's server-issued id, kept in local storage under `manto.voterId` (docs/ranking.md §1). */
const voterIds = createVoterIds(browserStorage(), async () => {
  // The home page's early script may be getting one already (boot-duel.ts): one id, not two.
  const early = await earlyVisitorId();
  if (early) return early;
  const answer = pickVisitorId(await api.request('/duels/visitor', { method: 'POST' }));
  if (!answer) throw new ApiError(200, 'INVALID_RESPONSE', null);
  return answer.voterId;
});

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

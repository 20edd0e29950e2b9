import type { DuelScopeQuery } from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';
import { takeEarlyDuel } from './boot-duel.ts';
import { asVoter, currentViewer } from './voter-session.ts';

/** Older than this, a primed answer is not used: the screen asks anew (tokens live 10 minutes). */
const FRESH_MS = 30_000;

interface Primed {
  key: string;
  at: number;
  answer: Promise<unknown>;
}

let primed: Primed | null = null;

const keyOf = (scope: DuelScopeQuery, viewer: string) =>
  [scope.team ?? '', scope.model ?? '', scope.tournament ?? '', viewer].join('/');

/**
 * Asks for a scope's next duel now, while the screen's code is still loading (the router calls it
 * when the home page's code is first requested), instead of after the screen has rendered: the
 * visitor id, the duel and then its pictures no longer wait behind the code. The answer is checked
 * by the screen when it takes it (duels-api.ts, getNextDuel). A failed answer fails there, as the
 * screen's own call would have.
 */
export function primeNextDuel(scope: DuelScopeQuery): void {
  const ask = () =>
    asVoter((headers) => api.optionallyAuthorized('/duels/next', { query: definedQuery(scope), headers }), {
      retry: true,
      idInAnswer: true,
    });
  // A visitor's global duel may be on its way already, asked for by the home page's early script
  // (boot-duel.ts); if that failed, the app asks as usual.
  const viewer = currentViewer();
  const early = viewer === 'visitor' && keyOf(scope, viewer) === keyOf({}, viewer) ? takeEarlyDuel() : null;
  const answer = early ? early.answer.catch(ask) : ask();
  // Not taken (the visitor went elsewhere first): nobody waits on it, so its failure is nobody's.
  answer.catch(() => undefined);
  primed = { key: keyOf(scope, viewer), at: early?.at ?? Date.now(), answer };
}

/**
 * The primed answer for this scope and viewer, once: a duel token is single use, so every later
 * call draws a fresh duel.
 */
export function takePrimedDuel(scope: DuelScopeQuery): Promise<unknown> | null {
  const taken = primed;
  primed = null;
  if (!taken || taken.key !== keyOf(scope, currentViewer()) || Date.now() - taken.at > FRESH_MS) return null;
  return taken.answer;
}

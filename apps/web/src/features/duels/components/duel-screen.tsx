import { Stack } from '@mantine/core';
import type { DuelScopeQuery, NextDuel, SkipReason, VoteOutcome } from '@manto/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '#components/error-state.tsx';
import { NotFoundScreen } from '#components/not-found-screen.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useAuth } from '#lib/auth-store.ts';
import { useLocale } from '#lib/use-locale.ts';
import { sendVote } from '../api/duels-api.ts';
import { nextDuelQuery } from '../api/queries.ts';
import { adoptDrawnVisitor } from '../api/voter-session.ts';
import { retryClock } from '../lib/format.ts';
import { outcomeForKey } from '../lib/keyboard.ts';
import { DUEL_IMAGE_SIZES } from '../lib/names.ts';
import { preloadPair } from '#lib/preload-image.ts';
import { holdBeforeSending, holdFor, sleep } from '../lib/timing.ts';
import { classifyVoteError } from '../lib/vote-errors.ts';
import { DuelBoard } from './duel-board.tsx';
import type { AnsweredDuel } from './duel-result.tsx';
import { LimitedState } from './limited-state.tsx';

/** How long the next pair may take to arrive in the cache before it is shown anyway. */
const PRELOAD_TIMEOUT_MS = 1500;

interface DuelScreenProps {
  scope: DuelScopeQuery;
  /**
   * The scope's header. `data` is the first answer (scope names, jersey count) once it arrives, so the header
   * holds still while the pairs change; `latest` is the answer behind the pair on screen (a tournament
   * round's progress moves with every vote).
   */
  header: (data: NextDuel | undefined, latest: NextDuel | undefined) => ReactNode;
  /** What to show when the scope has fewer than two active jerseys (never an error). */
  empty: (data: NextDuel) => ReactNode;
}

/**
 * A duel screen for one scope: fetches a duel, votes (held until the server's minimum decision time, which
 * the duel carries, and a margin have passed since the pair appeared: 750 ms by default),
 * shows the result and moves to the next pair the vote's answer brought, once its images are in
 * the cache. Refused votes show the server's message and a fresh duel; a limit (429) says in plain words
 * when to try again, and a refused duel offers the ranking meanwhile (ADR 0028); nothing is a dead end.
 * The duel belongs to whoever asked, so signing in or out starts again with a new one.
 */
export function DuelScreen(props: DuelScreenProps) {
  const auth = useAuth();
  const viewer = auth.user?.email ?? 'visitor';
  const { team = '', model = '', tournament = '' } = props.scope;
  const key = `${team}/${model}/${tournament}/${viewer}`;
  return <DuelScreenFor key={key} viewer={viewer} {...props} />;
}

function DuelScreenFor({ scope, header, empty, viewer }: DuelScreenProps & { viewer: string }) {
  const { t } = useTranslation('duels');
  const locale = useLocale();
  const query = useQuery(nextDuelQuery(scope, viewer));
  const { refetch, dataUpdatedAt } = query;

  // The pair on screen: the fetched one, until a vote's answer brings the next (that answer is
  // dropped as soon as a fresh fetch lands).
  const [advanced, setAdvanced] = useState<{ base: number; next: NextDuel } | null>(null);
  const current = advanced && advanced.base === dataUpdatedAt ? advanced.next : query.data;
  const duel = current?.duel ?? null;

  const [choice, setChoice] = useState<VoteOutcome | null>(null);
  const [answered, setAnswered] = useState<AnsweredDuel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const alive = useRef(true);
  const shownAt = useRef(0);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A duel that came in the page the server drew for a new visitor names the id it was drawn for: this
  // browser's from now on, unless it already votes as another visitor (a page drawn before the server knew
  // them), whose duel this is not: a fresh one is asked for.
  const drawnFor = query.data?.voterId;
  useEffect(() => {
    if (drawnFor && !adoptDrawnVisitor(drawnFor)) void refetch();
  }, [drawnFor, refetch]);

  // The decision clock starts when a pair is on screen.
  const token = duel?.token;
  useEffect(() => {
    if (token) shownAt.current = performance.now();
  }, [token]);

  const vote = useCallback(
    async (outcome: VoteOutcome, skipReason?: SkipReason) => {
      if (!duel || sending.current) return;
      // Not this browser's duel (drawn for another visitor, above): its own is on the way, and a vote on
      // this one would only be refused.
      if (drawnFor && !adoptDrawnVisitor(drawnFor)) return;
      sending.current = true;
      setBusy(true);
      setChoice(outcome);
      const base = dataUpdatedAt;
      try {
        // Quicker than the server accepts: wait out the rest instead of showing an error.
        const hold = holdBeforeSending(shownAt.current, performance.now(), holdFor(duel.minDecisionMs));
        if (hold > 0) await sleep(hold);
        const answer = await sendVote({ token: duel.token, outcome, ...(skipReason ? { skipReason } : {}) });
        if (!alive.current) return;
        setNotice(null);
        setAnswered({ answer, left: duel.left, right: duel.right, skipReason });
        const next = answer.next.duel;
        if (next) await preloadPair([next.left.image, next.right.image], DUEL_IMAGE_SIZES, PRELOAD_TIMEOUT_MS);
        if (!alive.current) return;
        setAdvanced({ base, next: answer.next });
      } catch (error) {
        const failure = classifyVoteError(error);
        if (failure.action === 'none' || !alive.current) return;
        if (failure.action === 'limited')
          setNotice(t('limited.vote', { time: retryClock(failure.retryAfter, Date.now(), locale) }));
        else setNotice(failure.message ?? t(failure.action === 'keep' ? 'errors.network' : 'errors.fallback'));
        if (failure.action !== 'keep') await refetch();
      } finally {
        sending.current = false;
        if (alive.current) {
          setBusy(false);
          setChoice(null);
        }
      }
    },
    [duel, drawnFor, dataUpdatedAt, refetch, t, locale],
  );

  useEffect(() => {
    if (!duel) return;
    const onKey = (event: KeyboardEvent) => {
      const outcome = outcomeForKey(event);
      if (!outcome) return;
      // The arrows would scroll the page; here they vote.
      event.preventDefault();
      void vote(outcome);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [duel, vote]);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;

  let body: ReactNode;
  if (query.error instanceof ApiError && query.error.status === 429)
    body = (
      <LimitedState
        time={retryClock(query.error.retryAfter, query.errorUpdatedAt, locale)}
        onRetry={() => void refetch()}
      />
    );
  else if (query.isError) {
    const message = query.error instanceof ApiError ? (query.error.serverMessage ?? undefined) : undefined;
    body = <ErrorState message={message} onRetry={() => void refetch()} />;
  } else if (current && !current.duel) body = empty(current);
  else
    body = (
      <DuelBoard
        duel={duel}
        choice={choice}
        // While a fresh duel is on its way, the one on screen is spent or not this voter's.
        busy={busy || query.isFetching}
        answered={answered}
        notice={notice}
        teamScoped={Boolean(scope.team)}
        onVote={vote}
      />
    );

  return (
    <Stack gap="lg">
      {header(query.data, current)}
      {body}
    </Stack>
  );
}

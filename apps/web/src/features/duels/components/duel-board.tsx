import { Text } from '@mantine/core';
import type { Duel, SkipReason, VoteOutcome } from '@manto/contracts';
import { useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { jerseyName } from '#lib/names.ts';
import { detectSwipe, type TouchPoint } from '../lib/swipe.ts';
import { DuelActions } from './duel-actions.tsx';
import { DuelResult, type AnsweredDuel } from './duel-result.tsx';
import { DuelSide } from './duel-side.tsx';
import classes from './duel.module.css';

interface DuelBoardProps {
  /** Null while the first duel loads: the same layout with empty boxes. */
  duel: Duel | null;
  /** The answer being sent (highlighted until the next pair shows). */
  choice: VoteOutcome | null;
  busy: boolean;
  answered: AnsweredDuel | null;
  notice: string | null;
  /** A team's duel: captions lead with season and model. */
  teamScoped: boolean;
  onVote: (outcome: VoteOutcome, skipReason?: SkipReason) => void;
}

/** The duel as the user sees it: the pair, the answers, the hints and the last result. */
export function DuelBoard({ duel, choice, busy, answered, notice, teamScoped, onVote }: DuelBoardProps) {
  const { t } = useTranslation('duels');
  const touch = useRef<TouchPoint | null>(null);
  const disabled = busy || !duel;

  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current =
      event.touches.length === 1 && point ? { x: point.clientX, y: point.clientY, t: event.timeStamp } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    touch.current = null;
    const point = event.changedTouches[0];
    if (!start || !point || disabled) return;
    const side = detectSwipe(start, { x: point.clientX, y: point.clientY, t: event.timeStamp });
    if (side) onVote(side);
  };

  const sidePicked = choice === 'left' || choice === 'right' ? choice : null;
  return (
    <section
      className={classes.board}
      aria-label={duel ? t('duel.label', { left: jerseyName(duel.left), right: jerseyName(duel.right) }) : undefined}
      aria-busy={!duel || busy}
    >
      <div
        className={classes.pair}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => (touch.current = null)}
      >
        <DuelSide
          side="left"
          jersey={duel?.left ?? null}
          chosen={sidePicked === 'left'}
          dimmed={sidePicked === 'right'}
          busy={disabled}
          teamScoped={teamScoped}
          onChoose={() => onVote('left')}
        />
        <div className={classes.versus} aria-hidden>
          {t('duel.versus')}
        </div>
        <DuelSide
          side="right"
          jersey={duel?.right ?? null}
          chosen={sidePicked === 'right'}
          dimmed={sidePicked === 'left'}
          busy={disabled}
          teamScoped={teamScoped}
          onChoose={() => onVote('right')}
        />
      </div>

      <DuelActions
        disabled={disabled}
        chosen={choice === 'tie' || choice === 'both_bad' || choice === 'skip' ? choice : null}
        onTie={() => onVote('tie')}
        onBothBad={() => onVote('both_bad')}
        onSkip={(reason) => onVote('skip', reason)}
      />

      <DuelResult
        answered={answered}
        notice={notice}
        teamScoped={teamScoped}
        idle={
          <>
            <Text fw={700} ta="center" ff="heading" fz="lg">
              {t('duel.prompt')}
            </Text>
            <Text size="sm" c="dimmed" className={`${classes.hint} ${classes.keysOnly}`}>
              {t('duel.keysHint')}
            </Text>
            <Text size="sm" c="dimmed" className={`${classes.hint} ${classes.touchOnly}`}>
              {t('duel.swipeHint')}
            </Text>
          </>
        }
      />
    </section>
  );
}

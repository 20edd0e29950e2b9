import { Box, Group, Text } from '@mantine/core';
import type { CrowdTally, DuelJersey, RatingChange, SkipReason, VoteResult } from '@manto/contracts';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JerseyImage } from '#components/jersey-image.tsx';
import { changeTone, crowdSplit, formatChange, formatRating } from '../lib/format.ts';
import { jerseyLabel } from '../lib/names.ts';
import { jerseyName, jerseyPath } from '#lib/names.ts';
import { ShareButton } from '#components/share-button.tsx';
import classes from './duel.module.css';

/** A vote's answer together with the pair it was about (the screen already shows the next pair). */
export interface AnsweredDuel {
  answer: VoteResult;
  left: DuelJersey;
  right: DuelJersey;
  skipReason?: SkipReason | undefined;
}

interface DuelResultProps {
  answered: AnsweredDuel | null;
  /** A short message (a refused vote, offline) shown instead of the result. */
  notice: string | null;
  /** What to show before the first vote. */
  idle: ReactNode;
  teamScoped: boolean;
}

/**
 * The last vote's result, in a box whose height is reserved: who won, each jersey's live rating and
 * change, and how the crowd split on that pair (not for a tournament match while its round is open).
 * Announced politely to screen readers.
 */
export function DuelResult({ answered, notice, idle, teamScoped }: DuelResultProps) {
  return (
    <div className={classes.result} role="status" data-filled={answered || notice ? true : undefined}>
      {notice ? (
        <Text ta="center" fw={700}>
          {notice}
        </Text>
      ) : answered ? (
        <ResultBody answered={answered} teamScoped={teamScoped} />
      ) : (
        idle
      )}
    </div>
  );
}

function ResultBody({ answered, teamScoped }: { answered: AnsweredDuel; teamScoped: boolean }) {
  const { t } = useTranslation('duels');
  const { answer, left, right, skipReason } = answered;
  const outcome = answer.outcome;
  const headline =
    outcome === 'left' || outcome === 'right'
      ? t('result.chose', {
          name: (teamScoped ? (j: DuelJersey) => jerseyLabel(j, true) : jerseyName)(outcome === 'left' ? left : right),
        })
      : outcome === 'skip'
        ? skipReason
          ? t('result.skipReason', { reason: t(`duel.skipReasons.${skipReason}`) })
          : t('result.skip')
        : t(`result.${outcome}`);
  return (
    <>
      <Text fw={700} ta="center" lineClamp={1}>
        {headline}
      </Text>
      {outcome === 'skip' ? (
        <Text size="sm" c="dimmed" ta="center">
          {t('result.skipNoEffect')}
        </Text>
      ) : (
        <div className={classes.changes}>
          <ChangeLine
            side="left"
            label={jerseyLabel(left, teamScoped)}
            jersey={left}
            change={answer.left}
            picked={outcome === 'left'}
          />
          <ChangeLine
            side="right"
            label={jerseyLabel(right, teamScoped)}
            jersey={right}
            change={answer.right}
            picked={outcome === 'right'}
          />
        </div>
      )}
      {!answer.counted && outcome !== 'skip' && (
        <Text size="xs" c="dimmed" ta="center">
          {t('result.notCounted')}
        </Text>
      )}
      {answered.answer.crowd ? (
        <CrowdSplitBar crowd={answered.answer.crowd} answered={answered} teamScoped={teamScoped} />
      ) : (
        // A tournament match: its split stays hidden until the round closes (docs/tournaments.md §4).
        <Text size="xs" c="dimmed" ta="center">
          {t('result.crowdHidden')}
        </Text>
      )}
    </>
  );
}

function ChangeLine({
  side,
  label,
  jersey,
  change,
  picked,
}: {
  side: 'left' | 'right';
  label: string;
  jersey: DuelJersey;
  change: RatingChange;
  picked: boolean;
}) {
  const { t } = useTranslation('duels');
  const tone = changeTone(change.change);
  const delta = formatChange(change.change);
  return (
    <div className={classes.change} data-side={side}>
      <Box className={classes.thumb} aria-hidden>
        <JerseyImage image={jersey.image} alt="" sizes="40px" />
      </Box>
      <Box miw={0}>
        <Text size="sm" fw={picked ? 700 : 500} truncate>
          {picked && (
            <IconCheck size={14} aria-label={t('result.winner')} style={{ verticalAlign: -2, marginInlineEnd: 3 }} />
          )}
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t('result.rating', { rating: formatRating(change.rating) })}{' '}
          <Text
            component="span"
            fw={700}
            className={tone === 'up' ? classes.up : tone === 'down' ? classes.down : undefined}
            c={tone === 'flat' ? 'dimmed' : undefined}
          >
            {delta}
          </Text>
        </Text>
      </Box>
    </div>
  );
}

function CrowdSplitBar({
  crowd,
  answered,
  teamScoped,
}: {
  crowd: CrowdTally;
  answered: AnsweredDuel;
  teamScoped: boolean;
}) {
  const { t } = useTranslation('duels');
  const split = crowdSplit(crowd);
  const left = jerseyLabel(answered.left, teamScoped);
  const right = jerseyLabel(answered.right, teamScoped);
  // The crowd's pick, shared as its jersey's page naming the jersey it beat (`?contra=<team>/<jersey>`), which
  // the server describes with the duel's result and image ("X venceu Y — 63% da galera"); nothing on a draw.
  const leftLeads = crowd.leftWins > crowd.rightWins;
  const [winner, loser] = leftLeads ? [answered.left, answered.right] : [answered.right, answered.left];
  const shareable = crowd.leftWins !== crowd.rightWins;
  return (
    <Box>
      <Group justify="center" gap="xs" mb={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('result.crowd')} · {t('result.crowdVotes', { count: split.total })}
        </Text>
        {shareable && (
          <ShareButton
            path={`${jerseyPath(winner)}?contra=${encodeURIComponent(loser.team.slug)}/${encodeURIComponent(loser.slug)}`}
            text={t('result.shareText', {
              winner: jerseyName(winner),
              loser: jerseyName(loser),
              percent: leftLeads ? split.left : split.right,
            })}
            label={t('result.share')}
          />
        )}
      </Group>
      <div className={classes.crowdBar} aria-hidden>
        <div className={classes.segLeft} style={{ width: `${split.left}%` }} />
        <div className={classes.segTies} style={{ width: `${split.ties}%` }} />
        <div className={classes.segRight} style={{ width: `${split.right}%` }} />
      </div>
      <div className={classes.crowdLegend}>
        <span title={left}>
          <span className={`${classes.dot} ${classes.dotLeft}`} aria-hidden />
          {left}: <b>{crowd.leftWins}</b>
        </span>
        <span>
          <span className={`${classes.dot} ${classes.dotTies}`} aria-hidden />
          {t('result.ties', { count: crowd.ties })}
        </span>
        <span title={right}>
          <span className={`${classes.dot} ${classes.dotRight}`} aria-hidden />
          {right}: <b>{crowd.rightWins}</b>
        </span>
      </div>
    </Box>
  );
}

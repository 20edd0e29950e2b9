import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { MatchSide, TournamentMatch } from '@manto/contracts';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import { useLocale } from '#lib/use-locale.ts';
import { sideResult, type BracketSlot } from '../lib/bracket.ts';
import { formatPoints } from '../lib/format.ts';
import classes from './tournaments.module.css';
import { jerseyInTeam, jerseyPath, localName } from '#lib/names.ts';

interface MatchCardProps {
  slot: BracketSlot;
  /** 1-based position in the round, for its accessible name ("Confronto 3"). */
  n: number;
}

/**
 * One match: both jerseys with their seeds, the winner marked, and — only once the match is decided — the
 * points and votes and how it was decided (docs/tournaments.md §4: the split stays hidden while a round is
 * open). A match not drawn yet is a dashed "A definir" placeholder.
 */
export function MatchCard({ slot, n }: MatchCardProps) {
  const { t } = useTranslation('tournaments');
  const label = t('detail.match', { n });
  if (slot.kind === 'tbd')
    return (
      <li className={classes.match} data-pending aria-label={label}>
        {[0, 1].map((i) => (
          <div key={i} className={classes.side}>
            <div className={classes.tbdThumb} aria-hidden />
            <Text size="sm" c="dimmed">
              {t('detail.tbd')}
            </Text>
          </div>
        ))}
      </li>
    );

  const match = slot.kind === 'match' ? slot.match : null;
  return (
    <li className={classes.match} aria-label={label}>
      <Side side={slot.match.a} match={match} />
      <Side side={slot.match.b} match={match} />
      {match && <MatchFoot match={match} />}
    </li>
  );
}

function Side({ side, match }: { side: MatchSide; match: TournamentMatch | null }) {
  const { t } = useTranslation('tournaments');
  const locale = useLocale();
  const result = match ? sideResult(match, side) : null;
  const j = side.jersey;
  return (
    <div className={classes.side} data-result={result ?? undefined}>
      <div className={classes.thumb}>
        <JerseyImage image={j.image} alt="" sizes="40px" />
      </div>
      <div className={classes.sideBody}>
        <Link to={jerseyPath(j)} className={classes.sideLink}>
          <Text size="sm" fw={result === 'won' ? 700 : 500} truncate>
            {localName(j.team)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {jerseyInTeam(j)}
          </Text>
        </Link>
      </div>
      <div className={classes.score}>
        <Text size="xs" c="dimmed" title={t('detail.seed', { seed: side.seed })}>
          <span aria-hidden>#{side.seed}</span>
          <VisuallyHidden>{t('detail.seed', { seed: side.seed })}</VisuallyHidden>
        </Text>
        {(side.points !== null && match?.decidedBy !== 'no_votes') || result === 'won' ? (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {result === 'won' && (
              <>
                <IconCheck size={14} stroke={2.5} aria-hidden />
                <VisuallyHidden>{t('detail.winner')}</VisuallyHidden>
              </>
            )}
            {/* A match decided by the ranking had no votes: its 0–0 says nothing. */}
            {side.points !== null && match?.decidedBy !== 'no_votes' && (
              <Text size="sm" fw={700} title={t('detail.pointsLong', { points: formatPoints(locale, side.points) })}>
                <span aria-hidden>{formatPoints(locale, side.points)}</span>
                <VisuallyHidden>{t('detail.pointsLong', { points: formatPoints(locale, side.points) })}</VisuallyHidden>
              </Text>
            )}
          </Group>
        ) : null}
      </div>
    </div>
  );
}

function MatchFoot({ match }: { match: TournamentMatch }) {
  const { t } = useTranslation('tournaments');
  let text: string;
  if (!match.winnerId) text = t('detail.hidden');
  else if (match.decidedBy === 'no_votes') text = t('detail.decidedBy.no_votes');
  else {
    const votes = match.votes === null ? null : t('detail.votes', { count: match.votes });
    const note = match.decidedBy === 'draw' ? t('detail.decidedBy.draw') : null;
    text = [votes, note].filter(Boolean).join(' · ');
  }
  return (
    <div className={classes.matchFoot}>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {text}
      </Text>
    </div>
  );
}

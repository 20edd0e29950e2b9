import type { TFunction } from 'i18next';
import { movement, movementSymbol } from '../lib/format.ts';
import classes from './rankings.module.css';

/**
 * ▲3 / ▼2 / = / "novo" since the previous snapshot, with a spoken label. Plain elements and the
 * caller's `t`: the mark is drawn once per row, and a hook and a Mantine Text per row add up.
 */
export function MovementMark({
  t,
  rank,
  previousRank,
}: {
  t: TFunction<'rankings'>;
  rank: number;
  previousRank: number | null;
}) {
  const m = movement(rank, previousRank);
  const label =
    m.kind === 'up'
      ? t('movement.up', { count: m.by })
      : m.kind === 'down'
        ? t('movement.down', { count: m.by })
        : m.kind === 'same'
          ? t('movement.same')
          : t('movement.newLabel');
  const className = m.kind === 'up' ? classes.up : m.kind === 'down' ? classes.down : classes.same;
  return (
    <span className={`${classes.movement} ${className} ${classes.num}`} title={label}>
      <span aria-hidden>{m.kind === 'new' ? t('movement.new') : movementSymbol(m)}</span>
      <span className={classes.visuallyHidden}>{label}</span>
    </span>
  );
}

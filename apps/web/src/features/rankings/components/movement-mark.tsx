import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { movement, movementSymbol } from '../lib/format.ts';
import classes from './rankings.module.css';

/** ▲3 / ▼2 / = / "novo" since the previous snapshot, with a spoken label. */
export function MovementMark({ rank, previousRank }: { rank: number; previousRank: number | null }) {
  const { t } = useTranslation('rankings');
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
    <Text component="span" size="sm" fw={700} className={`${className} ${classes.num}`} title={label}>
      <span aria-hidden>{m.kind === 'new' ? t('movement.new') : movementSymbol(m)}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

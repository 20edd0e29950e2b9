import { ActionIcon, Badge, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TournamentDetail } from '@manto/contracts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawnLayout } from '#lib/hydrating.ts';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { bracketColumns, defaultRound, type BracketColumn } from '../lib/bracket.ts';
import { formatShortDateTime } from '../lib/format.ts';
import { MatchCard } from './match-card.tsx';
import classes from './tournaments.module.css';

/** The header breakpoint (docs/product.md §2): below it the bracket shows one round at a time. */
const NARROW = '(max-width: 900px)';

/**
 * The bracket (docs/tournaments.md §6): rounds as columns on wide screens, each match level with the two it
 * follows; on narrow ones one round at a time, chosen with a labelled picker.
 */
export function Bracket({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournaments');
  const narrow = useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false }) ?? false;
  // A page the server drew has the layout it guessed for the visitor's screen (both where it could not
  // guess, CSS showing one) until React has taken it over (lib/hydrating.ts, ADR 0038); then the one the
  // screen's width asks for.
  const drawn = useDrawnLayout();
  const wide = drawn ? drawn !== 'narrow' : !narrow;
  const compact = drawn ? drawn !== 'wide' : narrow;
  const columns = bracketColumns(tournament);
  // Until someone picks a round, the picker follows the tournament (the open round, then the next).
  const [picked, setPicked] = useState<number | null>(null);
  const shown = Math.min(picked ?? defaultRound(tournament), columns.length);

  const column = columns[shown - 1]!;
  return (
    <>
      <div className={drawn === 'wide' ? undefined : classes.wideOnly}>
        {wide && (
          <div className={classes.bracketScroll} role="region" aria-label={t('detail.bracketRegion')} tabIndex={0}>
            <div className={classes.bracket}>
              {columns.map((c) => (
                <RoundColumn key={c.round} column={c} />
              ))}
            </div>
          </div>
        )}
      </div>
      <div className={drawn === 'narrow' ? undefined : classes.narrowOnly}>
        {compact && (
          <Stack gap="md">
            <Group gap="xs" align="end" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('detail.previousRound')}
                disabled={shown <= 1}
                onClick={() => setPicked(shown - 1)}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Select
                label={t('detail.roundPicker')}
                data={columns.map((c) => ({ value: String(c.round), label: t(`rounds.${c.key}`) }))}
                value={String(shown)}
                onChange={(value) => value && setPicked(Number(value))}
                allowDeselect={false}
                style={{ flex: 1, minWidth: 0 }}
                comboboxProps={{ withinPortal: true }}
              />
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('detail.nextRound')}
                disabled={shown >= columns.length}
                onClick={() => setPicked(shown + 1)}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <RoundColumn column={column} stacked />
          </Stack>
        )}
      </div>
    </>
  );
}

function RoundColumn({ column, stacked = false }: { column: BracketColumn; stacked?: boolean }) {
  const { t } = useTranslation('tournaments');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const headingId = useId();
  const dates =
    column.opensAt && column.closesAt
      ? t('detail.roundDates', {
          from: formatShortDateTime(locale, timeZone, column.opensAt),
          to: formatShortDateTime(locale, timeZone, column.closesAt),
        })
      : null;
  const title = (
    <Title order={3} fz="md" id={headingId}>
      {t(`rounds.${column.key}`)}
    </Title>
  );
  const open = column.state === 'open' && (
    <Badge size="sm" variant="filled" style={{ flex: 'none' }}>
      {t('detail.roundOpen')}
    </Badge>
  );
  return (
    <section className={classes.column} aria-labelledby={headingId}>
      {stacked ? (
        // The picker above already shows the round's name: here it only names the region.
        <>
          <VisuallyHidden>{title}</VisuallyHidden>
          {(dates || open) && (
            <Group gap={6} justify="space-between" wrap="nowrap" mb="xs">
              <Text size="xs" c="dimmed">
                {dates}
              </Text>
              {open}
            </Group>
          )}
        </>
      ) : (
        <div className={classes.columnHead}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            {title}
            {open}
          </Group>
          {/* A line kept even without dates, so every column's matches start level. */}
          <Text size="xs" c="dimmed">
            {dates ?? '\u00a0'}
          </Text>
        </div>
      )}
      <ol className={stacked ? classes.stack : classes.matches}>
        {column.slots.map((slot, i) => (
          <MatchCard key={slot.kind === 'match' ? slot.match.id : `${column.round}-${i}`} slot={slot} n={i + 1} />
        ))}
      </ol>
    </section>
  );
}

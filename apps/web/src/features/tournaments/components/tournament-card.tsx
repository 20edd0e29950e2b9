import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TournamentSummary } from '@manto/contracts';
import { IconCalendarEvent, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { roundKeyOf, tournamentName } from '#lib/tournaments.ts';
import { formatDateRange, formatDateTime } from '../lib/format.ts';
import { jerseyName } from '#lib/names.ts';
import { TournamentCover } from './tournament-cover.tsx';
import classes from './tournaments.module.css';

/** A tournament in the list: cover, name, dates, size, and the current round or the champion. */
export function TournamentCard({ tournament: t }: { tournament: TournamentSummary }) {
  const { t: tr, i18n } = useTranslation('tournaments');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const name = tournamentName(t, i18n.resolvedLanguage);

  let status: React.ReactNode;
  if (t.status === 'completed' && t.champion) {
    status = (
      <Group gap={6} wrap="nowrap">
        <IconTrophy size={16} stroke={1.8} aria-hidden style={{ flex: 'none' }} />
        <Text size="sm" fw={700} lineClamp={1}>
          {tr('card.champion', { name: jerseyName(t.champion) })}
        </Text>
      </Group>
    );
  } else if (t.status === 'upcoming') {
    status = (
      <Group gap={6} wrap="nowrap">
        <IconCalendarEvent size={16} stroke={1.8} aria-hidden style={{ flex: 'none' }} />
        <Text size="sm">{tr('card.startsAt', { date: formatDateTime(locale, timeZone, t.startsAt) })}</Text>
      </Group>
    );
  } else if (t.status === 'ongoing') {
    status = (
      <Text size="sm" fw={700}>
        {t.currentRound
          ? tr('card.round', { round: tr(`rounds.${roundKeyOf(t.size, t.currentRound)}`) })
          : tr('card.between')}
      </Text>
    );
  }

  return (
    <Card component={Link} to={`/torneios/${t.slug}`} withBorder radius="lg" padding="md" className={classes.card}>
      <Card.Section>
        <TournamentCover
          cover={t.cover}
          topSeeds={t.topSeeds}
          alt={tr('card.coverAlt', { name })}
          sizes="(max-width: 600px) 92vw, 380px"
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" align="start" wrap="nowrap" gap="xs">
          <Title order={3} fz="lg" lh={1.25} lineClamp={2}>
            {name}
          </Title>
          <Badge variant="light" color="gray" style={{ flex: 'none' }}>
            {tr('jerseys', { count: t.size })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateRange(locale, timeZone, t.startsAt, t.endsAt)}
        </Text>
        {status}
      </Stack>
    </Card>
  );
}

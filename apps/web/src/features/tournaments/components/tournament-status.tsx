import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TournamentDetail } from '@manto/contracts';
import { IconArrowsLeftRight, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '#components/countdown.tsx';
import { useNow } from '#lib/countdown.ts';
import { JerseyImage } from '#components/jersey-image.tsx';
import { roundKeyOf, tournamentName } from '#lib/tournaments.ts';
import { useLocale } from '#lib/use-locale.ts';
import { useTimeZone } from '#lib/use-time-zone.ts';
import { formatDateTime } from '../lib/format.ts';
import { jerseyName, jerseyPath } from '#lib/names.ts';
import classes from './tournaments.module.css';

interface StatusProps {
  tournament: TournamentDetail;
  /** Fetches the tournament again (a round ended, the start came). */
  onDue: () => void;
}

/** What the tournament is doing now: the open round and its countdown, the start, or the champion. */
export function TournamentStatusPanel({ tournament: t, onDue }: StatusProps) {
  if (t.status === 'completed') return t.champion ? <ChampionPanel tournament={t} /> : null;
  if (t.status === 'upcoming') return <UpcomingPanel tournament={t} onDue={onDue} />;
  // Keyed by the round's end: a new round starts with a fresh panel.
  return <OngoingPanel key={t.roundClosesAt ?? 'none'} tournament={t} onDue={onDue} />;
}

function OngoingPanel({ tournament: t, onDue }: StatusProps) {
  const { t: tr } = useTranslation('tournaments');
  const closesAt = t.roundClosesAt;
  // The clock the page was drawn at while the browser takes a drawn page over (useNow).
  const now = useNow(1000, false);
  const [endedHere, setEnded] = useState(false);
  const ended = endedHere || !closesAt || Date.parse(closesAt) <= now;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {tr('detail.currentRound')}
          </Text>
          <Text fz="xl" ff="heading">
            {t.currentRound ? tr(`rounds.${roundKeyOf(t.size, t.currentRound)}`) : tr('card.between')}
          </Text>
          {closesAt && (
            <Countdown
              to={closesAt}
              label={tr('detail.roundCloses')}
              endedLabel={tr('detail.roundEnded')}
              onEnd={() => {
                setEnded(true);
                onDue();
              }}
            />
          )}
        </Stack>
        {t.currentRound && !ended && (
          <Button
            component={Link}
            to={`/torneios/${t.slug}/votar`}
            size="md"
            leftSection={<IconArrowsLeftRight size={18} aria-hidden />}
          >
            {tr('detail.vote')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function UpcomingPanel({ tournament: t, onDue }: StatusProps) {
  const { t: tr } = useTranslation('tournaments');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={4}>
        <Countdown
          to={t.startsAt}
          label={tr('detail.startsIn')}
          endedLabel={tr('detail.starting')}
          onEnd={onDue}
          size="lg"
        />
        <Text size="sm" c="dimmed">
          {tr('detail.startsAt', { date: formatDateTime(locale, timeZone, t.startsAt) })}
        </Text>
      </Stack>
    </Paper>
  );
}

function ChampionPanel({ tournament: t }: { tournament: TournamentDetail }) {
  const { t: tr, i18n } = useTranslation('tournaments');
  const champion = t.champion!;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="champion">
      <div className={classes.champion}>
        <JerseyImage image={champion.image} alt="" sizes="120px" priority />
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="nowrap">
            <IconTrophy size={20} stroke={1.8} aria-hidden />
            <Text size="sm" tt="uppercase" fw={700} id="champion">
              {tr('detail.championOf', { name: tournamentName(t, i18n.resolvedLanguage) })}
            </Text>
          </Group>
          <Title order={2} fz={{ base: 20, sm: 26 }}>
            <Anchor component={Link} to={jerseyPath(champion)} inherit c="inherit">
              {jerseyName(champion)}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {champion.supplier.name}
          </Text>
        </Stack>
      </div>
    </Paper>
  );
}

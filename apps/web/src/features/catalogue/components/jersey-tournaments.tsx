import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { JerseyTournament } from '@manto/contracts';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roundKeyOf, tournamentName } from '#lib/tournaments.ts';
import { jerseyTournamentsQuery } from '../api/queries.ts';

/**
 * The jersey page's tournaments (docs/tournaments.md §6): each one it played, its seed and how far it went.
 * Nothing at all when it played none (or while the list loads: it is a footnote, not the page).
 */
export function JerseyTournaments({ jerseyId }: { jerseyId: string }) {
  const { t } = useTranslation('tournaments');
  const query = useQuery(jerseyTournamentsQuery(jerseyId));
  if (!query.data || query.data.length === 0) return null;
  return (
    <section aria-labelledby="jersey-tournaments">
      <Title order={2} id="jersey-tournaments" fz="xl" mb="md">
        {t('jersey.title')}
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.map((entry) => (
          <TournamentRow key={entry.slug} entry={entry} />
        ))}
      </Stack>
    </section>
  );
}

function TournamentRow({ entry }: { entry: JerseyTournament }) {
  const { t, i18n } = useTranslation('tournaments');
  const round = t(`rounds.${roundKeyOf(entry.size, entry.reachedRound)}`);
  const result =
    entry.result === 'champion'
      ? t('jersey.champion')
      : entry.result === 'eliminated'
        ? t(`eliminated.${roundKeyOf(entry.size, entry.reachedRound)}`)
        : t('jersey.alive', { round });
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={`/torneios/${entry.slug}`} fw={700}>
            {tournamentName(entry, i18n.resolvedLanguage)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('jersey.seed', { seed: entry.seed, size: entry.size })}
          </Text>
        </Stack>
        <Badge
          variant={entry.result === 'champion' ? 'filled' : 'light'}
          color={entry.result === 'champion' ? undefined : 'gray'}
          leftSection={entry.result === 'champion' ? <IconTrophy size={14} aria-hidden /> : undefined}
          style={{ textTransform: 'none' }}
          size="lg"
        >
          {result}
        </Badge>
      </Group>
    </Paper>
  );
}

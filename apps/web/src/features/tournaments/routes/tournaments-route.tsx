import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { TournamentSection } from '../components/tournament-section.tsx';

/** /torneios — ongoing, upcoming and completed tournaments, each in its section (docs/tournaments.md §6). */
export function TournamentsRoute() {
  const { t } = useTranslation('tournaments');
  useDocumentTitle(t('title'));
  return (
    <Stack gap={40}>
      <Stack gap={6}>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <TournamentSection status="ongoing" />
      <TournamentSection status="upcoming" />
      <TournamentSection status="completed" />
    </Stack>
  );
}

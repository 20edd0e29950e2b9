import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { rankingExportUrl, votesExportUrl } from '../api/rankings-api.ts';

interface ExportPanelProps {
  teamSlug: string | null;
  /** The segment shown (docs/segments.md): its snapshot is the one downloaded. */
  segment?: string | undefined;
  /** False when the segment is not shown (too few voters): there is no snapshot to download. */
  withRanking?: boolean;
}

/** Open data: the scope's snapshot and every vote (anonymised), as CSV or JSON files. */
export function ExportPanel({ teamSlug, segment, withRanking = true }: ExportPanelProps) {
  const { t } = useTranslation('rankings');
  const link = (href: string, label: string, text: string) => (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={label}
    >
      {text}
    </Button>
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="open-data">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="open-data">
            {t('export.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('export.description')}
          </Text>
        </div>
        <Group gap="lg" wrap="wrap">
          {withRanking && (
            <Group gap="xs">
              <Text size="sm" fw={700}>
                {t('export.ranking')}
              </Text>
              {link(rankingExportUrl(teamSlug, 'csv', segment), t('export.rankingCsv'), 'CSV')}
              {link(rankingExportUrl(teamSlug, 'json', segment), t('export.rankingJson'), 'JSON')}
            </Group>
          )}
          <Group gap="xs">
            <Text size="sm" fw={700}>
              {t('export.votes')}
            </Text>
            {link(votesExportUrl('csv'), t('export.votesCsv'), 'CSV')}
            {link(votesExportUrl('json'), t('export.votesJson'), 'JSON')}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

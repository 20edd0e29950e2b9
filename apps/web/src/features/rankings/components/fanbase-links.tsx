import { Button, Group, Stack, Text } from '@mantine/core';
import type { Segments } from '@manto/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TeamCrest } from '#components/team-crest.tsx';
import { teamText } from '#lib/team-text.ts';
import { localName } from '#lib/names.ts';

/** Links to the fanbase rankings shown now ("O que a torcida do X acha"). */
export function FanbaseLinks({ segments }: { segments: Segments | undefined }) {
  const { t } = useTranslation('rankings');
  const fans = segments?.fans ?? [];
  if (fans.length === 0) return null;
  return (
    <Stack gap={6} component="nav" aria-label={t('segments.fanbases')}>
      <Text size="sm" fw={700}>
        {t('segments.fanbases')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {fans.map(({ team }) => (
          <Button
            key={team.id}
            component={Link}
            to={`/rankings/torcidas/${team.slug}`}
            variant="default"
            radius="xl"
            size="compact-sm"
            leftSection={<TeamCrest team={team} size={18} />}
            aria-label={t('segments.fanbaseLink', teamText(team))}
          >
            {localName(team)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

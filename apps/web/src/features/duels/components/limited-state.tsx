import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface LimitedStateProps {
  /** When to try again, as a clock shows it ("14:32"). */
  time: string;
  onRetry: () => void;
}

/**
 * The duel refused for now by a limit (429): says so in plain words with the time to come back, and offers the
 * ranking meanwhile, never a bare error (ADR 0028).
 */
export function LimitedState({ time, onRetry }: LimitedStateProps) {
  const { t } = useTranslation('duels');
  return (
    <Center py={48}>
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconHourglassHigh size={30} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {t('limited.title')}
        </Title>
        <Text c="dimmed">{t('limited.description')}</Text>
        <Text fw={600}>{t('limited.tryAt', { time })}</Text>
        <Text c="dimmed" size="sm">
          {t('limited.meanwhile')}
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/rankings" leftSection={<IconTrophy size={18} />}>
            {t('limited.ranking')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={onRetry}>
            {t('limited.retry')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

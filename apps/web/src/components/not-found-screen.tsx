import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation('common');
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Text fz={72} lh={1} ff="heading" c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz={28}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/" mt="xs">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}

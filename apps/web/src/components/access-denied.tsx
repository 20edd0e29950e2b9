import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec section 2: 'Acesso Negado' with 'Você não tem permissão para acessar esta página.' */
export function AccessDenied() {
  const { t } = useTranslation('common');
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t('accessDenied.title')}
        </Title>
        <Text c="dimmed">{t('accessDenied.description')}</Text>
        <Button component={Link} to="/" variant="default" mt="xs">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}

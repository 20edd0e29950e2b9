import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Spec section 8's empty lists ('Nenhum time encontrado', …). */
export function ManageEmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconDatabaseOff size={30} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

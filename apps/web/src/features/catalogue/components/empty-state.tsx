import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShirtOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <Center py={56}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconShirtOff size={30} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

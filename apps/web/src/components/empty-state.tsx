import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShirtOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: string | undefined;
  action?: ReactNode;
  /** Heading level: 2 on a page, 3 inside a section (Sistema lists). */
  order?: 2 | 3;
  /** The picture above the title (30 px); a jersey crossed out by default. */
  icon?: ReactNode;
}

/** Spec section 8's empty lists ('Nenhum time encontrado', 'Nenhuma camisa encontrada', …). */
export function EmptyState({ title, description, action, order = 2, icon }: EmptyStateProps) {
  return (
    <Center py={order === 2 ? 56 : 48}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          {icon ?? <IconShirtOff size={30} />}
        </ThemeIcon>
        <Title order={order} fz={order === 2 ? 'xl' : 'lg'}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

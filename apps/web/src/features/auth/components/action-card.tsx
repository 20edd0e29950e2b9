import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A profile card offering one action: a titled section, what the action does, and its button. */
export function ActionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder shadow="sm" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz={20} id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

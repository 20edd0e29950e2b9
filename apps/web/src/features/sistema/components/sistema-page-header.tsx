import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's heading (h2 under the layout's "Sistema" h1), its one-line summary and main action. */
export function SistemaPageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {action}
    </Group>
  );
}

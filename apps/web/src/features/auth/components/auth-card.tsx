import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  /** Wider cards hold two-column forms (register, profile). */
  width?: number;
}

/** The centred card every auth screen sits in. */
export function AuthCard({ title, description, icon, children, width = 460 }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} maw={width} mx="auto" w="100%">
      <Stack gap={6} mb="lg">
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden mb={4}>
            {icon}
          </ThemeIcon>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

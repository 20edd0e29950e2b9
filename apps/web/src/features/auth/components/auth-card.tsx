import { Anchor, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/** Work in progress inside a card (confirming an e-mail, finishing a social sign-in). */
export function AuthProgress({ text }: { text: string }) {
  return (
    <Stack align="center" py="md" gap="sm" role="status">
      <Loader color="primary" type="dots" aria-hidden />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

/** "No account yet? Register" under a form: the way to the other auth screen. */
export function AuthSwitch({ question, link, to }: { question: string; link: string; to: string }) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {question}{' '}
      <Anchor component={Link} to={to} fw={700}>
        {link}
      </Anchor>
    </Text>
  );
}

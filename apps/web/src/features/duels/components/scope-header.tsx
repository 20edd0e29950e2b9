import { Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

interface ScopeHeaderProps {
  crumbs?: Crumb[];
  /** Null while the scope's name is not known yet. */
  title: string | null;
  subtitle?: string | undefined;
  /** Active jerseys in the scope, when known. */
  jerseysCount?: number | undefined;
  /** Links and selectors on the right (wrapping below on phones). */
  aside?: ReactNode;
  /** A mark before the title (the team's crest). */
  mark?: ReactNode;
}

/** A duel scope's title, with the way back up (global › teams › team › model). */
export function ScopeHeader({ crumbs, title, subtitle, jerseysCount, aside, mark }: ScopeHeaderProps) {
  const { t } = useTranslation('duels');
  return (
    <Stack gap={6}>
      {crumbs && crumbs.length > 0 && (
        <nav aria-label={t('scope.breadcrumbs')}>
          <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 2 }}>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="end" gap="sm" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 320px' }}>
          {mark}
          <Stack gap={2} miw={0}>
            {title === null ? (
              <Skeleton height={34} width={260} aria-hidden />
            ) : (
              <Title order={1} fz={{ base: 24, sm: 34 }} lh={1.15}>
                {title}
              </Title>
            )}
            {(subtitle || jerseysCount !== undefined) && (
              <Text c="dimmed" size="sm">
                {subtitle}
                {subtitle && jerseysCount !== undefined ? ' · ' : ''}
                {jerseysCount !== undefined ? t('scope.jerseys', { count: jerseysCount }) : ''}
              </Text>
            )}
          </Stack>
        </Group>
        {aside}
      </Group>
    </Stack>
  );
}

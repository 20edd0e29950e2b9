import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { CollectionStanding, JerseySummary } from '@manto/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '#lib/intl-format.ts';
import { jerseyName, jerseyPath } from '#lib/names.ts';
import { useLocale } from '#lib/use-locale.ts';
import { JerseyImage } from './jersey-image.tsx';
import classes from './collection-list.module.css';

export interface CollectionListItem {
  jersey: JerseySummary;
  standing: CollectionStanding;
}

/**
 * A list of a member's jerseys (their profile's "Tenho" and "Quero", a public collection): the picture, the
 * name linking to the jersey's page and its place in the global ranking now; `details` and `action` add what
 * the screen shows beside them (the size and target price, a remove button).
 */
export function CollectionList<T extends CollectionListItem>({
  items,
  details,
  action,
}: {
  items: T[];
  details?: (item: T) => ReactNode;
  action?: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const n = numberFormat(useLocale(), { maximumFractionDigits: 0 });
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item.jersey.id} className={classes.item}>
          <Group wrap="nowrap" gap="sm" align="center">
            <Box className={classes.thumb}>
              <JerseyImage image={item.jersey.image} alt="" sizes="56px" placeholder={item.jersey.mainColor} />
            </Box>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Anchor component={Link} to={jerseyPath(item.jersey)} fw={700} size="sm" lineClamp={2}>
                {jerseyName(item.jersey)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.standing
                  ? t('collection.rank', { rank: n.format(item.standing.rank), of: n.format(item.standing.of) })
                  : t('collection.unranked')}
              </Text>
              {details?.(item)}
            </Stack>
            {action?.(item)}
          </Group>
        </li>
      ))}
    </ul>
  );
}

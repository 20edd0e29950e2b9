import { Anchor, Box, Text } from '@mantine/core';
import type { JerseySummary } from '@manto/contracts';
import { Link } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import classes from './rankings.module.css';

/** A small square jersey picture; decorative, the link next to it names the jersey. */
export function JerseyThumb({
  jersey,
  size = 48,
  priority = false,
}: {
  jersey: JerseySummary;
  size?: number;
  priority?: boolean;
}) {
  return (
    <Box w={size} className={classes.thumb}>
      <JerseyImage image={jersey.image} alt="" sizes={`${size}px`} priority={priority} />
    </Box>
  );
}

export const jerseyPath = (j: Pick<JerseySummary, 'slug' | 'team'>) => `/camisas/time/${j.team.slug}/${j.slug}`;

export const jerseyName = (j: Pick<JerseySummary, 'team' | 'modelYear' | 'model'>) =>
  `${j.team.name} ${j.modelYear} · ${j.model.name}`;

/** The link that names a ranked jersey: year (and team, in the global ranking), model and supplier. */
export function JerseyNameLink({ jersey, showTeam }: { jersey: JerseySummary; showTeam: boolean }) {
  return (
    <Anchor component={Link} to={jerseyPath(jersey)} className={classes.jerseyLink} underline="never">
      <Text component="span" display="block" fw={700} size="sm" truncate className={classes.jerseyName}>
        {showTeam ? `${jersey.team.name} ${jersey.modelYear}` : jersey.modelYear}
      </Text>
      <Text component="span" display="block" size="xs" c="dimmed" truncate>
        {jersey.model.name} · {jersey.supplier.name}
      </Text>
    </Anchor>
  );
}

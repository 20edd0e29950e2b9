import { Box } from '@mantine/core';
import type { JerseySummary } from '@manto/contracts';
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

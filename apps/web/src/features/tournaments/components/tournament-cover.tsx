import { ThemeIcon } from '@mantine/core';
import type { ImageRef, JerseySummary } from '@manto/contracts';
import { IconTrophy } from '@tabler/icons-react';
import { JerseyImage } from '#components/jersey-image.tsx';
import classes from './tournaments.module.css';

interface TournamentCoverProps {
  cover: ImageRef | null;
  topSeeds: JerseySummary[];
  /** The cover's description (the seeds' pictures are decoration: the card names the tournament). */
  alt: string;
  sizes: string;
  priority?: boolean;
}

/** The tournament's cover, or its top seeds' jerseys side by side, or a trophy before the draw. */
export function TournamentCover({ cover, topSeeds, alt, sizes, priority = false }: TournamentCoverProps) {
  return (
    <div className={classes.cover}>
      {cover ? (
        <img
          className={classes.coverImage}
          src={cover.src}
          srcSet={cover.srcSet}
          sizes={sizes}
          width={cover.width}
          height={cover.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : topSeeds.length > 0 ? (
        <div className={classes.seeds} aria-hidden>
          {topSeeds.slice(0, 4).map((jersey) => (
            <div key={jersey.id} className={classes.seed}>
              <JerseyImage image={jersey.image} alt="" sizes="96px" tint="transparent" />
            </div>
          ))}
        </div>
      ) : (
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconTrophy size={30} />
        </ThemeIcon>
      )}
    </div>
  );
}

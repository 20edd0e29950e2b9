import type { JerseySummary } from '@manto/contracts';
import { Link } from 'react-router';
import { JerseyImage } from '#components/jersey-image.tsx';
import classes from './rankings.module.css';
import { jerseyPath, jerseyShortName, localName } from '#lib/names.ts';

// Plain elements, not Mantine's Box, Anchor and Text: the ranking draws these once per row.

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
    <div className={classes.thumb} style={{ width: size }}>
      <JerseyImage image={jersey.image} alt="" sizes={`${size}px`} priority={priority} placeholder={jersey.mainColor} />
    </div>
  );
}

/** The link that names a ranked jersey: year (and team, in the global ranking), model and supplier. */
export function JerseyNameLink({ jersey, showTeam }: { jersey: JerseySummary; showTeam: boolean }) {
  return (
    // mantine-focus-auto: the focus ring of Mantine's own links.
    <Link to={jerseyPath(jersey)} className={`${classes.jerseyLink} mantine-focus-auto`}>
      <span className={`${classes.jerseyName} ${classes.truncate}`}>
        {showTeam ? jerseyShortName(jersey) : jersey.modelYear}
      </span>
      <span className={`${classes.small} ${classes.truncate}`}>
        {localName(jersey.model)} · {jersey.supplier.name}
      </span>
    </Link>
  );
}

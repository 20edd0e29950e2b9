import type { JerseySummary } from '@manto/contracts';
import { jerseyInTeam, jerseyShortName } from '#lib/names.ts';

/**
 * The short label of a jersey where space is tight (result lines, crowd legend): inside a team's
 * duel every jersey shares the team, so the season and model tell them apart.
 */
export function jerseyLabel(j: Pick<JerseySummary, 'team' | 'model' | 'modelYear'>, teamScoped: boolean): string {
  return teamScoped ? jerseyInTeam(j) : jerseyShortName(j);
}

/**
 * The image `sizes` of the duel pictures; the preloader uses the same, so both pick one file. On a
 * phone each picture is half the width less the page's padding, the "vs" mark and the card's
 * padding (153 px of a 412 px screen; duel.module.css): said as 45vw, a 2× phone took the 640 px
 * file for a 320 px need.
 */
export const DUEL_IMAGE_SIZES = '(max-width: 600px) calc(50vw - 50px), 360px';

import archivoBlack400 from '../styles/fonts/archivo-black-latin-400-normal.woff2?url';
import play400 from '../styles/fonts/play-latin-400-normal.woff2?url';
import play700 from '../styles/fonts/play-latin-700-normal.woff2?url';

/**
 * The app's web fonts, Latin only (Portuguese and English): @fontsource's files without their hinting
 * instructions, half their size (scripts/unhint-fonts.sh).
 */
const FACES = [
  { family: 'Play', weight: '400', url: play400 },
  { family: 'Play', weight: '700', url: play700 },
  { family: 'Archivo Black', weight: '400', url: archivoBlack400 },
];

/**
 * Declares the web fonts and starts their loads. From the app's code rather than its stylesheet: a page the
 * server drew paints first in their stand-ins of the same size (styles/fonts.css), then the fonts take their
 * place without moving a line, and they never hold or share the network with that first paint
 * (docs/perf/first-screen.md).
 */
export function loadWebFonts(): void {
  for (const { family, weight, url } of FACES) {
    const face = new FontFace(family, `url(${url}) format('woff2')`, { weight, style: 'normal', display: 'swap' });
    document.fonts.add(face);
    void face.load();
  }
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readFace } from '#lib/glyphs.ts';
import type { CardFonts } from './card-svg.ts';

const require = createRequire(import.meta.url);

/**
 * The web's own font files (@fontsource: Archivo Black for headings, Play for body text; SIL Open Font
 * License), Latin first and Latin Extended for the letters it lacks. The share images draw their text from
 * these outlines, not from the machine's fonts (lib/glyphs.ts).
 */
const FILES = {
  heading: ['@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff', 'latin-ext'],
  body: ['@fontsource/play/files/play-latin-400-normal.woff', 'latin-ext'],
  bold: ['@fontsource/play/files/play-latin-700-normal.woff', 'latin-ext'],
} as const;

async function font(file: string, extended: string) {
  const files = [file, file.replace('-latin-', `-${extended}-`)];
  return Promise.all(files.map(async (f) => readFace(await readFile(require.resolve(f)))));
}

let loading: Promise<CardFonts> | null = null;

/** The three typefaces, read once per process. */
export function cardFonts(): Promise<CardFonts> {
  loading ??= (async () => {
    const [heading, body, bold] = await Promise.all(Object.values(FILES).map(([file, ext]) => font(file, ext)));
    return { heading: heading!, body: body!, bold: bold! };
  })();
  loading.catch(() => (loading = null));
  return loading;
}

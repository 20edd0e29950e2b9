import type { Plugin } from 'vite';

/** The faces the page's own shell is set in (src/styles/fonts.css): the brand and a first screen's title, and its subtitle. */
const SHELL_FONTS = [
  { file: /^assets\/archivo-black-latin-400-normal-[\w-]+\.woff2$/, family: 'Archivo Black', weight: 400 },
  { file: /^assets\/play-latin-400-normal-[\w-]+\.woff2$/, family: 'Play', weight: 400 },
];

/**
 * Declares the shell's font faces in index.html itself: the brand the page paints before the
 * stylesheets arrive (stylesAfterShell), and a first screen's heading (spa-page.ts), are set in them, as
 * @fontsource declares them. Build only: the files get their hashed names here. A face is fetched when
 * the page first draws text in it. No font is preloaded from the page: Chromium holds a page's first
 * paint for the fonts it preloads, so the header waited for 32 kB of fonts; the entry starts their
 * loads instead (main.tsx; docs/perf/first-screen.md).
 */
export function shellFontFaces(): Plugin {
  let base = '/';
  return {
    name: 'manto-shell-font-faces',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        const faces = SHELL_FONTS.flatMap(({ file, family, weight }) => {
          const found = files.find((name) => file.test(name));
          return found
            ? [
                `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${base}${found}) format('woff2')}`,
              ]
            : [];
        });
        return faces.length ? [{ tag: 'style', children: faces.join(''), injectTo: 'head' as const }] : [];
      },
    },
  };
}

import type { Plugin } from 'vite';

/**
 * Moves the page's stylesheets from <head> to between the header index.html draws (#boot-shell, styled
 * inline) and #root. The header then paints as soon as the page arrives instead of after ≈ 30 kB gzip
 * of Mantine CSS; the app's own render still waits for every stylesheet (the scripts run only once no
 * stylesheet blocks them), so nothing shows unstyled; and Mantine's theme variables, which React
 * writes inside #root, still come after its stylesheet and win (docs/performance.md).
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'manto-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        if (links.length === 0) return html;
        if (!/<div id="boot-shell"[\s\S]*<div id="root">/.test(rest)) {
          throw new Error('styles after shell: index.html needs #boot-shell before #root');
        }
        return rest.replace(/([ \t]*)<div id="root">/, (_m, indent: string) =>
          [...links, '<div id="root">'].map((line) => `${indent}${line}`).join('\n'),
        );
      },
    },
  };
}

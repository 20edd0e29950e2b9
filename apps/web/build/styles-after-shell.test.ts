import { describe, expect, it } from 'vitest';
import { callHook } from './call-hook.ts';
import { stylesAfterShell } from './styles-after-shell.ts';

const transform = (html: string) => callHook(stylesAfterShell(), 'transformIndexHtml', {}, html);

describe('stylesAfterShell', () => {
  it('moves every stylesheet from <head> to just before #root, after the boot shell, in their order', () => {
    const html = `<html>
  <head>
    <link rel="icon" href="/app/favicon.svg">
    <script type="module" crossorigin src="/app/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/app/assets/ui-shell-abc.css">
    <link rel="stylesheet" crossorigin href="/app/assets/index-abc.css">
  </head>
  <body>
    <div id="boot-shell"><header>Manto</header></div>
    <div id="root"></div>
  </body>
</html>`;
    expect(transform(html)).toBe(`<html>
  <head>
    <link rel="icon" href="/app/favicon.svg">
    <script type="module" crossorigin src="/app/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="boot-shell"><header>Manto</header></div>
    <link rel="stylesheet" crossorigin href="/app/assets/ui-shell-abc.css">
    <link rel="stylesheet" crossorigin href="/app/assets/index-abc.css">
    <div id="root"></div>
  </body>
</html>`);
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<html><body><div id="root"></div></body></html>';
    expect(transform(html)).toBe(html);
  });

  it('fails the build when the page has no boot shell before #root', () => {
    const html = `<html>
  <head>
    <link rel="stylesheet" href="/app/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <div id="boot-shell"></div>
  </body>
</html>`;
    expect(() => transform(html)).toThrow('styles after shell: index.html needs #boot-shell before #root');
  });
});

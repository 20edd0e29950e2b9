import { describe, expect, it } from 'vitest';
import { withDrawnPage } from './server-page.ts';

const PAGE = `<!doctype html>
<html lang="pt">
  <head>
    <link rel="preload" as="style" crossorigin fetchpriority="low" href="/app/assets/terms.css">
  </head>
  <body>
    <!-- boot-shell: note -->
    <div id="boot-shell" class="boot-header"><div class="boot-inner">Manto</div></div>
    <!-- /boot-shell -->
    <div id="root"></div>
  </body>
</html>`;

describe('a page the server drew, in its SPA page', () => {
  const drawn = {
    status: 200,
    html: '<main><h1>Manto terms of use</h1></main>',
    state: '{"queries":[{"x":"</script><b>"}]}',
  };
  const page = withDrawnPage(PAGE, drawn, 'en');

  it('holds the markup in #root, in the page’s language, without the static header', () => {
    expect(page).toContain('<div id="root"><main><h1>Manto terms of use</h1></main></div>');
    expect(page).toContain('<html lang="en">');
    expect(page).not.toContain('boot-shell');
  });

  it('links the route’s styles as stylesheets, so the markup paints styled', () => {
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/app/assets/terms.css">');
    expect(page).not.toContain('rel="preload" as="style"');
  });

  it('carries the answers as data that cannot close its element, and sets the colour scheme first', () => {
    const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(state).toBe('{"queries":[{"x":"\\u003c/script>\\u003cb>"}]}');
    expect(JSON.parse(state!)).toEqual(JSON.parse(drawn.state));
    expect(page.indexOf('data-mantine-color-scheme')).toBeLessThan(page.indexOf('</head>'));
  });
});

import { describe, expect, it } from 'vitest';
import { keptFor, withDrawnPage } from './server-page.ts';

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
    expect(page).toContain('<html lang="en" data-mantine-color-scheme="light">');
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

describe('drawn pages kept a few seconds', () => {
  it('draws a page once for a burst of visitors, again once it is old, apart per language', async () => {
    let clock = 0;
    const drawn: string[] = [];
    const draw = keptFor(
      5_000,
      async (url, language) => (drawn.push(`${language} ${url}`), { status: 200, html: url, state: '{}' }),
      () => clock,
    );
    await Promise.all([draw('/app/termos', 'pt', '10.0.0.1'), draw('/app/termos', 'pt', '10.0.0.2')]);
    await draw('/app/termos', 'en', '10.0.0.1');
    clock = 4_999;
    await draw('/app/termos', 'pt', '10.0.0.3');
    expect(drawn).toEqual(['pt /app/termos', 'en /app/termos']);
    clock = 5_000;
    await draw('/app/termos', 'pt', '10.0.0.3');
    expect(drawn).toEqual(['pt /app/termos', 'en /app/termos', 'pt /app/termos']);
  });
});

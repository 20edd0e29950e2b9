import { describe, expect, it } from 'vitest';
import {
  DRAWN_PAGE_MS,
  type PageFetch,
  type PageRenderer,
  drawPages,
  screenGuess,
  withDrawnPage,
} from './server-page.ts';

const PAGE = `<!doctype html>
<html lang="pt">
  <head>
    <script type="module" crossorigin src="/app/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/app/assets/react.js">
    <link rel="preload" as="style" crossorigin fetchpriority="low" href="/app/assets/terms.css">
    <link rel="preload" as="fetch" crossorigin href="/app/locales/en/common.json">
    <style>@font-face{font-family:'Play';src:url(/app/assets/play.woff2) format('woff2')}.brand{color:red}</style>
  </head>
  <body>
    <!-- boot-shell: note -->
    <div id="boot-shell" class="boot-header"><div class="boot-inner">Manto</div></div>
    <!-- /boot-shell -->
    <link rel="stylesheet" crossorigin href="/app/assets/shell.css">
    <div id="root"></div>
  </body>
</html>`;

describe('a page the server drew, in its SPA page', () => {
  const drawn = {
    status: 200,
    html: '<main><h1>Manto terms of use</h1></main>',
    state: '{"queries":[{"x":"</script><b>"}]}',
    personal: false,
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

  it('writes the styles it knows in the page, their links kept disabled for the app’s loader', () => {
    const styles: Record<string, string> = { '/app/assets/terms.css': 'h1{color:red}</style>' };
    const inlined = withDrawnPage(PAGE, drawn, 'en', (href) => styles[href]);
    expect(inlined).toContain(
      '<style>h1{color:red}<\\/style></style><link rel="stylesheet" crossorigin href="/app/assets/terms.css" disabled>',
    );
    expect(inlined).toContain('<link rel="stylesheet" crossorigin href="/app/assets/shell.css">');
  });

  it('asks for the app’s code and translations only from an inert template, after the page has painted', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('/app/assets/index.js');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('/app/locales/');
    const template = /<template id="app-code">([\s\S]*?)<\/template><script>([\s\S]*?)<\/script>/.exec(page);
    expect(template?.[1]).toBe(
      '<script type="module" crossorigin src="/app/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/app/assets/react.js">' +
        '<link rel="preload" as="fetch" crossorigin href="/app/locales/en/common.json">',
    );
    // Added to the head as they are.
    expect(template?.[2]).toContain('n.textContent=e.textContent');
    expect(template?.[2]).toContain("getEntriesByName('first-contentful-paint')");
    expect(page.indexOf('id="ssr-state"')).toBeLessThan(page.indexOf('id="app-code"'));
  });

  it('declares its web fonts before the first paint only where the browser holds them, and fetches them for later', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    // Not in a style of the head: an inert template, for the head's script to declare.
    expect(head.replace(/<template id="web-fonts"[\s\S]*?<\/template>/, '')).not.toContain('@font-face');
    // The rest of a style that declared a font stays where it was.
    expect(head).toContain('<style>.brand{color:red}</style>');
    const fonts =
      /<template id="web-fonts" data-fonts="([\w-]{12})">([\s\S]*?)<\/template><script>([\s\S]*?)<\/script><\/head>/.exec(
        page,
      );
    expect(fonts?.[2]).toBe(
      "<style>@font-face{font-family:'Play';src:url(/app/assets/play.woff2) format('woff2')}</style>",
    );
    // Declared where this set of files was noted as held; a changed set has another name.
    expect(fonts?.[3]).toContain("localStorage.getItem('manto-fonts')===t.getAttribute('data-fonts')");
    const other = withDrawnPage(PAGE.replace('play.woff2', 'play-2.woff2'), drawn, 'en');
    expect(other).not.toContain(`data-fonts="${fonts?.[1]}"`);
    // Noted once fetched, after the paint, with the app's code.
    expect(page).toMatch(/fetch\(u,\{priority:'low'\}\)[^<]*localStorage\.setItem\('manto-fonts'/);
  });

  it('carries the answers as data that cannot close its element, and sets the colour scheme first', () => {
    const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(state).toBe('{"queries":[{"x":"\\u003c/script>\\u003cb>"}]}');
    expect(JSON.parse(state!)).toEqual(JSON.parse(drawn.state));
    expect(page.indexOf('data-mantine-color-scheme')).toBeLessThan(page.indexOf('</head>'));
  });
});

/** A renderer whose pages show the answer of one API call, and what it drew for whom. */
function renderer(drawn: string[]): PageRenderer {
  return {
    isPersonalPage: (pathname) => pathname === '/app/',
    async render({ url, language, fetch, visitorId, screen }) {
      drawn.push(`${language} ${url} ${visitorId ?? '-'}${screen ? ` ${screen}` : ''}`);
      const answer = await (await fetch('/api/answer', { headers: { 'accept-language': language } })).text();
      return { status: 200, html: `${url}: ${answer}`, state: '{}', personal: url === '/app/' };
    },
  };
}

describe('drawn pages, kept while their answers stand', () => {
  let answer = 'first';
  const asked: string[] = [];
  const fetchFor =
    (address: string): PageFetch =>
    async (path) => (asked.push(`${address} ${path}`), new Response(answer));

  it('draws a page once for a burst of visitors, again when an answer changed or it is old, apart per language', async () => {
    let clock = 0;
    const drawn: string[] = [];
    const draw = drawPages(renderer(drawn), fetchFor, { shop: false, now: () => clock });
    const visit = (url: string, language: 'pt' | 'en' = 'pt', address = '10.0.0.1') =>
      draw({ url, language, address, viewer: null, screen: null });
    const [a, b] = await Promise.all([visit('/app/termos'), visit('/app/termos', 'pt', '10.0.0.2')]);
    expect(a?.html).toBe('/app/termos: first');
    expect(b).toBe(a);
    await visit('/app/termos', 'en');
    clock = DRAWN_PAGE_MS - 1;
    expect((await visit('/app/termos', 'pt', '10.0.0.3'))?.html).toBe('/app/termos: first');
    expect(drawn).toEqual(['pt /app/termos -', 'en /app/termos -']);
    // The answer it was drawn from changed: drawn again, at once.
    answer = 'second';
    expect((await visit('/app/termos'))?.html).toBe('/app/termos: second');
    expect(drawn).toHaveLength(3);
    // Unchanged but old (its clocks would be): drawn again.
    clock = DRAWN_PAGE_MS * 2;
    await visit('/app/termos');
    expect(drawn).toHaveLength(4);
    // Drawn for a phone, and for a wider screen: two pages.
    await draw({ url: '/app/termos', language: 'pt', address: '10.0.0.1', viewer: null, screen: 'narrow' });
    await draw({ url: '/app/termos', language: 'pt', address: '10.0.0.1', viewer: null, screen: 'narrow' });
    await draw({ url: '/app/termos', language: 'pt', address: '10.0.0.1', viewer: null, screen: 'wide' });
    expect(drawn.slice(4)).toEqual(['pt /app/termos - narrow', 'pt /app/termos - wide']);
    // The calls are made on behalf of whoever asked.
    expect(asked).toContain('10.0.0.3 /api/answer');
  });

  it('draws the home page for each visitor with their id, and leaves a member’s to the browser', async () => {
    const drawn: string[] = [];
    const draw = drawPages(renderer(drawn), fetchFor, { shop: false });
    const home = (viewer: string | null) =>
      draw({ url: '/app/', language: 'pt', address: '10.0.0.1', viewer, screen: null });
    expect((await home('v1.abc'))?.personal).toBe(true);
    await home('v1.abc');
    await home(null);
    // Not a visitor id the server could have signed: drawn as for a new visitor.
    await home('forged');
    expect(await home('member')).toBeNull();
    expect(drawn).toEqual(['pt /app/ v1.abc', 'pt /app/ v1.abc', 'pt /app/ -', 'pt /app/ -']);
  });
});

describe('the visitor’s screen, guessed from the request', () => {
  it('reads Chromium’s mobile hint first, then a phone’s user agent, and does not guess without either', () => {
    expect(screenGuess({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe('narrow');
    expect(screenGuess({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' })).toBe(
      'wide',
    );
    expect(screenGuess({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' })).toBe(
      'narrow',
    );
    expect(screenGuess({ 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15' })).toBe('wide');
    expect(screenGuess({})).toBeNull();
  });
});

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Language } from '@manto/contracts';
import { WEB_FONTS_KEY } from '@manto/contracts/constants';
import { MEMBER_VIEWER, VISITOR_ID_PREFIX } from '@manto/contracts/voter';
import type { FastifyInstance } from 'fastify';

/** A public page as the web's server renderer drew it (apps/web/src/entry-server.tsx). */
export interface DrawnPage {
  status: number;
  /** The app's markup, for #root. */
  html: string;
  /** The query cache it was drawn from, as JSON. */
  state: string;
  /** Drawn for one visitor (the home page's duel): never kept for, or shown to, another. */
  personal: boolean;
}

/** How a drawn page's API calls are answered. */
export type PageFetch = (path: string, init: RequestInit) => Promise<Response>;

/** The visitor's screen as guessed from the request (screenGuess): a phone's or a wider one. */
export type ScreenGuess = 'narrow' | 'wide';

export interface PageRenderer {
  render(input: {
    url: string;
    language: Language;
    fetch: PageFetch;
    shop: boolean;
    visitorId: string | null;
    /** Where a screen has a phone's layout and a wider one, the one to draw; null draws both. */
    screen: ScreenGuess | null;
  }): Promise<DrawnPage | null>;
  /** Whether the page at this path is drawn for one visitor. */
  isPersonalPage(pathname: string): boolean;
}

/** The web build's server renderer (apps/web/dist-server), or null when the build has none. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * Sets the page's colour scheme before its first paint, as the app's Mantine will (its stored
 * 'manto-color-scheme', else the system's): a drawn page is styled for the right scheme from the start,
 * and its light- or dark-only elements are shown or hidden before the app's code runs. Inline, so the
 * page's CSP names its hash.
 */
const COLOR_SCHEME_SCRIPT =
  "try{var s=localStorage.getItem('manto-color-scheme');" +
  "if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}";

/**
 * The web fonts of a drawn page, in its head before its first paint where this browser already holds them
 * (withDrawnPage): their faces wait in an inert template, and are declared when the browser has noted that it
 * fetched this set of files (APP_CODE_SCRIPT). Declared, they come from its cache for the first paint (and,
 * `font-display: optional`, are left out of the page if they do not come in time). Elsewhere the page keeps
 * their stand-ins of the same size (styles/fonts.css): a font that arrives after the text has painted would
 * move whatever it wraps differently. Inline, so the page's CSP names its hash.
 */
const WEB_FONTS_SCRIPT =
  "try{var t=document.getElementById('web-fonts');" +
  `if(t&&localStorage.getItem('${WEB_FONTS_KEY}')===t.getAttribute('data-fonts')){` +
  "var s=document.createElement('style');s.textContent=t.content.textContent;document.head.appendChild(s);t.remove()}}catch(e){}";

/**
 * Starts the app's code once the drawn page has painted (withDrawnPage): its script and preloads wait in an
 * inert template, and are added to the head when the browser reports the page's first contentful paint, or a
 * second after the document is parsed where it reports none (a tab in the background, an older browser).
 * The script first, then its preloads, in tasks of at most about 4 ms: each tag starts a request, and the
 * thirty or so of a page took 35–60 ms in one task on this machine, four times that on Lighthouse's phone
 * (where a task counts as long from 12.5 ms here; 8 ms budgets ran to 12–15 ms, the last tag overrunning).
 * The web fonts the page was drawn without are then fetched at low priority, for the next pages, and noted
 * as held once all have come (WEB_FONTS_SCRIPT). Inline, so the page's CSP names its hash.
 */
const APP_CODE_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  "var t=document.getElementById('app-code');if(!t)return;" +
  'var tags=Array.prototype.slice.call(t.content.children);t.remove();' +
  '(function add(){var until=Date.now()+4;while(tags.length&&Date.now()<until){var e=tags.shift(),n=document.createElement(e.tagName);' +
  'Array.prototype.forEach.call(e.attributes,function(a){n.setAttribute(a.name,a.value)});' +
  'n.textContent=e.textContent;document.head.appendChild(n)}' +
  'tags.length?setTimeout(add,0):fetchFonts()})()}' +
  "function fetchFonts(){var f=document.getElementById('web-fonts');if(!f)return;" +
  'var files={},left=0;(f.content.textContent.match(/url\\([^)]+\\)/g)||[]).forEach(function(u){' +
  "u=u.slice(4,-1).replace(/[\"']/g,'');if(files[u])return;files[u]=1;left++;" +
  `fetch(u,{priority:'low'}).then(function(r){if(r.ok&&--left===0)localStorage.setItem('${WEB_FONTS_KEY}',f.getAttribute('data-fonts'))})` +
  '.catch(function(){})})}' +
  "function parsed(){setTimeout(start,1000);try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()})" +
  ".observe({type:'paint',buffered:true})}catch(e){start()}}" +
  "document.readyState==='loading'?document.addEventListener('DOMContentLoaded',parsed):parsed()})()";

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP sources that allow a drawn page's inline scripts (the colour scheme, the web fonts, the app's code). */
export const DRAWN_PAGE_SCRIPT_SOURCES = [COLOR_SCHEME_SCRIPT, WEB_FONTS_SCRIPT, APP_CODE_SCRIPT].map(sha256).join(' ');

/** JSON inside a script element: `<` escaped, so the text can never close the element. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/** A built stylesheet's text by its address (`/app/assets/…css`), or undefined where it is not known. */
export type StyleText = (href: string) => string | undefined;

/**
 * The SPA page with a page the server drew (ADR 0038): its markup in #root, the answers it was drawn from
 * beside it for the browser's query cache (data, not a script: the CSP runs none of it), the document in
 * the page's language with its colour scheme set before it paints (light where no script runs: Mantine's
 * colours hang on the attribute), and in place of index.html's static header (the app's own is in the
 * markup) the route's styles.
 *
 * The document alone paints the page; the app's code follows it (docs/perf/first-screen.md):
 * - each stylesheet's text is written in the page where its link was, so the markup paints styled with no
 *   request after the document's. The link stays, disabled (never fetched), so the app's loader knows the
 *   file is in place when a later route asks for it;
 * - the app's script and its preloads are asked for once the page has painted (APP_CODE_SCRIPT): the page
 *   needs them to take the markup over, not to show it, and on a phone's link they would share the
 *   bandwidth with the document and the pictures it shows. So are its translations (preloaded for the
 *   takeover: the markup holds its texts);
 * - its web fonts are declared before its first paint only where the browser holds them (WEB_FONTS_SCRIPT),
 *   so its text never changes font once shown.
 */
export function withDrawnPage(
  page: string,
  drawn: DrawnPage,
  language: Language,
  styleText: StyleText = () => undefined,
): string {
  const code: string[] = [];
  const fonts: string[] = [];
  return (
    page
      .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-mantine-color-scheme="light"`)
      .replace(
        /[ \t]*(<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>)\n?/g,
        (_tag, tag: string) => {
          code.push(tag);
          return '';
        },
      )
      .replace('</head>', () => `<script>${COLOR_SCHEME_SCRIPT}</script></head>`)
      .replace(/<!-- boot-shell\b[\s\S]*?<!-- \/boot-shell -->\s*/, '')
      .replace(
        /<link rel="(?:stylesheet|preload" as="style)" crossorigin (?:fetchpriority="low" )?href="([^"]+)">/g,
        (_link, href: string) => {
          const text = styleText(href);
          return text === undefined
            ? `<link rel="stylesheet" crossorigin href="${href}">`
            : `<style>${text.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
        },
      )
      // The web fonts' faces (those fetched from a url; their stand-ins are local), from every style of the page.
      .replace(/@font-face\s*\{[^}]*\burl\([^}]*\}/g, (face) => {
        fonts.push(face);
        return '';
      })
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${drawn.html}</div>` +
          `<script type="application/json" id="ssr-state">${scriptJson(drawn.state)}</script>` +
          `<template id="app-code">${code.join('')}</template><script>${APP_CODE_SCRIPT}</script>`,
      )
      .replace('</head>', () => {
        if (fonts.length === 0) return '</head>';
        const faces = fonts.join('');
        const set = createHash('sha256').update(faces).digest('base64url').slice(0, 12);
        return `<template id="web-fonts" data-fonts="${set}"><style>${faces}</style></template><script>${WEB_FONTS_SCRIPT}</script></head>`;
      })
  );
}

/**
 * The API's answers to a drawn page's calls, in-process (Fastify's inject): the same routes, checks and
 * JSON the browser would get over the network, on behalf of the visitor at `address`.
 */
export function inProcess(app: FastifyInstance, address: string): PageFetch {
  return async (path, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: address,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}

/** Who asks for a page: its address and language, their network address and the viewer cookie. */
export interface PageVisit {
  url: string;
  language: Language;
  address: string;
  /** VIEWER_COOKIE: a visitor's id, `member`, or null (a new visitor). */
  viewer: string | null;
  /** The visitor's screen as guessed from the request (screenGuess); null when it could not be. */
  screen: ScreenGuess | null;
}

/**
 * A phone or a wider screen, from the request: Chromium's mobile hint (sent on every request), else a
 * phone's user agent; null when neither tells. A page drawn for the guess draws one of a screen's two
 * layouts instead of both: half the work for the phone that takes it over.
 */
export function screenGuess(headers: {
  'sec-ch-ua-mobile'?: string | string[];
  'user-agent'?: string;
}): ScreenGuess | null {
  const mobile = headers['sec-ch-ua-mobile'];
  if (mobile === '?1') return 'narrow';
  if (mobile === '?0') return 'wide';
  const agent = headers['user-agent'];
  if (!agent) return null;
  return /\b(Mobi|Android|iPhone|iPod)\b/.test(agent) ? 'narrow' : 'wide';
}

export type DrawPage = (visit: PageVisit) => Promise<DrawnPage | null>;

/** A drawn page and the calls it was drawn from, with their answers. */
interface Kept {
  at: number;
  page: DrawnPage;
  calls: { path: string; init: RequestInit; body: string }[];
}

/**
 * How long a drawn page may be served again at most, its answers unchanged: the clocks it shows ("updated 5
 * minutes ago") move. The browser shows its own time once it has taken the page over.
 */
export const DRAWN_PAGE_MS = 60_000;

/**
 * Draws the public pages (ADR 0038), their API calls answered by `fetchFor` on the visitor's behalf. A page
 * drawn for one visitor (the home page's duel, bound to them) is drawn for each visit, and not at all for a
 * member (the browser draws theirs). Any other is kept and served again while every answer it was drawn
 * from is still the same (asked again in-process: a fraction of a drawing's cost) and it is younger than
 * DRAWN_PAGE_MS: a burst of visitors costs one drawing, and nobody gets a page older than the data.
 */
export function drawPages(
  renderer: PageRenderer,
  fetchFor: (address: string) => PageFetch,
  { shop, now = Date.now, max = 500 }: { shop: boolean; now?: () => number; max?: number },
): DrawPage {
  const kept = new Map<string, Kept>();
  const drawing = new Map<string, Promise<DrawnPage | null>>();

  const stillCurrent = async ({ at, calls }: Kept, fetch: PageFetch) => {
    if (now() - at >= DRAWN_PAGE_MS) return false;
    const answers = await Promise.all(calls.map(async ({ path, init }) => (await fetch(path, init)).text()));
    return answers.every((body, i) => body === calls[i]!.body);
  };

  const drawAnew = async (
    url: string,
    language: Language,
    fetch: PageFetch,
    visitorId: string | null,
    screen: ScreenGuess | null,
  ) => {
    const calls: Kept['calls'] = [];
    const recording: PageFetch = async (path, init) => {
      const res = await fetch(path, init);
      calls.push({ path, init, body: await res.clone().text() });
      return res;
    };
    const page = await renderer.render({ url, language, fetch: recording, shop, visitorId, screen });
    return { page, calls };
  };

  return async ({ url, language, address, viewer, screen }) => {
    const fetch = fetchFor(address);
    if (renderer.isPersonalPage(url.split('?', 1)[0]!)) {
      if (viewer === MEMBER_VIEWER) return null;
      const visitorId = viewer?.startsWith(VISITOR_ID_PREFIX) ? viewer : null;
      return (await drawAnew(url, language, fetch, visitorId, screen)).page;
    }
    const key = `${language} ${screen ?? 'both'} ${url}`;
    const found = kept.get(key);
    if (found && (await stillCurrent(found, fetch))) return found.page;
    // Visitors arriving while the page is being drawn share that drawing.
    let page = drawing.get(key);
    if (!page) {
      page = drawAnew(url, language, fetch, null, screen).then(({ page: drawn, calls }) => {
        kept.delete(key);
        if (drawn) {
          if (kept.size >= max) kept.delete(kept.keys().next().value!);
          kept.set(key, { at: now(), page: drawn, calls });
        }
        return drawn;
      });
      drawing.set(key, page);
      void page.finally(() => drawing.delete(key)).catch(() => undefined);
    }
    return page;
  };
}

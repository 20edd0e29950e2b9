import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Language } from '@manto/contracts';
import type { FastifyInstance } from 'fastify';

/** A public page as the web's server renderer drew it (apps/web/src/entry-server.tsx). */
export interface DrawnPage {
  status: number;
  /** The app's markup, for #root. */
  html: string;
  /** The query cache it was drawn from, as JSON. */
  state: string;
}

/** How a drawn page's API calls are answered. */
export type PageFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface PageRenderer {
  render(input: { url: string; language: Language; fetch: PageFetch; shop: boolean }): Promise<DrawnPage | null>;
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

/** The CSP source that allows the colour scheme's script. */
export const COLOR_SCHEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/** JSON inside a script element: `<` escaped, so the text can never close the element. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The SPA page with a page the server drew (ADR 0038): its markup in #root, the answers it was drawn from
 * beside it for the browser's query cache (data, not a script: the CSP runs none of it), the document in
 * the page's language with its colour scheme set before it paints (light where no script runs: Mantine's
 * colours hang on the attribute), and in place of index.html's static header (the app's own is in the markup) the
 * route's styles as stylesheets rather than preloads, so the markup is styled when it first paints.
 */
export function withDrawnPage(page: string, drawn: DrawnPage, language: Language): string {
  return page
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-mantine-color-scheme="light"`)
    .replace('</head>', () => `<script>${COLOR_SCHEME_SCRIPT}</script></head>`)
    .replace(/<!-- boot-shell\b[\s\S]*?<!-- \/boot-shell -->\s*/, '')
    .replaceAll(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" ',
      '<link rel="stylesheet" crossorigin ',
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${drawn.html}</div>` +
        `<script type="application/json" id="ssr-state">${scriptJson(drawn.state)}</script>`,
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

type Draw = (url: string, language: Language, address: string) => Promise<DrawnPage | null>;

/** How long a drawn page is kept: as long as a page's head tags (ADR 0036). */
export const DRAWN_PAGE_MS = 5_000;

/**
 * Drawn pages kept `ttlMs` per address and language: what they show is public and changes at most with a
 * ranking fit, so a burst of visitors to one page costs one drawing (a jersey page takes tens of
 * milliseconds to draw, one at a time). The last `max` addresses are kept.
 */
export function keptFor(ttlMs: number, draw: Draw, now: () => number = Date.now, max = 500): Draw {
  const kept = new Map<string, { at: number; page: Promise<DrawnPage | null> }>();
  return (url, language, address) => {
    const key = `${language} ${url}`;
    const found = kept.get(key);
    if (found && now() - found.at < ttlMs) return found.page;
    const page = draw(url, language, address);
    kept.delete(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, { at: now(), page });
    return page;
  };
}

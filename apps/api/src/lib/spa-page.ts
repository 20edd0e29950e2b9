import { gzipSync } from 'node:zlib';
import { type Language, languageFromHeader } from '@manto/contracts';
import { memo } from './memo.ts';
import { languageFromQuery } from './page-head.ts';
import { type DrawPage, type ScreenGuess, type StyleText, withDrawnPage } from './server-page.ts';

/** One entry of the web build's first-screens.json (apps/web/build/first-screens.ts, its list in vite.config.ts). */
export interface FirstScreen {
  /** The address, `:name` standing for one path segment. */
  path: string;
  /** Classic scripts that start the screen's first requests before the app's code arrives (async). */
  scripts?: string[];
  /** JS chunks and CSS files the screen's route needs beyond the page's own, relative to /app/. */
  modules: string[];
  styles: string[];
  /** The translation files its first paint reads, per interface language. */
  translations: Partial<Record<Language, string[]>>;
}

export interface SpaPage {
  html: string;
  gzip: Buffer;
  /** A drawn page's status (404 for a page of something that does not exist); 200 otherwise. */
  status?: number;
  /** Drawn for this visitor alone: no cache may keep it. */
  personal?: boolean;
}

/** What the page for an address depends on besides the address. */
export interface PageRequest {
  acceptLanguage?: string | undefined;
  /** The interface language the visitor chose (the app's `i18nextLng` cookie), when valid. */
  storedLanguage?: Language | undefined;
  /** The visitor's address, for the API calls a drawn page makes on their behalf. */
  address?: string;
  /** Who votes in this browser (VIEWER_COOKIE), for a page drawn for them. */
  viewer?: string | null;
  /** The visitor's screen as guessed from the request (server-page.ts, screenGuess). */
  screen?: ScreenGuess | null;
}

/** Where a page's head tags go (the built page's <title> and description are taken out for them). */
const TAGS_SLOT = '<!--manto:head-->';
/** Where a page's structured data goes: the end of its head. */
const DATA_SLOT = '<!--manto:data-->';

/** A page's own head, as lib/page-head.ts writes it: the tags (title first) and its JSON-LD blocks. */
export interface HeadTags {
  tags: string;
  data: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pattern(screenPath: string): RegExp {
  const parts = screenPath
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : escapeRegExp(part)));
  return new RegExp(`^${parts.join('/')}/?$`);
}

export interface SpaPageOptions {
  base?: string;
  /**
   * The head tags of the page at `pathname` (under the base) in `language` (ADR 0036); null keeps the built
   * page's own title and description. Never throws: a page whose data cannot be read gets generic tags.
   */
  head?: (pathname: string, language: Language, query?: string) => Promise<HeadTags | null>;
  /**
   * A public page drawn by the server in `language`, for the visitor at `address` (the web's renderer, ADR
   * 0038); null where the browser draws the page.
   */
  draw?: DrawPage;
  /** The built stylesheets' texts, which a drawn page carries in itself (server-page.ts, withDrawnPage). */
  styleText?: StyleText;
}

/**
 * The SPA's page as sent for an address: on the first screens the web build lists, with their
 * route's code, styles and translations preloaded (`<link rel="modulepreload">`, `preload`), so the
 * browser fetches them with the entry instead of after the entry has run and routed
 * (docs/performance.md). The translations are those of the language the visitor's browser asks for
 * (Accept-Language; the app reads the same list at its first visit). Pages are built once per screen
 * and language, with their gzip copy; a jersey page's, once per jersey as well (the last 500).
 */
export function createSpaPages(
  html: string,
  screens: FirstScreen[],
  { base = '/app/', head, draw, styleText }: SpaPageOptions = {},
) {
  const matchers = screens.map((screen) => ({ screen, test: pattern(screen.path) }));
  const cache = new Map<string, SpaPage>();
  // The built page's own title and description, kept for a page whose head gives none.
  const builtTitle = /<title>[\s\S]*?<\/title>/.exec(html)?.[0] ?? '';
  const builtDescription = /<meta\s+name="description"[^>]*>/.exec(html)?.[0] ?? '';

  /**
   * The page in `language` with its head's slots: <html lang>, the title and description taken out for the
   * tags, the structured data's place at the end of the head.
   */
  const withSlots = (page: string, language: Language) => {
    if (!head) return page;
    const lang = page.replace(/<html\b[^>]*?\blang="[^"]*"/, (tag) =>
      tag.replace(/lang="[^"]*"/, `lang="${language}"`),
    );
    const untitled = builtTitle ? lang.replace(builtTitle, TAGS_SLOT) : lang.replace('</head>', `${TAGS_SLOT}</head>`);
    return untitled
      .replace(/[ \t]*<meta\s+name="description"[^>]*>\n?/, '')
      .replace(/([ \t]*)<\/head>/, (tag, indent: string) => `${indent}  ${DATA_SLOT}\n${tag}`);
  };

  const build = (screen: FirstScreen | null, language: Language, earlyScripts: boolean): SpaPage => {
    if (!screen) {
      const page = withSlots(html, language);
      return { html: page, gzip: gzipSync(page, { level: 9 }) };
    }
    // The route's code and styles at low priority: discovered with the page, fetched behind what the
    // page's own first paint needs (the entry, its stylesheets and fonts), which they would otherwise share
    // the connection with.
    const links = [
      ...screen.modules.map(
        (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`,
      ),
      // As Vite's loader adds them (crossorigin), so its <link rel="stylesheet"> takes the preloaded file.
      ...screen.styles.map(
        (file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${base}${file}">`,
      ),
      // i18next reads them with fetch (CORS mode, same-origin credentials): `as="fetch"` with crossorigin matches.
      ...(screen.translations[language] ?? []).map(
        (file) => `<link rel="preload" as="fetch" crossorigin href="${base}${file}">`,
      ),
    ];
    // The early scripts first of all, at high priority (an async script is fetched at low priority
    // otherwise): they start the screen's data requests before the app's code has even arrived.
    const scripts = (earlyScripts ? (screen.scripts ?? []) : []).map(
      (file) => `<script async fetchpriority="high" src="${base}${file}"></script>`,
    );
    const before = /([ \t]*)<script/.test(html) ? /([ \t]*)<script/ : /([ \t]*)<\/head>/;
    const withScripts = html.replace(
      before,
      (tag, indent: string) => `${scripts.map((script) => `${indent}${script}\n`).join('')}${tag}`,
    );
    const withLinks = withScripts.replace(
      /([ \t]*)<\/head>/,
      (_m, indent: string) => `${links.map((link) => `${indent}  ${link}\n`).join('')}${indent}</head>`,
    );
    const slotted = withSlots(withLinks, language);
    return { html: slotted, gzip: gzipSync(slotted, { level: 9 }) };
  };

  /**
   * A cached page with its own head tags: key, tags, structured data. The last 500 pages built are kept, so a
   * page asked for again is found by its parts, with no HTML rebuilt or compressed again.
   */
  const finished = memo(500, (key: string): SpaPage => {
    const [pageKey = '', tags = '', data = ''] = key.split('\u0000');
    const page = cache
      .get(pageKey)!
      .html.replace(TAGS_SLOT, () => tags)
      .replace(DATA_SLOT, () => data);
    return { html: page, gzip: gzipSync(page, { level: 9 }) };
  });

  /**
   * The page last sent for each address (the last 1 000), with what it was made of: asked for again with the
   * same tags (the head's cache answers with the same object while its data stands), it goes out without
   * its parts being joined and looked up again (docs/performance.md §9).
   */
  const byAddress = new Map<string, { tags: HeadTags | null; page: SpaPage }>();

  return {
    /**
     * The page for this address (path and query string) in its language (`?lang=`, else Accept-Language),
     * or null where the built page serves as it is (no first screen and no head tags).
     */
    async forUrl(
      url: string,
      { acceptLanguage, storedLanguage, address = '', viewer = null, screen = null }: PageRequest = {},
    ): Promise<SpaPage | null> {
      const [pathname = '', query] = url.split('?', 2);
      const language = languageFromQuery(query) ?? storedLanguage ?? languageFromHeader(acceptLanguage);
      const drawn = draw ? await draw({ url, language, address, viewer, screen }) : null;
      // A drawn page has its data: not the browser's early requests for it.
      const page = await withHead(pathname, language, drawn === null, query);
      if (!drawn) return page;
      const full = withDrawnPage(page?.html ?? withSlots(html, language), drawn, language, styleText);
      return { html: full, gzip: gzipSync(full), status: drawn.status, personal: drawn.personal };
    },
  };

  /** The page for an address with its first screen's parts and its head tags (forUrl without a drawn page). */
  async function withHead(
    pathname: string,
    language: Language,
    earlyScripts: boolean,
    query?: string,
  ): Promise<SpaPage | null> {
    const match = matchers.find(({ test }) => test.test(pathname)) ?? null;
    if (!match && !head) return null;
    const key = `${match?.screen.path ?? ''} ${language} ${earlyScripts}`;
    let page = cache.get(key);
    if (!page) {
      page = build(match?.screen ?? null, language, earlyScripts);
      cache.set(key, page);
    }
    if (!head) return page;
    const tags = await head(pathname, language, query);
    const address = `${key} ${pathname}`;
    const last = byAddress.get(address);
    if (last && last.tags === tags) return last.page;
    const parts = [key, tags?.tags ?? `${builtTitle}${builtDescription}`, tags?.data ?? ''];
    const done = finished(parts.join('\u0000'));
    byAddress.delete(address);
    if (byAddress.size >= 1_000) byAddress.delete(byAddress.keys().next().value!);
    byAddress.set(address, { tags, page: done });
    return done;
  }
}

/** Reads first-screens.json's list; a build without it (older, or a test's) preloads nothing. */
export function parseFirstScreens(text: string | null): FirstScreen[] {
  if (text === null) return [];
  const parsed = JSON.parse(text) as { screens?: FirstScreen[] };
  return Array.isArray(parsed.screens) ? parsed.screens : [];
}

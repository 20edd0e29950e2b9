/**
 * The public pages drawn by the server (docs/decisions/0038-public-pages-drawn-by-the-server.md): the same
 * routes, providers and queries as the browser's app, rendered to HTML in the visitor's language with the
 * answers the page asked for, which then reach the browser's query cache. Built by Vite as its own bundle
 * (`vite build --ssr`), loaded by the API (apps/api/src/lib/server-page.ts).
 */
import type { Language } from '@manto/contracts';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { setApiFetch } from './lib/api.ts';
import { ApiError } from './lib/api-client.ts';
import { bundledTexts } from './lib/bundled-texts.ts';
import { setServerFeatures } from './lib/features.ts';
import { type ScreenGuess, setDrawnAt, setScreenGuess } from './lib/hydrating.ts';
import { i18n, shareNumberFormats } from './lib/i18n.ts';
import { languageOptions } from './lib/language.ts';
import { partsLoaded, takeShownParts } from './lib/lazy-part.ts';
import { createQueryClient } from './lib/query-client.ts';
import { SERVER_PAGES, isPersonalPage, isServerPage } from './lib/server-pages.ts';
import { drawFor } from './features/duels/api/voter-session.ts';

export { SERVER_PAGES, isPersonalPage, isServerPage };

const ready = i18n.use(initReactI18next).init({
  ...languageOptions,
  lng: 'pt',
  // Every translation, bundled: a page is drawn in one pass, never waiting for a file.
  resources: bundledTexts(),
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
shareNumberFormats(i18n);

export interface RenderInput {
  /** The address as asked for, under /app (path and query string). */
  url: string;
  language: Language;
  /** Answers the page's API calls in-process, as the browser's fetch would over the network. */
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  shop: boolean;
  /**
   * The visitor's id as their browser keeps it (the viewer cookie), for a page drawn for them (the home
   * page's duel); null for a new visitor, whom the duel's answer gives one.
   */
  visitorId?: string | null;
  /** The visitor's screen as guessed from the request; null draws both layouts where a screen has two. */
  screen?: ScreenGuess | null;
}

export interface RenderOutput {
  status: number;
  /** Drawn for this visitor (isPersonalPage): never kept for or shown to another. */
  personal: boolean;
  /** The app's markup for #root. */
  html: string;
  /**
   * The query cache the page was drawn from (TanStack Query's dehydrated state), the time it was drawn at
   * (`drawnAt`, for the clocks on the page), the screen it was drawn for (`screen`), the on-demand parts it shows (`parts`, lazy-part.ts) and, for a
   * not-found page, `drawAgain` (the browser draws it instead of taking it over), as JSON.
   */
  state: string;
}

/** Most rounds of "draw, then fetch what the drawing asked for" a page gets (a query may need another's answer). */
const PASSES = 4;

/** One page at a time: the app's i18n instance and API client are the process's, set per page. */
let queue: Promise<unknown> = Promise.resolve();

/** The page for `url`, or null when the address is not one drawn by the server. */
export function render(input: RenderInput): Promise<RenderOutput | null> {
  const next = queue.then(() => renderNow(input));
  queue = next.catch(() => undefined);
  return next;
}

async function renderNow({
  url,
  language,
  fetch,
  shop,
  visitorId = null,
  screen = null,
}: RenderInput): Promise<RenderOutput | null> {
  const { pathname } = new URL(url, 'http://manto.invalid');
  if (!isServerPage(pathname)) return null;
  await ready;
  await i18n.changeLanguage(language);
  setApiFetch(fetch);
  setServerFeatures(shop ? ['shop'] : []);
  drawFor(visitorId);
  const drawnAt = Date.now();
  setDrawnAt(drawnAt);
  setScreenGuess(screen);
  takeShownParts();
  const handler = createStaticHandler(appRoutes(shop), { basename: '/app' });
  const context = await handler.query(new Request(new URL(url, 'http://manto.invalid')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  // A failed answer stays failed for the drawing (the browser's screens ask again when they mount).
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  const draw = () =>
    renderToString(
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
  let html = draw();
  // A drawing registers the queries it reads and asks for the code of the parts it shows: what is still
  // waiting is fetched, and the page drawn again.
  for (let pass = 1; pass < PASSES && (await Promise.all([fetchWaiting(client), partsLoaded()])).some(Boolean); pass++)
    html = draw();
  // A page whose answer says its subject does not exist (a jersey, a team) is drawn as the app shows it, its
  // not-found screen, with the status that tells crawlers so; the browser draws it again rather than take it
  // over (its screens ask again, as they do for a failed answer). Any other failed answer (an API error) is
  // the browser's to draw: it asks again and shows its error screen, as it always has.
  const failed = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'error');
  if (failed.some((query) => !isNotFound(query.state.error))) return null;
  return {
    status: failed.length > 0 ? 404 : context.statusCode,
    personal: isPersonalPage(pathname),
    html,
    state: JSON.stringify({
      ...dehydrate(client),
      drawnAt,
      screen,
      parts: takeShownParts(),
      ...(failed.length > 0 && { drawAgain: true }),
    }),
  };
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Fetches the queries a drawing asked for that have no answer yet; false when there were none. */
async function fetchWaiting(client: QueryClient): Promise<boolean> {
  const waiting = client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        // A query its screen leaves off (a member's, for a visitor) is not asked for.
        (query.options as { enabled?: unknown }).enabled !== false,
    );
  if (waiting.length === 0) return false;
  // A failed answer stays in the cache as an error: the page draws its error state, as the browser would.
  await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  return true;
}

// Latin only (Portuguese and English): one @font-face per face instead of seven unicode-range
// subsets in the render-blocking CSS, from files without hinting, and their stand-ins (styles/fonts.css).
import './styles/fonts.css';
// Mantine's CSS in its cascade layer: the app's own CSS (modules, global.css) and the theme
// variables Mantine writes at run time win over it whatever the order of the stylesheets, which
// index.html puts after its static header and the routes append to <head> later (docs/performance.md §6).
// Only the base styles here: each component's stylesheet comes with its code
// (build/mantine-css-by-component.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appRoutes, loadRoutesFor } from './app/router.tsx';
import { type ScreenGuess, setDrawnAt, setScreenGuess, setTakingOver } from './lib/hydrating.ts';
import { currentLanguage, i18n, initI18n } from './lib/i18n.ts';
import { loadParts } from './lib/lazy-part.ts';
import { hydrateDrawnPage } from './lib/query-client.ts';

// The language the page was written in, read before i18next sets the document's to the browser's choice.
const pageLanguage = document.documentElement.lang;

/**
 * Ends the running task: what follows runs in a task of its own, so the browser can handle the visitor's
 * input in between. Taking a drawn page over is a chain of such steps: in one task, the modules'
 * evaluation, i18next's start and the routes' matching were the page's longest task on a phone
 * (docs/perf/first-screen.md).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

// The first screen's fonts (styles/fonts.css, lib/theme.ts) start loading now, beside the route's code,
// rather than when the first render uses them (optional faces: one that comes after the text is drawn is
// left out of the page, ADR 0045) or from preloads in index.html (Chromium holds a page's first paint for
// the fonts it preloads: docs/performance.md §6). Their faces are declared by now: the entry runs once no
// stylesheet blocks it. A page the server drew declares them only where the browser holds them.
for (const font of ['400 1em Play', '700 1em Play', '1em "Archivo Black"']) void document.fonts.load(font);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (routes?: Parameters<typeof App>[0]['routes']) => (
  <StrictMode>
    <App routes={routes} />
  </StrictMode>
);

/**
 * A page the server drew (entry-server.tsx, ADR 0038) comes with the answers it was drawn from: they go
 * into the query cache, the page's code is loaded, and React takes the markup over as it is. In another
 * language than the browser's choice (a choice the server could not read), or a not-found page (whose screen
 * asks again), it is drawn afresh instead.
 */
async function hydrateServerPage(root: HTMLElement, state: HTMLElement): Promise<void> {
  await nextTask();
  const i18nReady = initI18n();
  await nextTask();
  const routes = appRoutes();
  await Promise.all([i18nReady, loadRoutesFor(routes, window.location.pathname)]);
  await nextTask();
  const drawn = JSON.parse(state.textContent ?? '{}') as DehydratedState & {
    drawnAt?: number;
    screen?: ScreenGuess | null;
    parts?: string[];
    drawAgain?: boolean;
  };
  // The pages after this one are the browser's to draw (router.tsx, drawnInBrowser).
  state.remove();
  // Its texts (the page preloads their files) and the code of the parts it shows: a screen waiting for
  // either while React takes it over would give way to its loading state.
  await Promise.all([i18n.loadNamespaces(pageNamespaces()), loadParts(drawn.parts ?? [])]);
  hydrateDrawnPage(drawn);
  setDrawnAt(drawn.drawnAt ?? null);
  setScreenGuess(drawn.screen ?? null);
  if (drawn.drawAgain || pageLanguage !== currentLanguage()) {
    createRoot(root).render(app(routes));
    return;
  }
  // In a transition, as the browser's own first render (below): React takes the page over in slices that
  // leave the main thread to the visitor's input between them.
  setTakingOver(true);
  startTransition(() => {
    hydrateRoot(root, app(routes));
  });
}

/** The translation namespaces the page preloads for its language (apps/api/src/lib/spa-page.ts). */
function pageNamespaces(): string[] {
  const files = document.querySelectorAll<HTMLLinkElement>(
    `link[rel="preload"][as="fetch"][href*="/locales/${currentLanguage()}/"]`,
  );
  return [...files].map((link) => /\/(\w+)\.json$/.exec(link.href)?.[1]).filter((ns): ns is string => Boolean(ns));
}

const serverState = document.getElementById('ssr-state');
if (serverState) {
  // The page's code or texts failed to load: the browser draws the page itself (its screens retry).
  hydrateServerPage(root, serverState).catch(() => {
    void initI18n();
    createRoot(root).render(app());
  });
} else {
  void initI18n();
  // A transition, so React renders the first screen in slices that leave the main thread between them
  // (a default update is rendered in one task: on a phone, the first render blocked input for 300 ms;
  // docs/performance.md §6).
  startTransition(() => createRoot(root).render(app()));
}

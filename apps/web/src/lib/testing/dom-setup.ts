import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { mediaQueries } from './media.ts';

// The web files share one jsdom per worker (vitest.config.ts, isolate: false), and the packages they import
// (React, Mantine, i18next) are loaded once; the app's own modules are loaded afresh for each file, so no
// module-level state (caches, stores, loaded code) passes from one file to the next.
vi.resetModules();

// findBy… and waitFor give up after this long. A wait ends as soon as what it waits for is there; the
// default second failed screens on a loaded machine, so this is a safety net, not a judgement of speed.
configure({ asyncUtilTimeout: 15_000 });

// What jsdom lacks and Mantine reads: media queries (color scheme, useMediaQuery), element
// resize observation and the document's font set. Minimal stand-ins: nothing matches, nothing is observed.
if (!window.matchMedia) window.matchMedia = mediaQueries();

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Autosizing textareas re-measure when web fonts load: a font set that never loads anything.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Combobox dropdowns scroll the highlighted option into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Without vitest globals, Testing Library cannot unmount between tests by itself; toasts go with the screen.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// What a file stubbed, spied on, stored, drew or navigated to goes with it: the next starts from a blank page.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  window.history.replaceState(null, '', '/');
});

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after this long. A wait ends as soon as what it waits for is there; the
// default second failed screens on a loaded machine, so this is a safety net, not a judgement of speed.
configure({ asyncUtilTimeout: 15_000 });

// What jsdom lacks and Mantine reads: media queries (color scheme, useMediaQuery), element
// resize observation and the document's font set. Minimal stand-ins: nothing matches, nothing is observed.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

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

// Without vitest globals, Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

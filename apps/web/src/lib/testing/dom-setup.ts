import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

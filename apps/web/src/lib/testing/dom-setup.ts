import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// What jsdom lacks and Mantine reads: media queries (color scheme, useMediaQuery) and element
// resize observation. Minimal stand-ins: nothing matches, nothing is observed.
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

// Without vitest globals, Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

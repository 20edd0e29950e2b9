/**
 * A stand-in for window.matchMedia, which jsdom lacks and Mantine reads (color scheme, useMediaQuery):
 * a query matches when `matches` says so. dom-setup.ts installs one where nothing matches; a test that
 * needs a phone stubs one in (`vi.stubGlobal('matchMedia', mediaQueries((q) => q.includes('max-width')))`).
 */
export const mediaQueries =
  (matches: (query: string) => boolean = () => false) =>
  (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

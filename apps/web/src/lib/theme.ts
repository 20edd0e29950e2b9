import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  virtualColor,
} from '@mantine/core';

/** Spec section 1: themes are grey shades; stored under a key named for the product. */
export const COLOR_SCHEME_KEY = 'manto-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** A neutral grey from paper white (0) to near black (9). */
const manto: MantineColorsTuple = [
  '#f6f6f6',
  '#e7e7e7',
  '#cfcfcf',
  '#b4b4b4',
  '#9a9a9a',
  '#7f7f7f',
  '#5f5f5f',
  '#454545',
  '#2b2b2b',
  '#161616',
];

/** The same greys reversed: on dark backgrounds the filled shade is a light grey. */
const mantoInverse = [...manto].reverse() as unknown as MantineColorsTuple;

/** Mantine's dark palette, kept neutral (no blue cast) to match. */
const dark: MantineColorsTuple = [
  '#d9d9d9',
  '#bdbdbd',
  '#a3a3a3',
  '#8a8a8a',
  '#4a4a4a',
  '#363636',
  '#2a2a2a',
  '#1e1e1e',
  '#161616',
  '#0e0e0e',
];

export const theme = createTheme({
  // A virtual colour: dark grey buttons on light backgrounds, light grey on dark ones, each with
  // its own contrasting text.
  primaryColor: 'primary',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    manto,
    mantoInverse,
    dark,
    primary: virtualColor({ name: 'primary', light: 'manto', dark: 'mantoInverse' }),
  },
  autoContrast: true,
  luminanceThreshold: 0.4,
  // Each web font's stand-in of the same size comes next (styles/fonts.css): text drawn before the font
  // arrives keeps its lines when it swaps in.
  fontFamily: 'Play, "Play Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: '"Archivo Black", "Archivo Black Fallback", Play, system-ui, sans-serif',
    fontWeight: '400',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Without the focus placeholder (a focusable role="presentation" div), role="menu" holds only
    // menu items, as axe's aria-required-children wants.
    Menu: { defaultProps: { shadow: 'md', withinPortal: true, withInitialFocusPlaceholder: false } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
  },
});

/** Dimmed and error texts meet WCAG AA contrast on both backgrounds (Mantine's defaults do not). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#595959',
    '--mantine-color-anchor': '#161616',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-primary-light-color': 'var(--mantine-color-manto-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#a8a8a8',
    '--mantine-color-anchor': '#e7e7e7',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-primary-light-color': 'var(--mantine-color-manto-1)',
    '--mantine-color-primary-light': 'rgba(231, 231, 231, 0.1)',
    '--mantine-color-primary-light-hover': 'rgba(231, 231, 231, 0.16)',
  },
});

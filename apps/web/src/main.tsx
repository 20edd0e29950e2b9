// Latin only (Portuguese and English): one @font-face per face instead of seven unicode-range
// subsets in the render-blocking CSS, from files without hinting (styles/fonts.css).
import './styles/fonts.css';
// Mantine's CSS in its cascade layer: the app's own CSS (modules, global.css) and the theme
// variables Mantine writes at run time win over it whatever the order of the stylesheets, which
// index.html puts after its static header and the routes append to <head> later (docs/performance.md §6).
// Only the base styles here: each component's stylesheet comes with its code (vite.config.ts,
// mantineCssByComponent).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

void initI18n();

// The first screen's fonts (styles/fonts.css, lib/theme.ts) start loading now, beside the route's code,
// rather than when the first render uses them (its text would then swap font and move) or from
// preloads in index.html (Chromium holds a page's first paint for the fonts it preloads:
// docs/performance.md §6). Their faces are declared by now: the entry runs once no stylesheet blocks it.
for (const font of ['400 1em Play', '700 1em Play', '1em "Archivo Black"']) void document.fonts.load(font);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A transition, so React renders the first screen in slices that leave the main thread between them
// (a default update is rendered in one task: on a phone, the first render blocked input for 300 ms;
// docs/performance.md §6).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

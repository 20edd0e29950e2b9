// Imports nothing: the web build reads it too (vite.config.ts, first-screens.json), for the picture the
// server draws into a jersey page (ADR 0027).

/** The jersey page's picture: `sizes` of its <img> (jersey-route.tsx), its early download and the server's copy. */
export const JERSEY_IMAGE_SIZES = '(max-width: 992px) 92vw, 560px';

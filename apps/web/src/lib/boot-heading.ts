import { useLayoutEffect } from 'react';

/**
 * What the server draws into a first screen's page below the static header, so a phone shows it before
 * the app's code arrives (apps/api/src/lib/spa-page.ts, index.html's `.boot-heading`; docs/performance.md
 * §6): a page's title and subtitle (ADR 0026). It gives way in the commit that draws the page itself (or
 * its error), before that frame paints: the two never show together, nor none in between. Pages the server
 * draws whole (ADR 0038) have none.
 */
const BOOT_ID = 'boot-heading';

const removeBootHeading = () => document.getElementById(BOOT_ID)?.remove();

/** Removes the server's block in this component's commit (an error screen's). */
export function useBootHeadingGone() {
  useLayoutEffect(removeBootHeading, []);
}

/**
 * Beside the layout's Outlet, inside its Suspense boundary: removes the server's block when the page's
 * first commit comes (the page, not a loading screen).
 */
export function BootHeadingGone() {
  useBootHeadingGone();
  return null;
}

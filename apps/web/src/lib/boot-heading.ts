import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * What the server draws into a first screen's page below the static header, so a phone shows it before
 * the app's code arrives (apps/api/src/lib/spa-page.ts, index.html's `.boot-heading`; docs/performance.md
 * §6): a page's title and subtitle (ADR 0026), or a jersey page's breadcrumbs and picture (ADR 0027). It
 * gives way in the commit that draws the page itself (or its error), before that frame paints: the two
 * never show together, nor none in between.
 */
const BOOT_ID = 'boot-heading';

const removeBootHeading = () => document.getElementById(BOOT_ID)?.remove();

/**
 * Whether the server's block stands in for the page's content (`data-held`, a jersey page's picture)
 * until the page draws it: its loading state then draws nothing rather than a skeleton beneath it.
 */
export const bootHeadingHeld = () => document.getElementById(BOOT_ID)?.hasAttribute('data-held') ?? false;

/** Removes the server's block in this component's commit, held or not (the page that holds it, an error). */
export function useBootHeadingGone() {
  useLayoutEffect(removeBootHeading, []);
}

/** useBootHeadingGone as an element: in a page, it commits with the content it draws. */
export function BootHeadingDone() {
  useBootHeadingGone();
  return null;
}

/**
 * Beside the layout's Outlet, inside its Suspense boundary: removes the server's block when the page's
 * first commit comes (the page, not a loading screen), unless the page holds it; after any navigation
 * (React Router's first location is keyed `default`), whatever it is.
 */
export function BootHeadingGone() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    const block = document.getElementById(BOOT_ID);
    if (block && (key !== 'default' || !block.hasAttribute('data-held'))) block.remove();
  }, [key]);
  return null;
}

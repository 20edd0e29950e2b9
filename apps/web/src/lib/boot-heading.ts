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

/** A block the page holds (`data-held`, a jersey page) and that was drawn for the address the visitor is at. */
const heldHere = (block: HTMLElement | null) =>
  block !== null && block.getAttribute('data-held') === window.location.pathname;

/**
 * Whether the server's block stands in for this page's content until the page draws it (a jersey's
 * picture): the page's loading state then draws nothing rather than a skeleton beneath it.
 */
export const bootHeadingHeld = () => typeof document !== 'undefined' && heldHere(document.getElementById(BOOT_ID));

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
 * first commit comes (the page, not a loading screen), unless the page at the block's own address holds
 * it; and again at every navigation, so a held block never outlives its address.
 */
export function BootHeadingGone() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    const block = document.getElementById(BOOT_ID);
    if (block && !heldHere(block)) block.remove();
  }, [key]);
  return null;
}

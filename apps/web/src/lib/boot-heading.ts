import { useLayoutEffect } from 'react';

/**
 * The title and subtitle the server draws into a first screen's page, below the static header, so a
 * phone shows them before the app's code arrives (apps/api/src/lib/spa-page.ts, index.html's
 * `.boot-heading`; docs/performance.md §6). They stay through the loading screens and give way in the
 * commit that draws the page itself (or its error), before that frame paints: the two headings never
 * show together, nor none in between.
 */
export function useBootHeadingGone() {
  useLayoutEffect(() => {
    document.getElementById('boot-heading')?.remove();
  }, []);
}

/** useBootHeadingGone as an element: beside a page inside its Suspense boundary, it commits with the page. */
export function BootHeadingGone() {
  useBootHeadingGone();
  return null;
}

import { useLayoutEffect, useState } from 'react';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** `routes`: the app's, with the first page's code already loaded when hydrating a page the server drew. */
export function App({ routes }: { routes?: RouteObject[] }) {
  const [router] = useState(() => createAppRouter(routes));
  // The header index.html painted before any script (docs/performance.md) gives way to the app's at
  // its first commit, before that frame is painted, so the two never show together.
  useLayoutEffect(() => {
    document.getElementById('boot-shell')?.remove();
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

import { useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
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

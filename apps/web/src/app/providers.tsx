import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BootScreen } from '../components/loading-screen.tsx';
import { authStore } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme.ts';
import { useToastsWanted } from '../lib/toast-host.ts';

/**
 * The toasts' host loads at the first toast (lib/toast-host.ts): nothing is notified before a first
 * action, and `notifications.show` queues in Mantine's store until the host mounts (docs/performance.md).
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Cached server data belongs to a session: drop it when the session ends. */
function useClearCacheOnSignOut() {
  useEffect(() => {
    let signedIn = authStore.getState().user !== null;
    return authStore.subscribe(() => {
      const now = authStore.getState().user !== null;
      if (signedIn && !now) queryClient.clear();
      signedIn = now;
    });
  }, []);
}

/** `client`: a page drawn by the server has its own query cache (entry-server.tsx); the browser's app, the one. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  useClearCacheOnSignOut();
  const toasts = useToastsWanted();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        {toasts && (
          <Suspense fallback={null}>
            <Notifications position="top-right" autoClose={3000} limit={4} />
          </Suspense>
        )}
        <QueryClientProvider client={client}>
          <Suspense fallback={<BootScreen />}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

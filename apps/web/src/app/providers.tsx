import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { authStore } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme.ts';

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

export function AppProviders({ children }: { children: ReactNode }) {
  useClearCacheOnSignOut();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <Notifications position="top-right" autoClose={3000} limit={4} />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<LoadingScreen fullHeight />}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

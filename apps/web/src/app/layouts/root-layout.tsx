import { Box, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { AppFooter } from '#components/layout/app-footer.tsx';
import { AppHeader } from '#components/layout/app-header.tsx';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { setTakingOver } from '#lib/hydrating.ts';
import { declareHeldWebFonts } from '#lib/web-fonts.ts';
import { storedVisitorId } from '#lib/voter.ts';
import { useFeedbackDialogOpen } from '#lib/feedback-dialog.ts';
import { useSearchDialogOpen } from '#lib/search-dialog.ts';
import { useLatch } from '#lib/use-latch.ts';
import { useRoleRefresh } from '../use-role-refresh.ts';
import classes from './root-layout.module.css';

// The dialogs are code most visits never run: loaded when they can first show, not with the
// first screen (docs/performance.md, initial JS budget).
const TermsConsentDialog = lazy(() =>
  import('../../features/auth/components/terms-consent-dialog.tsx').then((m) => ({ default: m.TermsConsentDialog })),
);
const KeepVotesPrompt = lazy(() =>
  import('../../features/auth/components/keep-votes-prompt.tsx').then((m) => ({ default: m.KeepVotesPrompt })),
);
// Members only, after a drawn page is taken over: no visitor's first screen loads it.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);
const FeedbackDialog = lazy(() =>
  import('../../features/feedback/components/feedback-dialog.tsx').then((m) => ({ default: m.FeedbackDialog })),
);
const SearchDialog = lazy(() =>
  import('../../features/search/components/search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
);

/** Shows the loading screen only when a page takes long enough to notice. */
function useSlowNavigation(delayMs = 150): boolean {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setSlow(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [loading, delayMs]);
  return loading && slow;
}

/**
 * A page the server drew has been taken over by the first navigation away from it (lib/hydrating.ts). A move
 * to another page is also when the web fonts it was drawn without join, once the browser holds them.
 */
function useEndOfTakeover(): void {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key === first.current) return;
    setTakingOver(false);
    declareHeldWebFonts();
  }, [key]);
}

/**
 * What shows while the first page's code and texts load: the layout's header over the loading screen,
 * so the header index.html paints before any script (docs/performance.md) stays in place instead of
 * giving way to a bare loading screen and coming back with the page.
 */
export function RootFallback() {
  // Its header answers input already (a menu pressed now opens once its code arrives).
  useAppReady();
  return (
    <div className={classes.shell}>
      <AppHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <LoadingScreen />
      </Box>
    </div>
  );
}

/**
 * The page answers input from here on: a page the server drew shows its buttons before (ADR 0038), and React
 * may take the layout over in a later pass than the app's root, so the mark waits for the layout's own effects
 * (the header's keys among them), or the loading fallback's while a page's code is on its way. The journeys
 * wait for it after opening a page.
 */
function useAppReady(): void {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
}

/** Header, main content, footer (docs/product.md §2). */
export function RootLayout() {
  const { t } = useTranslation('common');
  const slow = useSlowNavigation();
  useEndOfTakeover();
  useRoleRefresh();
  useAppReady();
  // Re-consent only concerns members; the feedback and search dialogs mount at their first opening.
  const signedIn = isAuthenticated(useAuth());
  const feedbackWanted = useLatch(useFeedbackDialogOpen());
  // Votes cast in this browser before signing in, which the member may keep (docs/ranking.md §9).
  const visitorVotes = signedIn ? storedVisitorId() : null;
  const searchWanted = useLatch(useSearchDialogOpen());
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('skipToContent')}
      </a>
      <AppHeader
        memberActions={
          signedIn && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )
        }
      />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Container size="lg" py={{ base: 'lg', sm: 40 }}>
          <Suspense fallback={<LoadingScreen />}>{slow ? <LoadingScreen /> : <Outlet />}</Suspense>
        </Container>
      </Box>
      <AppFooter />
      <Suspense fallback={null}>
        {feedbackWanted && <FeedbackDialog />}
        {searchWanted && <SearchDialog />}
        {signedIn && <TermsConsentDialog />}
        {visitorVotes && <KeepVotesPrompt voterId={visitorVotes} />}
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

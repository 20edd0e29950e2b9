import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { RouteError } from '../components/route-error.tsx';
import { RouteGuard } from '../components/route-guard.tsx';
import { registerNavigator } from '../lib/navigation.ts';
import { RootLayout } from './layouts/root-layout.tsx';

/**
 * Every screen of docs/product.md §2 that exists, each lazily loaded: the duels (home page, team
 * chooser, team duel), auth and profile, the catalogue, the rankings and Sistema (dashboard, teams,
 * jerseys, models, suppliers). Paths without a screen yet (tournaments, feedbacks, users, terms)
 * fall through to the not-found screen.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <LoadingScreen fullHeight />,
    ErrorBoundary: RouteError,
    children: [
      {
        // A pathless boundary keeps the header and footer when a page fails.
        ErrorBoundary: RouteError,
        children: [
          {
            // The home page is the global duel (docs/product.md §2); the home feature frames it.
            index: true,
            lazy: async () => {
              const [{ HomeRoute }, { GlobalDuelRoute }] = await Promise.all([
                import('../features/home/routes/home-route.tsx'),
                import('../features/duels/routes/global-duel-route.tsx'),
              ]);
              return { Component: () => <HomeRoute duel={<GlobalDuelRoute />} /> };
            },
          },
          {
            path: 'comparar/times',
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/duels/routes/team-chooser-route.tsx').then((m) => ({
                    Component: m.TeamChooserRoute,
                  })),
              },
              {
                path: ':teamSlug',
                lazy: () =>
                  import('../features/duels/routes/team-duel-route.tsx').then((m) => ({ Component: m.TeamDuelRoute })),
              },
              {
                path: ':teamSlug/:modelSlug',
                lazy: () =>
                  import('../features/duels/routes/team-duel-route.tsx').then((m) => ({ Component: m.TeamDuelRoute })),
              },
            ],
          },
          {
            path: 'auth',
            children: [
              {
                element: <RouteGuard rule="signedOut" />,
                children: [
                  {
                    path: 'login',
                    lazy: () =>
                      import('../features/auth/routes/login-route.tsx').then((m) => ({ Component: m.LoginRoute })),
                  },
                  {
                    path: 'registrar',
                    lazy: () =>
                      import('../features/auth/routes/register-route.tsx').then((m) => ({
                        Component: m.RegisterRoute,
                      })),
                  },
                  {
                    path: 'confirmar-email',
                    lazy: () =>
                      import('../features/auth/routes/confirm-email-route.tsx').then((m) => ({
                        Component: m.ConfirmEmailRoute,
                      })),
                  },
                  {
                    path: 'redefinir-senha',
                    lazy: () =>
                      import('../features/auth/routes/reset-password-route.tsx').then((m) => ({
                        Component: m.ResetPasswordRoute,
                      })),
                  },
                  {
                    path: 'esqueci-senha',
                    lazy: () =>
                      import('../features/auth/routes/forgot-password-route.tsx').then((m) => ({
                        Component: m.ForgotPasswordRoute,
                      })),
                  },
                ],
              },
              {
                element: <RouteGuard rule="signedIn" />,
                children: [
                  {
                    path: 'perfil',
                    lazy: () =>
                      import('../features/auth/routes/profile-route.tsx').then((m) => ({ Component: m.ProfileRoute })),
                  },
                ],
              },
              // The social sign-in callback: it signs the user in, so it is not signed-out-only.
              {
                path: 'social',
                lazy: () =>
                  import('../features/auth/routes/social-callback-route.tsx').then((m) => ({
                    Component: m.SocialCallbackRoute,
                  })),
              },
            ],
          },
          {
            path: 'camisas',
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/catalogue/routes/teams-route.tsx').then((m) => ({ Component: m.TeamsRoute })),
              },
              {
                path: 'time/:teamSlug',
                lazy: () =>
                  import('../features/catalogue/routes/team-jerseys-route.tsx').then((m) => ({
                    Component: m.TeamJerseysRoute,
                  })),
              },
              {
                path: 'time/:teamSlug/:jerseySlug',
                lazy: () =>
                  import('../features/catalogue/routes/jersey-route.tsx').then((m) => ({ Component: m.JerseyRoute })),
              },
            ],
          },
          {
            path: 'rankings',
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/rankings/routes/global-ranking-route.tsx').then((m) => ({
                    Component: m.GlobalRankingRoute,
                  })),
              },
              {
                path: 'times',
                lazy: () =>
                  import('../features/rankings/routes/team-rankings-route.tsx').then((m) => ({
                    Component: m.TeamRankingsRoute,
                  })),
              },
              {
                path: 'times/:teamSlug',
                lazy: () =>
                  import('../features/rankings/routes/team-ranking-route.tsx').then((m) => ({
                    Component: m.TeamRankingRoute,
                  })),
              },
            ],
          },
          {
            path: 'sistema',
            element: <RouteGuard rule="moderator" />,
            children: [
              {
                lazy: () =>
                  import('../features/sistema/components/sistema-layout.tsx').then((m) => ({
                    Component: m.SistemaLayout,
                  })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/sistema/routes/sistema-dashboard-route.tsx').then((m) => ({
                        Component: m.SistemaDashboardRoute,
                      })),
                  },
                  {
                    path: 'times',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-teams-route.tsx').then((m) => ({
                        Component: m.SistemaTeamsRoute,
                      })),
                  },
                  {
                    path: 'camisas',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-jerseys-route.tsx').then((m) => ({
                        Component: m.SistemaJerseysRoute,
                      })),
                  },
                  {
                    path: 'modelos',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-named-route.tsx').then((m) => ({
                        Component: m.SistemaModelsRoute,
                      })),
                  },
                  {
                    path: 'fornecedores',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-named-route.tsx').then((m) => ({
                        Component: m.SistemaSuppliersRoute,
                      })),
                  },
                  // Unknown Sistema paths stay behind the guard and inside the Sistema layout.
                  { path: '*', Component: NotFoundScreen },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: '/app' });
  registerNavigator((to, options) => router.navigate(to, options));
  return router;
}
